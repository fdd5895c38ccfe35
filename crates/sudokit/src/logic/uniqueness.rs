//! Uniqueness techniques, as HoDoKu defines them: uniqueness tests 1–6, hidden
//! rectangle, avoidable rectangles 1 and 2, BUG+1. They assume the puzzle has exactly
//! one solution (a state that could only end in two solutions is avoided), so the
//! solver runs them only when the uniqueness family is selected (it is by default; see
//! [`super::TechniqueSet::select`]). They work on classic layouts (no extra regions,
//! where swapping two digits of a rectangle could break a region rule).
//!
//! A *rectangle* is four cells in two rows, two columns and exactly two boxes. If all
//! four could hold only `a` and `b`, the two could be swapped: a second solution.
//! - UT 1: three corners hold just `ab`: the fourth loses `a` and `b`.
//! - UT 2 / UT 5: the corners with more than `ab` have one extra digit `c` in common
//!   and nothing else: one of them is `c`, so a `c` seeing them all goes (type 2 for two
//!   corners in a line, type 5 for two diagonal corners or three).
//! - UT 3: the extra digits of two corners in a unit act as one cell in a naked subset
//!   with other cells of that unit.
//! - UT 4: two corners in a line have extras and `a` appears nowhere else that both see:
//!   one of them is `a`, so neither is `b`.
//! - UT 6: two diagonal corners have extras and `a` appears in the rectangle's rows and
//!   columns only in its corners: the extra corners are not `a`.
//! - Hidden rectangle: from a corner holding just `ab`, if `a` appears in the opposite
//!   row and column only in the rectangle (and in both corners there), the opposite
//!   corner is not `b`.
//!
//! A corner with extra digits may miss one of `a` and `b` (HoDoKu's "missing
//! candidates"): the pattern stays deadly. Where a test leans on a strong link, the
//! linked digit must still be in the cells of the link.
//! - Avoidable rectangles use digits placed while solving (not givens): with three
//!   corners placed, the fourth cannot complete the pattern (type 1); with two placed,
//!   the two open corners each hold the completing digit and one common extra digit
//!   `c`, so one of them is `c` (type 2).
//! - BUG+1: every open cell holds two candidates but one, which holds three; the digit
//!   appearing three times in its units must go there, so its other two go.

use super::links::{push_new, seeing_all, sees};
use super::memo::Memo;
use super::step::{cell, cell_list, removal, FindOptions, Step};
use super::technique::Technique;
use super::{combinations, ones, Finder};
use crate::candidates::{bit, digits, Candidates, Mask};
use crate::layout::Layout;

/// The finders of this family.
pub const FINDERS: &[(Technique, Finder)] = &[
    (Technique::UniquenessTest1, |c, o, p| {
        rectangles(c, o, p, Technique::UniquenessTest1)
    }),
    (Technique::UniquenessTest2, |c, o, p| {
        rectangles(c, o, p, Technique::UniquenessTest2)
    }),
    (Technique::UniquenessTest3, |c, o, p| {
        rectangles(c, o, p, Technique::UniquenessTest3)
    }),
    (Technique::UniquenessTest4, |c, o, p| {
        rectangles(c, o, p, Technique::UniquenessTest4)
    }),
    (Technique::UniquenessTest5, |c, o, p| {
        rectangles(c, o, p, Technique::UniquenessTest5)
    }),
    (Technique::UniquenessTest6, |c, o, p| {
        rectangles(c, o, p, Technique::UniquenessTest6)
    }),
    (Technique::HiddenRectangle, |c, o, p| {
        rectangles(c, o, p, Technique::HiddenRectangle)
    }),
    (Technique::AvoidableRectangle1, |c, o, p| {
        avoidable(c, o, p, Technique::AvoidableRectangle1)
    }),
    (Technique::AvoidableRectangle2, |c, o, p| {
        avoidable(c, o, p, Technique::AvoidableRectangle2)
    }),
    (Technique::BugPlus1, bug_plus_1),
];

/// Calls `f` with the corners `[r1c1, r1c2, r2c1, r2c2]` of every rectangle of rows
/// `r1 < r2` and columns `c1 < c2` spanning exactly two boxes whose four cells pass
/// `usable`.
fn for_each_rectangle(l: &Layout, usable: impl Fn(usize) -> bool, mut f: impl FnMut([usize; 4])) {
    let n = l.size();
    let (br, bc) = (l.box_rows(), l.box_cols());
    // Per row, the columns of its usable cells.
    let mut rows = [0u64; 64];
    for (r, m) in rows.iter_mut().enumerate().take(n) {
        *m = (0..n)
            .filter(|&k| usable(r * n + k))
            .fold(0, |m, k| m | 1 << k);
    }
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            let same_band = r1 / br == r2 / br;
            let both = rows[r1] & rows[r2];
            for c1 in digits(both) {
                let c1 = c1 as usize - 1;
                for c2 in digits(both.checked_shr(c1 as u32 + 1).unwrap_or(0)) {
                    let c2 = c1 + c2 as usize;
                    if same_band != (c1 / bc == c2 / bc) {
                        f([r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2]);
                    }
                }
            }
        }
    }
}

fn same_line(l: &Layout, a: usize, b: usize) -> bool {
    l.row(a) == l.row(b) || l.col(a) == l.col(b)
}

/// Starts a step of `t` on digits `a`, `b` and the rectangle's corners.
fn rect_step(t: Technique, a: u8, b: u8, corners: &[usize; 4]) -> Step {
    let mut s = Step::new(t);
    s.digits = vec![a, b];
    s.cells = corners.to_vec();
    s.cells.sort_unstable();
    s
}

/// Finishes a rectangle step: sorted eliminations and the sentence.
fn finish(out: &mut Vec<Step>, start: usize, opts: &FindOptions, n: usize, mut s: Step) {
    s.eliminations.sort_unstable();
    s.eliminations.dedup();
    if s.eliminations.is_empty() {
        return;
    }
    if opts.explain {
        s.explanation = format!(
            "{} on {} and {} in {}: {}",
            s.technique.name(),
            s.digits[0],
            s.digits[1],
            cell_list(n, &s.cells),
            removal(n, &s.eliminations)
        );
    }
    push_new(out, start, s);
}

/// A rectangle of open cells and a digit pair it may be deadly on.
type Deadly = ([usize; 4], u8, u8);

thread_local! {
    /// The rectangles and digit pairs of the state last asked about on this thread:
    /// the uniqueness tests and the hidden rectangle, each its own technique, ask in
    /// turn about one state.
    static DEADLY: Memo<Vec<Deadly>> = const { Memo::new() };
}

/// Unique rectangles (tests 1–6) and hidden rectangles: the steps of `t`.
pub fn rectangles(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, t: Technique) {
    if !c.layout().is_classic() {
        return;
    }
    let start = out.len();
    let pairs = DEADLY.with(|m| m.get(c, 0, || deadly_pairs(c)));
    for &(corners, a, b) in pairs.iter() {
        // Every corner able to hold both in the state as it was made. A state given
        // directly (a pencilmark grid) may have had a digit struck from a corner: its
        // two fillings are then not both solutions of it.
        if corners
            .iter()
            .all(|&y| c.could_hold(y, a) && c.could_hold(y, b))
        {
            check(c, out, start, opts, t, corners, a, b);
        }
    }
}

/// The rectangles of open cells of `c` with the digit pairs they may be deadly on, in
/// the order they are met: those of a bivalue corner, each other corner holding at
/// least one of them (a corner may miss one: the pattern is still deadly).
fn deadly_pairs(c: &Candidates) -> Vec<Deadly> {
    let mut found = Vec::new();
    for_each_rectangle(
        c.layout(),
        |x| c.value(x) == 0,
        |corners| {
            let mut seen: [Mask; 4] = [0; 4];
            for (i, &x) in corners.iter().enumerate() {
                let m = c.mask(x);
                if ones(m) == 2 && !seen[..i].contains(&m) {
                    seen[i] = m;
                    let mut d = digits(m);
                    let (a, b) = (d.next().unwrap_or(1), d.next().unwrap_or(1));
                    if corners.iter().all(|&y| c.mask(y) & m != 0) {
                        found.push((corners, a, b));
                    }
                }
            }
        },
    );
    found
}

/// The tests of technique `t` on one rectangle and digit pair.
#[allow(clippy::too_many_arguments)]
fn check(
    c: &Candidates,
    out: &mut Vec<Step>,
    start: usize,
    opts: &FindOptions,
    t: Technique,
    corners: [usize; 4],
    a: u8,
    b: u8,
) {
    let l = c.layout();
    let n = l.size();
    let ur = bit(a) | bit(b);
    let (mut two, mut extra) = ([0usize; 4], [0usize; 4]);
    let (mut nt, mut ne) = (0, 0);
    for &x in &corners {
        if c.mask(x) == ur {
            two[nt] = x;
            nt += 1;
        } else {
            extra[ne] = x;
            ne += 1;
        }
    }
    let (two, extra) = (&two[..nt], &extra[..ne]);
    let extras: Mask = extra.iter().fold(0, |m, &x| m | (c.mask(x) & !ur));
    // What the rectangle removes; the step is made only when there is some.
    let mut eliminations = Vec::new();
    match t {
        Technique::UniquenessTest1 if nt == 3 => {
            eliminations = [a, b]
                .iter()
                .filter(|&&d| c.has(extra[0], d))
                .map(|&d| (extra[0], d))
                .collect();
        }
        Technique::UniquenessTest2 | Technique::UniquenessTest5
            if (nt == 1 || nt == 2) && ones(extras) == 1 =>
        {
            let type2 = ne == 2 && same_line(l, extra[0], extra[1]);
            if type2 != (t == Technique::UniquenessTest2) {
                return;
            }
            let cd = extras.trailing_zeros() as u8 + 1;
            eliminations = seeing_all(c, cd, extra, &corners);
        }
        Technique::UniquenessTest3 if nt == 2 => {
            test3(c, out, start, opts, &corners, a, b, extra, extras);
            return;
        }
        Technique::UniquenessTest4 if nt == 2 && same_line(l, extra[0], extra[1]) => {
            let both = |d: u8| {
                l.peers(extra[0])
                    .iter()
                    .any(|&p| c.has(p, d) && sees(l, p, extra[1]) && sees(l, p, extra[0]))
            };
            // The linked digit must be there: one of the two corners then holds it.
            let held = |d: u8| extra.iter().any(|&x| c.has(x, d));
            let del = if held(a) && !both(a) {
                b
            } else if held(b) && !both(b) {
                a
            } else {
                return;
            };
            eliminations = extra
                .iter()
                .filter(|&&x| c.has(x, del))
                .map(|&x| (x, del))
                .collect();
        }
        Technique::UniquenessTest6 if nt == 2 && !same_line(l, extra[0], extra[1]) => {
            let elsewhere = |d: u8| {
                (0..n).any(|i| {
                    extra.iter().any(|&x| {
                        let (row, col) = (l.row(x) * n + i, i * n + l.col(x));
                        (c.has(row, d) && !corners.contains(&row))
                            || (c.has(col, d) && !corners.contains(&col))
                    })
                })
            };
            let del = if !elsewhere(a) {
                a
            } else if !elsewhere(b) {
                b
            } else {
                return;
            };
            eliminations = extra
                .iter()
                .filter(|&&x| c.has(x, del))
                .map(|&x| (x, del))
                .collect();
        }
        Technique::HiddenRectangle if nt == 1 || (nt == 2 && !same_line(l, two[0], two[1])) => {
            for &corner in two {
                hidden(c, &corners, corner, a, b, &mut eliminations);
            }
        }
        _ => return,
    }
    if eliminations.is_empty() {
        return;
    }
    let mut s = rect_step(t, a, b, &corners);
    s.eliminations = eliminations;
    finish(out, start, opts, n, s);
}

/// Hidden rectangle from `corner`: a digit confined to the rectangle in the row and
/// column opposite the corner leaves the other digit out of the opposite corner.
fn hidden(
    c: &Candidates,
    corners: &[usize; 4],
    corner: usize,
    a: u8,
    b: u8,
    into: &mut Vec<(usize, u8)>,
) {
    let l = c.layout();
    let n = l.size();
    let row = corners
        .iter()
        .map(|&x| l.row(x))
        .find(|&r| r != l.row(corner))
        .unwrap_or(0);
    let col = corners
        .iter()
        .map(|&x| l.col(x))
        .find(|&k| k != l.col(corner))
        .unwrap_or(0);
    let target = row * n + col;
    // The corners beside the target, in its row and its column.
    let (beside_row, beside_col) = (row * n + l.col(corner), l.row(corner) * n + col);
    for (keep, del) in [(a, b), (b, a)] {
        if !c.has(beside_row, keep) || !c.has(beside_col, keep) {
            continue;
        }
        let outside = (0..n).any(|i| {
            let (x, y) = (row * n + i, i * n + col);
            (c.has(x, keep) && !corners.contains(&x)) || (c.has(y, keep) && !corners.contains(&y))
        });
        if !outside && c.has(target, del) {
            into.push((target, del));
        }
    }
}

/// Uniqueness test 3: the extra digits of the two corners `extra` (sharing a unit)
/// with `k` more cells of that unit make `k + 1` digits in `k + 2` cells.
#[allow(clippy::too_many_arguments)]
fn test3(
    c: &Candidates,
    out: &mut Vec<Step>,
    start: usize,
    opts: &FindOptions,
    corners: &[usize; 4],
    a: u8,
    b: u8,
    extra: &[usize],
    extras: Mask,
) {
    let l = c.layout();
    let n = l.size();
    let (x, y) = (extra[0], extra[1]);
    for &u in l.units_of(x) {
        let unit = &l.units()[u];
        if !unit.cells.contains(&y) {
            continue;
        }
        let is_box = unit.kind == crate::layout::UnitKind::Box;
        let (mut pool, mut len) = ([0usize; 64], 0);
        for &p in &unit.cells {
            if !corners.contains(&p)
                && c.value(p) == 0
                && c.mask(p) != 0
                && c.mask(p) & (bit(a) | bit(b)) == 0
            {
                pool[len] = p;
                len += 1;
            }
        }
        let pool = &pool[..len];
        // Every non-empty subset of the pool (up to seven cells).
        for k in 1..=len.min(7) {
            combinations(len, k, |pick| {
                let union = pick.iter().fold(extras, |m, &i| m | c.mask(pool[i]));
                if ones(union) as usize != k + 1 {
                    return;
                }
                let mut subset = vec![x, y];
                subset.extend(pick.iter().map(|&i| pool[i]));
                if is_box
                    && (subset.iter().all(|&p| l.row(p) == l.row(x))
                        || subset.iter().all(|&p| l.col(p) == l.col(x)))
                {
                    return;
                }
                let mut s = rect_step(Technique::UniquenessTest3, a, b, corners);
                let mut targets: Vec<usize> = unit.cells.clone();
                if !is_box && subset.iter().all(|&p| l.box_of(p) == l.box_of(x)) {
                    let bx = 2 * n + l.box_of(x);
                    targets.extend_from_slice(&l.units()[bx].cells);
                }
                for &p in &targets {
                    if c.value(p) == 0 && !subset.contains(&p) {
                        s.eliminations
                            .extend(digits(c.mask(p) & union).map(|d| (p, d)));
                    }
                }
                finish(out, start, opts, n, s);
            });
        }
    }
}

/// Avoidable rectangles: corners placed while solving (not given) that, completed,
/// would make a swappable pattern.
pub fn avoidable(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions, t: Technique) {
    avoidable_where(c, out, opts, t, false);
}

/// Avoidable rectangle type 1 as HoDoKu 2.2.0 searches it: the open corner must hold
/// exactly two candidates (its `UniquenessSolver` takes only such a corner).
pub fn avoidable_1_bivalue(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    avoidable_where(c, out, opts, Technique::AvoidableRectangle1, true);
}

/// [`avoidable`], with the open corner of type 1 held to two candidates when
/// `bivalue`.
fn avoidable_where(
    c: &Candidates,
    out: &mut Vec<Step>,
    opts: &FindOptions,
    t: Technique,
    bivalue: bool,
) {
    let l = c.layout();
    if !l.is_classic() {
        return;
    }
    let n = l.size();
    let start = out.len();
    for_each_rectangle(
        l,
        |x| c.value(x) == 0 || !c.is_given(x),
        |corners| {
            // The deadly pattern: r1c1 = r2c2 = p, r1c2 = r2c1 = q.
            let (mut p, mut q) = (0u8, 0u8);
            let mut placed = 0;
            for (i, &x) in corners.iter().enumerate() {
                let v = c.value(x);
                if v == 0 {
                    continue;
                }
                if c.is_given(x) {
                    return;
                }
                placed += 1;
                let slot = if i == 0 || i == 3 { &mut p } else { &mut q };
                if *slot != 0 && *slot != v {
                    return;
                }
                *slot = v;
            }
            if p == q || p == 0 || q == 0 {
                return;
            }
            // A corner of a state given with candidates set by hand may never have been
            // able to hold one of the two digits: then no swap exists to avoid.
            if !corners
                .iter()
                .all(|&x| c.could_hold(x, p) && c.could_hold(x, q))
            {
                return;
            }
            // The digit each open corner would need to complete the pattern.
            let need = |i: usize| if i == 0 || i == 3 { p } else { q };
            let open: Vec<(usize, u8)> = (0..4)
                .filter(|&i| c.value(corners[i]) == 0)
                .map(|i| (corners[i], need(i)))
                .collect();
            let mut s = rect_step(t, p.min(q), p.max(q), &corners);
            match (t, placed) {
                (Technique::AvoidableRectangle1, 3) => {
                    let (x, d) = open[0];
                    if c.has(x, d) && (!bivalue || ones(c.mask(x)) == 2) {
                        s.eliminations.push((x, d));
                    }
                }
                (Technique::AvoidableRectangle2, 2) => {
                    let (x, dx) = open[0];
                    let (y, dy) = open[1];
                    let (ex, ey) = (c.mask(x) & !bit(dx), c.mask(y) & !bit(dy));
                    if !c.has(x, dx) || !c.has(y, dy) || ex != ey || ones(ex) != 1 {
                        return;
                    }
                    let cd = ex.trailing_zeros() as u8 + 1;
                    s.eliminations = seeing_all(c, cd, &[x, y], &corners);
                }
                _ => return,
            }
            finish(out, start, opts, n, s);
        },
    );
}

/// BUG+1: all open cells bivalue but one with three candidates, whose digit that
/// appears three times in its row, column and box must be placed there.
pub fn bug_plus_1(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let l = c.layout();
    if !l.is_classic() {
        return;
    }
    let n = l.size();
    let mut three = None;
    for x in 0..l.cell_count() {
        if c.value(x) != 0 {
            continue;
        }
        match ones(c.mask(x)) {
            0..=2 => {}
            3 if three.is_none() => three = Some(x),
            _ => return,
        }
    }
    let Some(x) = three else {
        return;
    };
    // Every digit appears at most twice per unit, except one digit in x's units.
    let mut digit = 0u8;
    for (ui, unit) in l.units().iter().enumerate() {
        for d in 1..=n as u8 {
            let count = unit.cells.iter().filter(|&&p| c.has(p, d)).count();
            if count <= 2 {
                continue;
            }
            if count > 3 || !l.units_of(x).contains(&ui) || (digit != 0 && digit != d) {
                return;
            }
            digit = d;
        }
    }
    if digit == 0
        || !c.has(x, digit)
        || l.units_of(x).iter().any(|&u| {
            l.units()[u]
                .cells
                .iter()
                .filter(|&&p| c.has(p, digit))
                .count()
                != 3
        })
    {
        return;
    }
    let mut s = Step::new(Technique::BugPlus1);
    s.digits.push(digit);
    s.cells.push(x);
    s.eliminations = digits(c.mask(x) & !bit(digit)).map(|d| (x, d)).collect();
    if opts.explain {
        s.explanation = format!(
            "Bivalue Universal Grave + 1: {} must be {digit}, or every open cell would hold two candidates: {}",
            cell(n, x),
            removal(n, &s.eliminations)
        );
    }
    out.push(s);
}
