//! Intersections of a box and a line: locked candidates type 1 (pointing) and type 2
//! (claiming), locked pair and locked triple. They work on every classic layout; extra
//! regions of variants are left to the subsets and singles.
//!
//! The finders walk the places where a box and a line cross, box by box, rows before
//! columns. On the plain 9×9 board, where the rater asks them on nearly every state,
//! they work on packed words first and look at single crossings only where a step may
//! be. Locked candidates pack each row's candidates as three 9-bit segments (one per
//! stack) and each column's likewise (one per band), so that a band's three rows give
//! every crossing's parts at once, the rest of the line by rotating the word. Locked
//! sets mark, row by row, the cells of at most `k` candidates, keep the crossings with
//! `k` such cells, and test the rest of the box and of the line before building a step.
//! The tests check these against the general walk; what is found, and its order, is
//! the same.

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
/// [`for_each_place`], on any classic layout. The candidates of every row segment (a
/// row within one stack of boxes) and column segment (a column within one band) are
/// gathered first, in one pass over the board; each crossing's parts are ORs of those.
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

/// The locked candidates of technique `t` (type 1 or 2).
fn locked_candidates(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, t: Technique) {
    if c.layout().is_plain_9x9() {
        locked_candidates9(c, out, opts, t);
    } else {
        locked_candidates_any(c, out, opts, t);
    }
}

/// The digits a crossing's parts make locked: confined to the crossing within the box
/// and held in the rest of the line (pointing), or the other way round (claiming).
fn locked_digits(point: bool, inter: Mask, box_rest: Mask, line_rest: Mask) -> Mask {
    if point {
        inter & !box_rest & line_rest
    } else {
        inter & !line_rest & box_rest
    }
}

/// [`locked_candidates`] on any classic layout, crossing by crossing.
fn locked_candidates_any(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, t: Technique) {
    let point = t == Technique::LockedCandidates1;
    crossings(c, |x| {
        let found = locked_digits(point, x.inter, x.box_rest, x.line_rest);
        if found == 0 {
            return;
        }
        let inter: Vec<usize> =
            x.bx.cells
                .iter()
                .enumerate()
                .filter(|&(i, _)| x.in_box >> i & 1 != 0)
                .map(|(_, &cl)| cl)
                .collect();
        for d in digits(found) {
            push_locked(c, out, opts, t, (x.bx, x.line), &inter, d);
        }
    });
}

/// The 27 bits of three 9-bit segments.
const SEGMENTS: Mask = (1 << 27) - 1;

/// For each of the three 9-bit segments of `w`, the OR of the two others.
fn other_segments(w: Mask) -> Mask {
    ((w << 9 | w >> 18) | (w << 18 | w >> 9)) & SEGMENTS
}

/// [`locked_candidates`] on the plain 9×9 board. `rows[r]` holds row `r`'s candidates
/// in stack `s` at bits `9s..9s + 9`, `cols[col]` column `col`'s in band `b` at bits
/// `9b..9b + 9`; a line's locked digits for its three boxes then come in one word.
fn locked_candidates9(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, t: Technique) {
    let m = masks9(c);
    let seg = |at: usize, step: usize| m[at] | m[at + step] | m[at + 2 * step];
    let rows: [Mask; 9] =
        std::array::from_fn(|r| seg(9 * r, 1) | seg(9 * r + 3, 1) << 9 | seg(9 * r + 6, 1) << 18);
    let cols: [Mask; 9] =
        std::array::from_fn(|col| seg(col, 9) | seg(col + 27, 9) << 9 | seg(col + 54, 9) << 18);
    let point = t == Technique::LockedCandidates1;
    // The lines of one band (or stack) are the box's parts: `lines[i]` against the
    // two others of its group of three, and against its own other segments.
    let found = |lines: &[Mask; 9]| -> [Mask; 9] {
        std::array::from_fn(|i| {
            let group = i / 3 * 3;
            let box_rest = lines[group + (i + 1) % 3] | lines[group + (i + 2) % 3];
            locked_digits(point, lines[i], box_rest, other_segments(lines[i]))
        })
    };
    let (in_rows, in_cols) = (found(&rows), found(&cols));
    // Per band (stack), what its rows (columns) lock, a segment per box.
    let any = |lines: &[Mask; 9], g: usize| lines[3 * g] | lines[3 * g + 1] | lines[3 * g + 2];
    let units = c.layout().units();
    for b in 0..9 {
        let (band, stack) = (b / 3, b % 3);
        if any(&in_rows, band) >> (9 * stack) & 0x1ff == 0
            && any(&in_cols, stack) >> (9 * band) & 0x1ff == 0
        {
            continue;
        }
        let bx = &units[18 + b];
        for i in 0..3 {
            let r = 3 * band + i;
            let at = 9 * r + 3 * stack;
            for d in digits(in_rows[r] >> (9 * stack) & 0x1ff) {
                push_locked(c, out, opts, t, (bx, &units[r]), &[at, at + 1, at + 2], d);
            }
        }
        for j in 0..3 {
            let col = 3 * stack + j;
            let at = 27 * band + col;
            for d in digits(in_cols[col] >> (9 * band) & 0x1ff) {
                let line = &units[9 + col];
                push_locked(c, out, opts, t, (bx, line), &[at, at + 9, at + 18], d);
            }
        }
    }
}

/// The candidates of the plain 9×9 board's 81 cells.
fn masks9(c: &Candidates) -> &[Mask; 81] {
    c.masks().try_into().expect("the 9×9 board has 81 cells")
}

/// Pushes the locked candidate `d` where `bx` and `line` cross in the cells `inter`
/// (in box order), unless fewer than two of them hold it.
fn push_locked(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
    t: Technique,
    (bx, line): (&Unit, &Unit),
    inter: &[usize],
    d: u8,
) {
    let cells: Vec<usize> = inter.iter().copied().filter(|&cl| c.has(cl, d)).collect();
    if cells.len() < 2 {
        return;
    }
    let (from, source, target) = if t == Technique::LockedCandidates1 {
        (line, bx, line)
    } else {
        (bx, line, bx)
    };
    let mut s = Step::new(t);
    s.digits.push(d);
    s.eliminations = from
        .cells
        .iter()
        .filter(|&&cl| c.has(cl, d) && !cells.contains(&cl))
        .map(|&cl| (cl, d))
        .collect();
    s.cells = cells;
    if opts.explain {
        s.explanation = format!(
            "{}: {d} in {} is confined to {}: {}",
            t.name(),
            source.name(),
            target.name(),
            removal(c.layout().size(), &s.eliminations)
        );
    }
    out.push(s);
}

/// Two cells of a box-line intersection holding only the same two digits, with
/// eliminations both in the rest of the box and in the rest of the line (HoDoKu's
/// definition: with eliminations on one side only, it is a naked pair of that unit).
pub fn locked_pair(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    locked_set::<2>(c, out, opts, Technique::LockedPair);
}

/// Three cells of a box-line intersection holding only the same three digits, with
/// eliminations in the rest of the box and in the rest of the line (else a naked
/// triple).
pub fn locked_triple(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    locked_set::<3>(c, out, opts, Technique::LockedTriple);
}

/// The locked sets of `K` cells, as technique `t`.
fn locked_set<const K: usize>(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
    t: Technique,
) {
    if c.layout().is_plain_9x9() {
        locked_set9::<K>(c, out, opts, t);
    } else {
        locked_set_any::<K>(c, out, opts, t);
    }
}

/// Whether cell `x` is open with at most `k` candidates (so may be in a locked set).
fn takes_part(c: &Candidates, x: usize, k: usize) -> bool {
    c.value(x) == 0 && ones(c.mask(x)) as usize <= k
}

/// Whether `m` has at most `K` bits.
fn at_most<const K: usize>(mut m: Mask) -> bool {
    for _ in 0..K {
        m &= m.wrapping_sub(1);
    }
    m == 0
}

/// [`locked_set`] on any classic layout, place by place.
fn locked_set_any<const K: usize>(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
    t: Technique,
) {
    let mut open = [0usize; 64];
    for_each_place(c.layout(), |x| {
        let (bx, line) = (x.bx, x.line);
        let mut len = 0;
        let mut on_line = x.in_box;
        while on_line != 0 {
            let cl = bx.cells[on_line.trailing_zeros() as usize];
            on_line &= on_line - 1;
            if takes_part(c, cl, K) {
                open[len] = cl;
                len += 1;
            }
        }
        combinations(len, K, |pick| {
            let union = pick.iter().fold(0, |m, &i| m | c.mask(open[i]));
            if ones(union) as usize == K {
                let cells = pick.iter().map(|&i| open[i]).collect();
                push_set(c, out, opts, t, (bx, line), cells, union);
            }
        });
    });
}

/// [`locked_set`] on the plain 9×9 board. `few[r]` has bit `col` for the cells of row
/// `r` that may take part; a crossing is looked at only with `K` of them, and a set is
/// built only when the rest of the box and the rest of the line both hold its digits.
fn locked_set9<const K: usize>(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
    t: Technique,
) {
    let m = masks9(c);
    let few: [u32; 9] = std::array::from_fn(|r| {
        (0..9).fold(0, |w, col| {
            let x = 9 * r + col;
            w | u32::from(at_most::<K>(m[x]) && c.value(x) == 0) << col
        })
    });
    // The bits set in at least `K` of three words.
    let enough = |x: u32, y: u32, z: u32| {
        if K == 2 {
            x & y | x & z | y & z
        } else {
            x & y & z
        }
    };
    // Bit `3s` of `in_rows[r]`: row `r` in stack `s`; bit `col` of `in_cols[b]`:
    // column `col` in band `b`.
    let in_rows = few.map(|w| enough(w, w >> 1, w >> 2) & 0o111);
    let in_cols: [u32; 3] =
        std::array::from_fn(|b| enough(few[3 * b], few[3 * b + 1], few[3 * b + 2]));
    // Bit `3s + i` of `by_box[band]`: the band's row `i` in stack `s`; with `in_cols`,
    // a box's six crossings are three bits of each.
    let by_box: [u32; 3] =
        std::array::from_fn(|b| in_rows[3 * b] | in_rows[3 * b + 1] << 1 | in_rows[3 * b + 2] << 2);
    for b in 0..9 {
        let (band, stack) = (b / 3, b % 3);
        if (by_box[band] | in_cols[band]) >> (3 * stack) & 7 == 0 {
            continue;
        }
        for i in 0..3 {
            let r = 3 * band + i;
            if in_rows[r] >> (3 * stack) & 1 != 0 {
                let at = 9 * r + 3 * stack;
                let part = few[r] >> (3 * stack) & 7;
                let units = [(18 + b, 0o7 << (3 * i)), (r, 0o7 << (3 * stack))];
                locked_at9::<K>(c, out, opts, t, units, [at, at + 1, at + 2], part);
            }
        }
        for j in 0..3 {
            let col = 3 * stack + j;
            if in_cols[band] >> col & 1 != 0 {
                let at = 27 * band + col;
                let part = (0..3).fold(0, |p, i| p | (few[3 * band + i] >> col & 1) << i);
                let cells = [at, at + 9, at + 18];
                let units = [(18 + b, 0o111 << j), (9 + col, 0o7 << (3 * band))];
                locked_at9::<K>(c, out, opts, t, units, cells, part);
            }
        }
    }
}

/// The locked sets of `K` cells where a box and a line cross in `cells`, of which
/// those at the bits of `part` may take part, in the order of [`combinations`].
/// `units` gives the box and the line, each as its index among the units and the
/// positions of the crossing in its cells, as bits.
fn locked_at9<const K: usize>(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
    t: Technique,
    units: [(usize, u32); 2],
    cells: [usize; 3],
    part: u32,
) {
    let sets: &[u32] = if K == 2 {
        &[0b011, 0b101, 0b110]
    } else {
        &[0b111]
    };
    let all = c.layout().units();
    let [bx, line] = units.map(|(u, _)| &all[u]);
    // The candidates of a unit's cells outside the crossing.
    let outside = |(u, at): (usize, u32)| {
        all[u]
            .cells
            .iter()
            .enumerate()
            .filter(|&(i, _)| at >> i & 1 == 0)
            .fold(0, |m, (_, &cl)| m | c.mask(cl))
    };
    for &set in sets.iter().filter(|&&set| part & set == set) {
        let (mut union, mut left) = (0, 0);
        for (i, &cl) in cells.iter().enumerate() {
            match set >> i & 1 {
                0 => left |= c.mask(cl),
                _ => union |= c.mask(cl),
            }
        }
        if ones(union) as usize != K {
            continue;
        }
        if (left | outside(units[0])) & union != 0 && outside(units[1]) & union != 0 {
            let picked = (0..3).filter(|i| set >> i & 1 != 0).map(|i| cells[i]);
            push_set(c, out, opts, t, (bx, line), picked.collect(), union);
        }
    }
}

/// Pushes the locked set of `cells` with the digits `union` where `bx` and `line`
/// cross, if it eliminates both in the rest of the box and in the rest of the line.
fn push_set(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
    t: Technique,
    (bx, line): (&Unit, &Unit),
    cells: Vec<usize>,
    union: Mask,
) {
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
        let n = c.layout().size();
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// States of the plain 9×9 board: a few puzzles with all their candidates, and
    /// with candidates taken out at random, down to cells of one candidate or none.
    fn states() -> Vec<Candidates> {
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "..1.......2.4...3.5.......6.7.....8.....1.........9..2...3.4.5.6....7...8......9.",
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut out = Vec::new();
        for p in puzzles {
            let full = Candidates::from_grid(&p.parse().unwrap());
            out.push(full.clone());
            for share in [2, 3, 5, 9] {
                for _ in 0..6 {
                    let mut c = full.clone();
                    for x in 0..81 {
                        for d in digits(c.mask(x)) {
                            if next() % share == 0 {
                                c.remove(x, d);
                            }
                        }
                    }
                    // The same, with candidates left in filled cells too (a state
                    // given directly may have them).
                    let values: Vec<u8> = (0..81).map(|x| c.value(x)).collect();
                    let masks = (0..81)
                        .map(|x| match c.value(x) {
                            0 => c.mask(x),
                            _ => next() & 0x1ff,
                        })
                        .collect();
                    out.push(Candidates::from_parts(c.layout().clone(), values, masks).unwrap());
                    out.push(c);
                }
            }
        }
        out
    }

    const EXPLAIN: FindOptions = FindOptions {
        explain: true,
        deadline: None,
    };

    #[test]
    fn locked_candidates_on_9x9_are_those_of_the_general_walk() {
        for t in [Technique::LockedCandidates1, Technique::LockedCandidates2] {
            let mut found = 0;
            for c in states() {
                let (mut fast, mut slow) = (Vec::new(), Vec::new());
                locked_candidates9(&c, &mut fast, &EXPLAIN, t);
                locked_candidates_any(&c, &mut slow, &EXPLAIN, t);
                assert_eq!(fast, slow);
                found += fast.len();
            }
            assert!(found >= 50, "{t:?}: only {found} steps to compare");
        }
    }

    fn same_locked_sets<const K: usize>(t: Technique) -> usize {
        let mut found = 0;
        for c in states() {
            let (mut fast, mut slow) = (Vec::new(), Vec::new());
            locked_set9::<K>(&c, &mut fast, &EXPLAIN, t);
            locked_set_any::<K>(&c, &mut slow, &EXPLAIN, t);
            assert_eq!(fast, slow);
            found += fast.len();
        }
        found
    }

    #[test]
    fn locked_sets_on_9x9_are_those_of_the_general_walk() {
        let pairs = same_locked_sets::<2>(Technique::LockedPair);
        let triples = same_locked_sets::<3>(Technique::LockedTriple);
        assert!(
            pairs >= 20 && triples >= 5,
            "{pairs} pairs, {triples} triples"
        );
    }
}
