//! Intersections of a box and a line: locked candidates type 1 (pointing) and type 2
//! (claiming), locked pair and locked triple. They work on every classic layout; extra
//! regions of variants are left to the subsets and singles.

use super::step::{and_list, cell_list, removal, FindOptions, Step};
use super::technique::Technique;
use super::{combinations, Finder};
use crate::candidates::{digits, Candidates, Mask};
use crate::layout::{Unit, UnitKind};

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[
    (Technique::LockedCandidates1, pointing),
    (Technique::LockedCandidates2, claiming),
    (Technique::LockedPair, locked_pair),
    (Technique::LockedTriple, locked_triple),
];

/// Calls `f(box, line)` for every box and every row or column crossing it.
fn for_each_crossing(c: &Candidates, mut f: impl FnMut(&Unit, &Unit)) {
    let layout = c.layout();
    let n = layout.size();
    let units = layout.units();
    for bx in units.iter().filter(|u| u.kind == UnitKind::Box) {
        let first = bx.cells[0];
        let (top, left) = (layout.row(first), layout.col(first));
        for row in &units[top..top + layout.box_rows()] {
            f(bx, row);
        }
        for col in &units[n + left..n + left + layout.box_cols()] {
            f(bx, col);
        }
    }
}

fn in_line(c: &Candidates, line: &Unit, cell: usize) -> bool {
    let l = c.layout();
    match line.kind {
        UnitKind::Row => l.row(cell) == line.index,
        _ => l.col(cell) == line.index,
    }
}

/// A box's digit confined to one line leaves the rest of that line.
pub fn pointing(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    locked_candidates(c, out, opts, Technique::LockedCandidates1);
}

/// A line's digit confined to one box leaves the rest of that box.
pub fn claiming(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    locked_candidates(c, out, opts, Technique::LockedCandidates2);
}

fn locked_candidates(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, t: Technique) {
    let n = c.layout().size();
    let point = t == Technique::LockedCandidates1;
    for_each_crossing(c, |bx, line| {
        let (mut inter, mut box_rest, mut line_rest): (Mask, Mask, Mask) = (0, 0, 0);
        for &cl in &bx.cells {
            if in_line(c, line, cl) {
                inter |= c.mask(cl);
            } else {
                box_rest |= c.mask(cl);
            }
        }
        for &cl in &line.cells {
            if !c.layout().units_of(cl).contains(&(2 * n + bx.index)) {
                line_rest |= c.mask(cl);
            }
        }
        let found = if point {
            inter & !box_rest & line_rest
        } else {
            inter & !line_rest & box_rest
        };
        let (from, source, target) = if point {
            (line, bx, line)
        } else {
            (bx, line, bx)
        };
        for d in digits(found) {
            let cells: Vec<usize> = bx
                .cells
                .iter()
                .copied()
                .filter(|&cl| in_line(c, line, cl) && c.has(cl, d))
                .collect();
            if cells.len() < 2 {
                continue;
            }
            let mut s = Step::new(t);
            s.digits.push(d);
            s.eliminations = from
                .cells
                .iter()
                .filter(|cl| !cells.contains(cl) && c.has(**cl, d))
                .map(|&cl| (cl, d))
                .collect();
            s.cells = cells;
            if opts.explain {
                s.explanation = format!(
                    "{}: {d} in {} is confined to {}: {}",
                    t.name(),
                    source.name(),
                    target.name(),
                    removal(n, &s.eliminations)
                );
            }
            out.push(s);
        }
    });
}

/// Two cells of a box-line intersection holding only the same two digits.
pub fn locked_pair(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    locked_set(c, out, opts, 2);
}

/// Three cells of a box-line intersection holding only the same three digits.
pub fn locked_triple(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    locked_set(c, out, opts, 3);
}

fn locked_set(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, k: usize) {
    let n = c.layout().size();
    let t = if k == 2 {
        Technique::LockedPair
    } else {
        Technique::LockedTriple
    };
    for_each_crossing(c, |bx, line| {
        let mut open = [0usize; 64];
        let mut len = 0;
        for &cl in &bx.cells {
            if in_line(c, line, cl) && c.value(cl) == 0 && c.mask(cl).count_ones() as usize <= k {
                open[len] = cl;
                len += 1;
            }
        }
        combinations(len, k, |pick| {
            let union = pick.iter().fold(0, |m, &i| m | c.mask(open[i]));
            if union.count_ones() as usize != k {
                return;
            }
            let cells: Vec<usize> = pick.iter().map(|&i| open[i]).collect();
            let mut elims = Vec::new();
            for unit in [bx, line] {
                for &cl in &unit.cells {
                    if cells.contains(&cl) || elims.iter().any(|&(e, _)| e == cl) {
                        continue;
                    }
                    elims.extend(digits(c.mask(cl) & union).map(|d| (cl, d)));
                }
            }
            if elims.is_empty() {
                return;
            }
            let mut s = Step::new(t);
            s.digits = digits(union).collect();
            s.eliminations = elims;
            if opts.explain {
                s.explanation = format!(
                    "{} on {} in {} ({} and {}): {}",
                    t.name(),
                    and_list(&s.digits),
                    cell_list(n, &cells),
                    line.name(),
                    bx.name(),
                    removal(n, &s.eliminations)
                );
            }
            s.cells = cells;
            out.push(s);
        });
    });
}
