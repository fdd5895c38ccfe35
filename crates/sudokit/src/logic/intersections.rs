//! Intersections of a box and a line: locked candidates type 1 (pointing) and type 2
//! (claiming), locked pair and locked triple. They work on every classic layout; extra
//! regions of variants are left to the subsets and singles.

use super::step::{and_list, cell_list, removal, FindOptions, Step};
use super::technique::Technique;
use super::{combinations, Finder};
use crate::candidates::{digits, Candidates, Mask};
use crate::layout::Unit;

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[
    (Technique::LockedCandidates1, pointing),
    (Technique::LockedCandidates2, claiming),
    (Technique::LockedPair, locked_pair),
    (Technique::LockedTriple, locked_triple),
];

/// A box and a row or column crossing it.
struct Crossing<'a> {
    bx: &'a Unit,
    line: &'a Unit,
    /// Positions (in `bx.cells`) of the cells on the line.
    in_box: u64,
    /// Positions (in `line.cells`) of the cells in the box.
    in_line: u64,
}

impl Crossing<'_> {
    /// The OR of the masks of `cells` at the positions in `bits`.
    fn union(c: &Candidates, cells: &[usize], bits: u64) -> Mask {
        cells
            .iter()
            .enumerate()
            .filter(|&(i, _)| bits >> i & 1 != 0)
            .fold(0, |m, (_, &cl)| m | c.mask(cl))
    }
}

/// Calls `f` for every box and every row or column crossing it. The positions are
/// worked out from the shape (boxes list their cells row by row), without divisions.
fn for_each_crossing(c: &Candidates, mut f: impl FnMut(&Crossing)) {
    let layout = c.layout();
    let n = layout.size();
    let (br, bc) = (layout.box_rows(), layout.box_cols());
    let units = layout.units();
    let (row_bits, col_bits) = ((1u64 << bc) - 1, (1u64 << br) - 1);
    for bx in &units[2 * n..3 * n] {
        let first = bx.cells[0];
        let (top, left) = (layout.row(first), layout.col(first));
        for i in 0..br {
            f(&Crossing {
                bx,
                line: &units[top + i],
                in_box: row_bits << (i * bc),
                in_line: row_bits << left,
            });
        }
        let column = (0..br).fold(0u64, |m, i| m | 1 << (i * bc));
        for j in 0..bc {
            f(&Crossing {
                bx,
                line: &units[n + left + j],
                in_box: column << j,
                in_line: col_bits << top,
            });
        }
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
    for_each_crossing(c, |x| {
        let (bx, line) = (x.bx, x.line);
        let inter = Crossing::union(c, &bx.cells, x.in_box);
        let box_rest = Crossing::union(c, &bx.cells, !x.in_box);
        let line_rest = Crossing::union(c, &line.cells, !x.in_line);
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
                .enumerate()
                .filter(|&(i, &cl)| x.in_box >> i & 1 != 0 && c.has(cl, d))
                .map(|(_, &cl)| cl)
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
    for_each_crossing(c, |x| {
        let (bx, line) = (x.bx, x.line);
        let mut open = [0usize; 64];
        let mut len = 0;
        for (i, &cl) in bx.cells.iter().enumerate() {
            let on_line = x.in_box >> i & 1 != 0;
            if on_line && c.value(cl) == 0 && c.mask(cl).count_ones() as usize <= k {
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
