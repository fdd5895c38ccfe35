//! Singles: full house, hidden single and naked single, on every layout (rows,
//! columns, boxes and any extra regions).

use std::fmt::Write;

use super::step::{cell, FindOptions, Rating, Step};
use super::technique::Technique;
use super::Finder;
use crate::candidates::{bit, Candidates, Mask};
use crate::layout::UnitKind;

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[
    (Technique::FullHouse, full_house),
    (Technique::HiddenSingle, hidden_single),
    (Technique::NakedSingle, naked_single),
];

/// A set of cells as bits, on the stack (boards up to 64×64).
struct CellSet([u64; 64]);

impl CellSet {
    fn new() -> CellSet {
        CellSet([0; 64])
    }

    /// Adds `cell`; returns whether it was new.
    fn insert(&mut self, cell: usize) -> bool {
        let (w, b) = (cell / 64, 1u64 << (cell % 64));
        let new = self.0[w] & b == 0;
        self.0[w] |= b;
        new
    }
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
    let mut done = CellSet::new();
    for unit in layout.units() {
        let mut open = None;
        let mut count = 0;
        let mut placed: Mask = 0;
        for &cl in &unit.cells {
            match c.value(cl) {
                0 => {
                    open = Some(cl);
                    count += 1;
                }
                v => placed |= bit(v),
            }
        }
        let (Some(at), 1) = (open, count) else {
            continue;
        };
        let missing = layout.all_digits() & !placed;
        if missing.count_ones() != 1 || c.mask(at) & missing == 0 || !done.insert(at) {
            continue;
        }
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
    let mut done = CellSet::new();
    // Boxes first, so a cell found in a box and a line keeps the box's lower rating.
    let boxes = layout.units().iter().filter(|u| u.kind == UnitKind::Box);
    let others = layout.units().iter().filter(|u| u.kind != UnitKind::Box);
    for unit in boxes.chain(others) {
        let (mut once, mut more): (Mask, Mask) = (0, 0);
        for &cl in &unit.cells {
            let m = c.mask(cl);
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
            if !done.insert(at) {
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
