//! Shared helpers of the pattern families (single-digit patterns, wings, coloring,
//! uniqueness): which cells see each other, strong links (conjugate pairs) on a digit,
//! and the cells that see a whole set of cells.
//!
//! "Sees" means sharing a row, a column or a box. Extra regions of variants are left
//! out: a deduction from fewer links stays sound, only some are missed.

use super::bits;
use super::fast_singles::UNITS;
use super::memo::{Memo, MEMO_MAX_SIZE};
use super::step::Step;
use crate::candidates::{bit, digits, Candidates, Mask};
use crate::layout::{Layout, UnitKind};

/// For every cell of the 9×9 board with 3×3 boxes, the cells it sees, as bits.
const PEERS9: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut a = 0;
    while a < 81 {
        let mut b = 0;
        while b < 81 {
            let same_box = a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3;
            if a != b && (a / 9 == b / 9 || a % 9 == b % 9 || same_box) {
                t[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// The cells of every 9×9 unit (in the layout's order), as bits.
pub(crate) const UNIT_BITS: [u128; 27] = {
    let mut t = [0u128; 27];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            t[u] |= 1 << UNITS[u][i];
            i += 1;
        }
        u += 1;
    }
    t
};

/// The three units of a 9×9 cell: its row, column and box (indices into the layout's
/// units).
#[inline]
pub(crate) fn units_of(cell: usize) -> [usize; 3] {
    let [r, c, b] = CELL_UNITS[cell];
    [usize::from(r), usize::from(c), usize::from(b)]
}

/// [`units_of`] for every cell.
const CELL_UNITS: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        t[cell] = [r as u8, (9 + c) as u8, (18 + r / 3 * 3 + c / 3) as u8];
        cell += 1;
    }
    t
};

/// The cells that cell `a` of the 9×9 board with 3×3 boxes sees, as bits.
#[inline]
pub(crate) fn peers9(a: usize) -> u128 {
    PEERS9[a]
}

/// Whether `l` is a 9×9 board with 3×3 boxes, where the cells a cell sees in its row,
/// column and box are [`peers9`].
#[inline]
pub(crate) fn has_peers9(l: &Layout) -> bool {
    l.size() == 9 && l.box_rows() == 3
}

/// Whether two different cells share a row, a column or a box (from a table on the
/// 9×9 board, which the pattern finders ask often).
#[inline]
pub(crate) fn sees(l: &Layout, a: usize, b: usize) -> bool {
    if has_peers9(l) {
        return PEERS9[a] >> b & 1 != 0;
    }
    a != b && (l.row(a) == l.row(b) || l.col(a) == l.col(b) || l.box_of(a) == l.box_of(b))
}

/// A strong link: the only two cells of a unit that hold a digit (`a < b`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Link {
    /// The digit.
    pub d: u8,
    /// The first cell.
    pub a: usize,
    /// The second cell.
    pub b: usize,
    /// The unit (index into [`Layout::units`]).
    pub unit: usize,
}

impl Link {
    /// The two ends, the given one first when `flip` is false.
    #[inline]
    pub fn ends(&self, flip: bool) -> (usize, usize) {
        if flip {
            (self.b, self.a)
        } else {
            (self.a, self.b)
        }
    }
}

/// Fills `out` with the strong links of every digit in the units of the given kinds,
/// sorted by digit (see [`by_digit`]). One pass per unit counts every digit at once.
pub(crate) fn strong_links(c: &Candidates, kinds: &[UnitKind], out: &mut Vec<Link>) {
    strong_links_of(c, kinds, Mask::MAX, out);
}

/// [`strong_links`] of the digits of `wanted` only. On boards whose structures are
/// kept per thread (`memo`), the links of every digit in rows, columns and boxes are
/// gathered once per state, and each call takes its kinds and digits from them: the
/// single-digit, coloring and W-Wing finders ask one after the other.
pub(crate) fn strong_links_of(
    c: &Candidates,
    kinds: &[UnitKind],
    wanted: Mask,
    out: &mut Vec<Link>,
) {
    out.clear();
    if c.layout().size() > MEMO_MAX_SIZE {
        gather_strong_links(c, kinds, wanted, out);
        return;
    }
    let all = STRONG_LINKS.with(|m| {
        m.get(c, 0, || {
            let mut all = Vec::new();
            gather_strong_links(c, &LINES_AND_BOXES, Mask::MAX, &mut all);
            all
        })
    });
    let units = c.layout().units();
    // A subset of a list sorted by digit, stably, is the same subset gathered alone.
    out.extend(
        all.iter()
            .filter(|k| wanted & bit(k.d) != 0 && kinds.contains(&units[k.unit].kind)),
    );
}

/// The kinds of units whose strong links are kept per state.
const LINES_AND_BOXES: [UnitKind; 3] = [UnitKind::Row, UnitKind::Column, UnitKind::Box];

thread_local! {
    /// The strong links of every digit in the rows, columns and boxes of the state
    /// last asked about on this thread.
    static STRONG_LINKS: Memo<Vec<Link>> = const { Memo::new() };
}

/// [`strong_links_of`], gathered unit by unit and sorted by digit (stably: within a
/// digit, in the units' order).
fn gather_strong_links(c: &Candidates, kinds: &[UnitKind], wanted: Mask, out: &mut Vec<Link>) {
    for (ui, unit) in c.layout().units().iter().enumerate() {
        if !kinds.contains(&unit.kind) {
            continue;
        }
        let (mut once, mut twice, mut more): (Mask, Mask, Mask) = (0, 0, 0);
        for &cl in &unit.cells {
            let m = c.mask(cl);
            more |= twice & m;
            twice |= once & m;
            once |= m;
        }
        for d in digits(twice & !more & wanted) {
            let mut ends = unit.cells.iter().copied().filter(|&cl| c.has(cl, d));
            if let (Some(a), Some(b)) = (ends.next(), ends.next()) {
                out.push(Link { d, a, b, unit: ui });
            }
        }
    }
    out.sort_by_key(|k| k.d);
}

/// The links of [`strong_links`] grouped by digit: `(digit, links)`.
pub(crate) fn by_digit(links: &[Link]) -> impl Iterator<Item = (u8, &[Link])> {
    links.chunk_by(|x, y| x.d == y.d).map(|g| (g[0].d, g))
}

/// The cells holding `d` that see every cell of `from` and are not in `skip`, sorted,
/// as eliminations of `d`.
pub(crate) fn seeing_all(
    c: &Candidates,
    d: u8,
    from: &[usize],
    skip: &[usize],
) -> Vec<(usize, u8)> {
    let l = c.layout();
    let Some(&first) = from.first() else {
        return Vec::new();
    };
    if has_peers9(l) {
        // The same cells, from the peer sets of the 9×9 board.
        let seen = from.iter().fold(u128::MAX, |m, &f| m & PEERS9[f]);
        let seen = skip.iter().fold(seen, |m, &x| m & !(1 << x));
        return bits(seen)
            .filter(|&p| c.has(p, d))
            .map(|p| (p, d))
            .collect();
    }
    l.peers(first)
        .iter()
        .copied()
        .filter(|&p| {
            c.has(p, d)
                && !skip.contains(&p)
                && !from.contains(&p)
                && from.iter().all(|&f| sees(l, f, p))
        })
        .map(|p| (p, d))
        .collect()
}

/// Pushes `s` unless a step already in `out[from..]` makes the same eliminations and
/// placements.
pub(crate) fn push_new(out: &mut Vec<Step>, from: usize, s: Step) {
    if !out[from..]
        .iter()
        .any(|o| o.eliminations == s.eliminations && o.placements == s.placements)
    {
        out.push(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_9x9_table_agrees_with_the_layout() {
        let l = crate::layout::Layout::classic(9).unwrap();
        for a in 0..81 {
            for b in 0..81 {
                let want = a != b
                    && (l.row(a) == l.row(b) || l.col(a) == l.col(b) || l.box_of(a) == l.box_of(b));
                assert_eq!(sees(&l, a, b), want, "{a} {b}");
            }
        }
    }
}
