//! Intersections of a box and a line: locked candidates type 1 (pointing) and type 2
//! (claiming), locked pair and locked triple. They work on every classic layout; extra
//! regions of variants are left to the subsets and singles.
//!
//! The finders walk the places where a box and a line cross, box by box, rows before
//! columns. On the plain 9×9 board, where the rater asks them on nearly every state,
//! the places come from fixed tables: the row and column segments are read at fixed
//! offsets, and the locked sets look only at crossings holding `k` cells of at most
//! `k` candidates (a bit set made once per call). The tests check the tables against
//! the general walk; what is found, and its order, is the same.

use super::step::{and_list, cell_list, removal, FindOptions, Step};
use super::technique::Technique;
use super::{bits, combinations, ones, Finder};
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
fn for_each_crossing(c: &Candidates, f: impl FnMut(&Crossing)) {
    if c.layout().is_plain_9x9() {
        crossings9(c, f);
    } else {
        crossings(c, f);
    }
}

/// [`for_each_crossing`] on the plain 9×9 board, from fixed tables.
fn crossings9(c: &Candidates, mut f: impl FnMut(&Crossing)) {
    let m = c.masks();
    // row_seg[3r + s]: row r in stack s; col_seg[3col + b]: column col in band b.
    let (mut row_seg, mut col_seg) = ([0 as Mask; 27], [0 as Mask; 27]);
    for r in 0..9 {
        for s in 0..3 {
            let at = 9 * r + 3 * s;
            row_seg[3 * r + s] = m[at] | m[at + 1] | m[at + 2];
        }
    }
    for col in 0..9 {
        for b in 0..3 {
            let at = 27 * b + col;
            col_seg[3 * col + b] = m[at] | m[at + 9] | m[at + 18];
        }
    }
    // The parts `i` of three, and the OR of the two others.
    let split = |parts: [Mask; 3], i: usize| (parts[i], parts[(i + 1) % 3] | parts[(i + 2) % 3]);
    let units = c.layout().units();
    for (b, bx) in units[18..27].iter().enumerate() {
        let (band, stack) = (b / 3, b % 3);
        for i in 0..3 {
            let r = 3 * band + i;
            let (inter, box_rest) =
                split([0, 1, 2].map(|k| row_seg[3 * (3 * band + k) + stack]), i);
            let line_rest = split([0, 1, 2].map(|s| row_seg[3 * r + s]), stack).1;
            f(&Crossing {
                bx,
                line: &units[r],
                in_box: 0b111 << (3 * i),
                inter,
                box_rest,
                line_rest,
            });
        }
        for j in 0..3 {
            let col = 3 * stack + j;
            let (inter, box_rest) =
                split([0, 1, 2].map(|k| col_seg[3 * (3 * stack + k) + band]), j);
            let line_rest = split([0, 1, 2].map(|b| col_seg[3 * col + b]), band).1;
            f(&Crossing {
                bx,
                line: &units[9 + col],
                in_box: 0b1001001 << j,
                inter,
                box_rest,
                line_rest,
            });
        }
    }
}

/// [`for_each_crossing`] on any classic layout.
fn crossings(c: &Candidates, mut f: impl FnMut(&Crossing)) {
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
    let t = if k == 2 {
        Technique::LockedPair
    } else {
        Technique::LockedTriple
    };
    let layout = c.layout();
    let mut open = [0usize; 64];
    if layout.is_plain_9x9() {
        // The cells that may take part, as bits: most crossings have fewer than `k`.
        let small = (0..81)
            .filter(|&x| c.value(x) == 0 && ones(c.mask(x)) as usize <= k)
            .fold(0u128, |m, x| m | 1 << x);
        let units = layout.units();
        for &(b, l, cells) in &CROSSINGS9 {
            let here = small & cells;
            if !at_least(here, k) {
                continue;
            }
            let mut len = 0;
            for x in bits(here) {
                open[len] = x;
                len += 1;
            }
            locked_at(c, out, opts, t, (&units[b], &units[l]), &open[..len], k);
        }
        return;
    }
    for_each_place(layout, |x| {
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
        locked_at(c, out, opts, t, (bx, line), &open[..len], k);
    });
}

/// Whether `m` has `k` bits or more.
fn at_least(mut m: u128, k: usize) -> bool {
    for _ in 1..k {
        m &= m.wrapping_sub(1);
    }
    m != 0
}

/// The box-line crossings of the plain 9×9 board in the order of [`for_each_place`]:
/// the box's unit, the line's unit and the cells of both, as bits.
const CROSSINGS9: [(usize, usize, u128); 54] = crossing_table9();

const fn crossing_table9() -> [(usize, usize, u128); 54] {
    let mut t = [(0, 0, 0u128); 54];
    let mut b = 0;
    while b < 9 {
        let (top, left) = (b / 3 * 3, b % 3 * 3);
        let mut i = 0;
        while i < 3 {
            let row = (top + i) * 9 + left;
            t[6 * b + i] = (18 + b, top + i, 0b111 << row);
            let col = top * 9 + left + i;
            t[6 * b + 3 + i] = (18 + b, 9 + left + i, (1 | 1 << 9 | 1 << 18) << col);
            i += 1;
        }
        b += 1;
    }
    t
}

/// The locked sets of `k` cells among the `open` cells (open, with at most `k`
/// candidates) where a box and a line cross.
fn locked_at(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
    t: Technique,
    (bx, line): (&Unit, &Unit),
    open: &[usize],
    k: usize,
) {
    let n = c.layout().size();
    combinations(open.len(), k, |pick| {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    #[test]
    fn the_9x9_table_lists_the_places_in_their_order() {
        let layout = Layout::classic(9).unwrap();
        let units = layout.units();
        let at = |u: &Unit| units.iter().position(|v| std::ptr::eq(u, v)).unwrap();
        let mut places = Vec::new();
        for_each_place(&layout, |p| {
            let cells =
                p.bx.cells
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| p.in_box >> i & 1 != 0)
                    .fold(0u128, |m, (_, &x)| m | 1 << x);
            places.push((at(p.bx), at(p.line), cells));
        });
        assert_eq!(places, CROSSINGS9);
    }

    #[test]
    fn the_9x9_crossings_are_those_of_any_layout() {
        let g: crate::Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let mut c = Candidates::from_grid(&g);
        for (cell, d) in [(1, 1), (1, 2), (10, 9), (20, 6), (40, 3), (79, 7)] {
            c.remove(cell, d);
        }
        let list = |fast: bool| {
            let mut out = Vec::new();
            let mut push = |x: &Crossing| {
                let (bx, line) = (x.bx.name(), x.line.name());
                out.push((bx, line, x.in_box, x.inter, x.box_rest, x.line_rest));
            };
            match fast {
                true => crossings9(&c, &mut push),
                false => crossings(&c, &mut push),
            }
            out
        };
        assert_eq!(list(true), list(false));
        assert_eq!(list(true).len(), 54);
    }

    #[test]
    fn locked_sets_on_9x9_are_those_of_the_general_walk() {
        // A state with locked sets: the table and its filter must find the steps
        // the walk over every place finds.
        let g: crate::Grid =
            "..1.......2.4...3.5.......6.7.....8.....1.........9..2...3.4.5.6....7...8......9."
                .parse()
                .unwrap();
        let mut c = Candidates::from_grid(&g);
        let mut found = 0;
        for (cell, d) in [
            (0, 3),
            (0, 4),
            (0, 6),
            (0, 7),
            (0, 8),
            (0, 9),
            (1, 3),
            (1, 4),
        ] {
            c.remove(cell, d);
        }
        for k in [2, 3] {
            let mut fast = Vec::new();
            locked_set(&c, &mut fast, &FindOptions::default(), k);
            let mut slow = Vec::new();
            for_each_place(c.layout(), |x| {
                let open: Vec<usize> = x
                    .bx
                    .cells
                    .iter()
                    .enumerate()
                    .filter(|&(i, &cl)| {
                        x.in_box >> i & 1 != 0 && c.value(cl) == 0 && ones(c.mask(cl)) as usize <= k
                    })
                    .map(|(_, &cl)| cl)
                    .collect();
                let t = [Technique::LockedPair, Technique::LockedTriple][k - 2];
                let pair = (x.bx, x.line);
                locked_at(&c, &mut slow, &FindOptions::default(), t, pair, &open, k);
            });
            assert_eq!(format!("{fast:?}"), format!("{slow:?}"));
            found += fast.len();
        }
        assert!(found > 0, "the state has no locked set to compare");
    }
}
