//! Intersections of a box and a line: locked candidates type 1 (pointing) and type 2
//! (claiming), locked pair and locked triple. They work on every classic layout; extra
//! regions of variants are left to the subsets and singles.

use super::step::{and_list, cell_list, removal, FindOptions, Step};
use super::technique::Technique;
use super::{combinations, ones, Finder};
use crate::candidates::{digits, Candidates, Mask};
use crate::layout::{Layout, Unit};

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[
    (Technique::LockedCandidates1, pointing),
    (Technique::LockedCandidates2, claiming),
    (Technique::LockedPair, locked_pair),
    (Technique::LockedTriple, locked_triple),
];

/// A box and a row or column crossing it, with the candidates of the three parts.
struct Crossing<'a> {
    bx: &'a Unit,
    line: &'a Unit,
    /// Positions (in `bx.cells`) of the cells on the line.
    in_box: u64,
    /// The candidates of the cells in both.
    inter: Mask,
    /// The candidates of the rest of the box.
    box_rest: Mask,
    /// The candidates of the rest of the line.
    line_rest: Mask,
}

/// The OR of `count` parts `part(0)`, `part(1)`, … except the one at `skip`.
fn others(count: usize, skip: usize, part: impl Fn(usize) -> Mask) -> Mask {
    (0..count)
        .filter(|&i| i != skip)
        .fold(0, |m, i| m | part(i))
}

/// Where a box and a line cross: the box, the line, the positions (in `bx.cells`) of
/// the cells on the line, and which row or column of the box the line is.
struct Place<'a> {
    bx: &'a Unit,
    line: &'a Unit,
    in_box: u64,
    /// The box's band and stack.
    band: usize,
    stack: usize,
    /// The line is the box's row `i` (`Ok(i)`) or column `j` (`Err(j)`).
    part: Result<usize, usize>,
}

/// Calls `f` for every box and every row or column crossing it: rows first, in box
/// order.
fn for_each_place(layout: &Layout, mut f: impl FnMut(&Place)) {
    let n = layout.size();
    let (br, bc) = (layout.box_rows(), layout.box_cols());
    let stacks = n / bc;
    let units = layout.units();
    let column = (0..br).fold(0u64, |m, i| m | 1 << (i * bc));
    for (b, bx) in units[2 * n..3 * n].iter().enumerate() {
        let (band, stack) = (b / stacks, b % stacks);
        let place = |line, in_box, part| Place {
            bx,
            line,
            in_box,
            band,
            stack,
            part,
        };
        for i in 0..br {
            f(&place(
                &units[band * br + i],
                ((1u64 << bc) - 1) << (i * bc),
                Ok(i),
            ));
        }
        for j in 0..bc {
            f(&place(&units[n + stack * bc + j], column << j, Err(j)));
        }
    }
}

/// Calls `f` for every box and every row or column crossing it, in the order of
/// [`for_each_place`]. The candidates of every row segment (a row within one stack of
/// boxes) and column segment (a column within one band) are gathered first, in one
/// pass over the board; each crossing's parts are ORs of those.
fn for_each_crossing(c: &Candidates, mut f: impl FnMut(&Crossing)) {
    let layout = c.layout();
    let n = layout.size();
    let (br, bc) = (layout.box_rows(), layout.box_cols());
    let (stacks, bands) = (n / bc, n / br);
    // row_seg[r * stacks + s]: row r in stack s; col_seg[col * bands + b]: col in band b.
    let mut row_seg = vec![0 as Mask; n * stacks];
    let mut col_seg = vec![0 as Mask; n * bands];
    for (r, row) in c.masks().chunks_exact(n).enumerate() {
        for (seg, part) in row_seg[r * stacks..].iter_mut().zip(row.chunks_exact(bc)) {
            *seg = part.iter().fold(0, |a, &m| a | m);
        }
        let band = r / br;
        for (col, &m) in row.iter().enumerate() {
            col_seg[col * bands + band] |= m;
        }
    }
    let row_part = |r: usize, s: usize| row_seg[r * stacks + s];
    let col_part = |col: usize, b: usize| col_seg[col * bands + b];
    for_each_place(layout, |p| {
        let (top, left) = (p.band * br, p.stack * bc);
        let (inter, box_rest, line_rest) = match p.part {
            Ok(i) => {
                let r = top + i;
                (
                    row_part(r, p.stack),
                    others(br, i, |k| row_part(top + k, p.stack)),
                    others(stacks, p.stack, |s| row_part(r, s)),
                )
            }
            Err(j) => {
                let col = left + j;
                (
                    col_part(col, p.band),
                    others(bc, j, |k| col_part(left + k, p.band)),
                    others(bands, p.band, |b| col_part(col, b)),
                )
            }
        };
        f(&Crossing {
            bx: p.bx,
            line: p.line,
            in_box: p.in_box,
            inter,
            box_rest,
            line_rest,
        });
    });
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
        let found = if point {
            x.inter & !x.box_rest & x.line_rest
        } else {
            x.inter & !x.line_rest & x.box_rest
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

/// Two cells of a box-line intersection holding only the same two digits, with
/// eliminations both in the rest of the box and in the rest of the line (HoDoKu's
/// definition: with eliminations on one side only, it is a naked pair of that unit).
pub fn locked_pair(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    locked_set(c, out, opts, 2);
}

/// Three cells of a box-line intersection holding only the same three digits, with
/// eliminations in the rest of the box and in the rest of the line (else a naked
/// triple).
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
    let mut open = [0usize; 64];
    for_each_place(c.layout(), |x| {
        let (bx, line) = (x.bx, x.line);
        let mut len = 0;
        let mut on_line = x.in_box;
        while on_line != 0 {
            let cl = bx.cells[on_line.trailing_zeros() as usize];
            on_line &= on_line - 1;
            if c.value(cl) == 0 && ones(c.mask(cl)) as usize <= k {
                open[len] = cl;
                len += 1;
            }
        }
        combinations(len, k, |pick| {
            let union = pick.iter().fold(0, |m, &i| m | c.mask(open[i]));
            if ones(union) as usize != k {
                return;
            }
            let cells: Vec<usize> = pick.iter().map(|&i| open[i]).collect();
            let mut elims = Vec::new();
            let mut sides = 0;
            for unit in [bx, line] {
                let before = elims.len();
                for &cl in &unit.cells {
                    if cells.contains(&cl) || elims.iter().any(|&(e, _)| e == cl) {
                        continue;
                    }
                    elims.extend(digits(c.mask(cl) & union).map(|d| (cl, d)));
                }
                sides += usize::from(elims.len() > before);
            }
            if sides < 2 {
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
