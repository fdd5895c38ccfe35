//! Singles: full house, hidden single and naked single, on every layout (rows,
//! columns, boxes and any extra regions).

use std::fmt::Write;

use super::step::{cell, FindOptions, Rating, Step};
use super::technique::Technique;
use super::Finder;
use crate::candidates::{Candidates, Mask};
use crate::layout::UnitKind;

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

fn single(t: Technique, at: usize, d: u8) -> Step {
    let mut s = Step::new(t);
    s.digits.push(d);
    s.cells.push(at);
    s.placements.push((at, d));
    s
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
            s.explanation = format!(
                "Full House: {}={d} (last cell of {})",
                cell(n, at),
                unit.name()
            );
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
                s.rating = Rating(15);
            }
            if opts.explain {
                s.explanation = format!(
                    "Hidden Single: {}={d} (the only place for {d} in {})",
                    cell(n, at),
                    unit.name()
                );
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
            let _ = write!(
                s.explanation,
                "Naked Single: {}={d} (the only candidate left in the cell)",
                cell(n, at)
            );
        }
        out.push(s);
    }
}
