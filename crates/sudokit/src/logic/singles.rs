//! Singles: full house, hidden single and naked single, on every layout (rows,
//! columns, boxes and any extra regions). The solver's 9×9 fast path
//! (`fast_singles`) finds the same singles and writes its steps with `set_single` and
//! `sentence` from here.

use std::fmt::Write;

use super::step::{cell, FindOptions, Rating, Step};
use super::technique::Technique;
use super::Finder;
use crate::candidates::{Candidates, Mask};
use crate::layout::{Unit, UnitKind};

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[
    (Technique::FullHouse, full_house),
    (Technique::HiddenSingle, hidden_single),
    (Technique::NakedSingle, naked_single),
];

/// Whether a step found earlier in this call (from `from` on) already places `cell`:
/// a cell can be the single of several units.
fn already(out: &[Step], from: usize, cell: usize) -> bool {
    out[from..].iter().any(|s| s.placements[0].0 == cell)
}

/// The rating of a hidden single in a row, column or extra region (1.2 in a box).
pub(crate) const LINE_HIDDEN_SINGLE: Rating = Rating(15);

fn single(t: Technique, at: usize, d: u8) -> Step {
    let mut s = Step::new(t);
    set_single(&mut s, t, at, d);
    s
}

/// Makes `s` the single of technique `t` placing `d` at `at`, at the technique's base
/// rating and with no sentence, reusing its buffers.
pub(crate) fn set_single(s: &mut Step, t: Technique, at: usize, d: u8) {
    s.technique = t;
    s.rating = Rating(t.info().se_tenths);
    s.digits.clear();
    s.digits.push(d);
    s.cells.clear();
    s.cells.push(at);
    s.fins.clear();
    s.placements.clear();
    s.placements.push((at, d));
    s.eliminations.clear();
    s.explanation.clear();
}

/// Writes the sentence of the single of technique `t` placing `d` at `at` on a board
/// of size `n`, found in `unit` (none for a naked single).
pub(crate) fn sentence(
    out: &mut String,
    t: Technique,
    n: usize,
    at: usize,
    d: u8,
    unit: Option<&Unit>,
) {
    let at = cell(n, at);
    let _ = match (t, unit) {
        (Technique::FullHouse, Some(u)) => {
            write!(out, "Full House: {at}={d} (last cell of {})", u.name())
        }
        (Technique::HiddenSingle, Some(u)) => write!(
            out,
            "Hidden Single: {at}={d} (the only place for {d} in {})",
            u.name()
        ),
        _ => write!(
            out,
            "Naked Single: {at}={d} (the only candidate left in the cell)"
        ),
    };
}

/// The last open cell of a unit takes the digit the unit is missing.
pub fn full_house(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let layout = c.layout();
    let n = layout.size();
    let from = out.len();
    let masks = c.masks();
    for unit in layout.units() {
        // One digit left to place in the unit: its candidates are that digit alone.
        let union = unit.cells.iter().fold(0, |m, &cl| m | masks[cl]);
        if union.count_ones() != 1 {
            continue;
        }
        let mut open = unit.cells.iter().filter(|&&cl| c.value(cl) == 0);
        let (Some(&at), None) = (open.next(), open.next()) else {
            continue;
        };
        if masks[at] != union || already(out, from, at) {
            continue;
        }
        let missing = union;
        let d = missing.trailing_zeros() as u8 + 1;
        let mut s = single(Technique::FullHouse, at, d);
        if opts.explain {
            sentence(&mut s.explanation, s.technique, n, at, d, Some(unit));
        }
        out.push(s);
    }
}

/// A digit with one place left in a unit goes there (rated 1.2 in a box, 1.5
/// elsewhere, as Sudoku Explainer does).
pub fn hidden_single(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let layout = c.layout();
    let n = layout.size();
    let from = out.len();
    // Boxes first, so a cell found in a box and a line keeps the box's lower rating
    // (units are rows, columns, boxes, then extra regions).
    let units = layout.units();
    let (lines, rest) = units.split_at(2 * n);
    let (boxes, extra) = rest.split_at(n);
    let masks = c.masks();
    for unit in [boxes, lines, extra].into_iter().flatten() {
        let (mut once, mut more): (Mask, Mask) = (0, 0);
        for &cl in &unit.cells {
            let m = masks[cl];
            more |= once & m;
            once |= m;
        }
        let mut singles = once & !more;
        while singles != 0 {
            let d = singles.trailing_zeros() as u8 + 1;
            singles &= singles - 1;
            let Some(&at) = unit.cells.iter().find(|&&cl| c.has(cl, d)) else {
                continue;
            };
            if already(out, from, at) {
                continue;
            }
            let mut s = single(Technique::HiddenSingle, at, d);
            if unit.kind != UnitKind::Box {
                s.rating = LINE_HIDDEN_SINGLE;
            }
            if opts.explain {
                sentence(&mut s.explanation, s.technique, n, at, d, Some(unit));
            }
            out.push(s);
        }
    }
}

/// A cell with one candidate left takes it.
pub fn naked_single(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let n = c.layout().size();
    for (at, &m) in c.masks().iter().enumerate() {
        if m.count_ones() != 1 || c.value(at) != 0 {
            continue;
        }
        let d = m.trailing_zeros() as u8 + 1;
        let mut s = single(Technique::NakedSingle, at, d);
        if opts.explain {
            sentence(&mut s.explanation, s.technique, n, at, d, None);
        }
        out.push(s);
    }
}
