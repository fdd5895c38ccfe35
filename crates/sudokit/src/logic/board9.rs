//! The forcing nets' work per premise: HoDoKu's look-ahead of a premise (its
//! `TablingSolver.getTableEntry`), and the test for a cell or a unit's digit left
//! without a place, on any layout and, faster, on the plain 9×9 board as bit sets.
//!
//! **The look-ahead**: the premise is set on a copy of the state; then, up to four
//! times, every naked single (cells in order) and every hidden single (units in the
//! layout's order, digits rising) of the copy is collected and then set, each in
//! turn. Setting `(y, e)` records `y = e`, `e` false in each peer of `y` that held it
//! in the *original* state, and the other candidates `y` still has false; then places
//! `e` unless `y` is filled already (two singles of one round may meet in a cell: both
//! are recorded, so a contradiction shows).
//!
//! [`look_ahead`] works on any layout. On the plain 9×9 board, where the forcing nets
//! draw it for every premise of every state they are asked about, [`Board9`] does the
//! same on bit sets: each digit's cells as one 128-bit word, and per unit a count of
//! each digit's places kept as candidates go, so that a round's hidden singles are
//! the digits counted once. [`Board9::empty`] finds an empty cell or unit digit from
//! the candidates a premise makes false, given per digit as bit sets. Each 9×9 form
//! gives what the general one gives, in the same order; tests compare them.
//!
//! Source: HoDoKu's documentation of forcing nets (four rounds of singles per table
//! entry).

use super::bits;
use super::links::{peers9, units_of, UNIT_BITS};
use crate::candidates::{bit, digits, Candidates, Mask};

/// A consequence: `(cell, digit, true)` for a candidate made true, `false` for one
/// made false.
pub(crate) type Implied = (usize, u8, bool);

/// How many rounds of singles the look-ahead takes (HoDoKu's).
const ROUNDS: usize = 4;

/// What candidate `(x, d)` of `c`, taken true (`on`) or false, forces in HoDoKu's
/// look-ahead, in the order it meets them (the premise first).
pub(crate) fn look_ahead(c: &Candidates, x: usize, d: u8, on: bool) -> Vec<Implied> {
    let l = c.layout();
    let mut h = c.clone();
    let mut out = Vec::new();
    let set = |h: &mut Candidates, y: usize, e: u8, out: &mut Vec<_>| {
        out.push((y, e, true));
        out.extend(
            l.peers(y)
                .iter()
                .filter(|&&p| c.has(p, e))
                .map(|&p| (p, e, false)),
        );
        out.extend(digits(h.mask(y) & !bit(e)).map(|f| (y, f, false)));
        if h.value(y) == 0 {
            h.place(y, e);
        }
    };
    if on {
        set(&mut h, x, d, &mut out);
    } else {
        h.remove(x, d);
        out.push((x, d, false));
        if h.mask(x).count_ones() == 1 {
            let e = h.mask(x).trailing_zeros() as u8 + 1;
            set(&mut h, x, e, &mut out);
        }
    }
    for _ in 0..ROUNDS {
        let mut singles = Vec::new();
        for y in (0..l.cell_count()).filter(|&y| h.value(y) == 0) {
            if h.mask(y).count_ones() == 1 {
                singles.push((y, h.mask(y).trailing_zeros() as u8 + 1));
            }
        }
        for unit in l.units() {
            let (mut once, mut twice) = (0, 0);
            for &y in unit.cells.iter().filter(|&&y| h.value(y) == 0) {
                twice |= once & h.mask(y);
                once |= h.mask(y);
            }
            for e in digits(once & !twice) {
                let y = unit.cells.iter().find(|&&y| h.value(y) == 0 && h.has(y, e));
                singles.extend(y.map(|&y| (y, e)));
            }
        }
        if singles.is_empty() {
            break;
        }
        for (y, e) in singles {
            set(&mut h, y, e, &mut out);
        }
    }
    out
}

/// Where a premise leaves no place: a cell without a candidate, or a digit (not
/// placed in it) without a place in a unit (its index in the layout's order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Empty {
    /// The cell.
    Cell(usize),
    /// The digit and the unit.
    Place(u8, usize),
}

/// A plain 9×9 state as bit sets, for [`Board9::look_ahead`] and [`Board9::empty`]:
/// per digit `d` (at `d`) the open cells holding it, each cell's candidates, and per
/// unit how many places each digit has there, with the digits of one place as a
/// mask: a round's hidden singles are read from those masks, not from every unit and
/// digit.
#[derive(Debug, Clone)]
pub(crate) struct Board9 {
    planes: [u128; 10],
    /// Per unit, the digits not placed in it (bit `d - 1`).
    missing: [u16; 27],
    masks: [u16; 81],
    open: u128,
    /// Per unit (the layout's order) and digit (at `d`): its places there.
    counts: [[u8; 10]; 27],
    /// Per unit: the digits with one place there (bit `d - 1`).
    ones: [u16; 27],
}

impl Board9 {
    /// The state `c` as bit sets; `None` unless it is on the plain 9×9 board.
    pub(crate) fn of(c: &Candidates) -> Option<Board9> {
        if !c.layout().is_plain_9x9() {
            return None;
        }
        let mut b = Board9 {
            planes: [0; 10],
            missing: [0x1ff; 27],
            masks: [0; 81],
            open: 0,
            counts: [[0; 10]; 27],
            ones: [0; 27],
        };
        for y in (0..81).filter(|&y| c.value(y) != 0) {
            for u in units_of(y) {
                b.missing[u] &= !(1 << (c.value(y) - 1));
            }
        }
        for y in (0..81).filter(|&y| c.value(y) == 0) {
            b.open |= 1 << y;
            b.masks[y] = c.mask(y) as u16;
            for e in digits(c.mask(y)) {
                b.planes[usize::from(e)] |= 1 << y;
                for u in units_of(y) {
                    b.counts[u][usize::from(e)] += 1;
                }
            }
        }
        for (ones, counts) in b.ones.iter_mut().zip(&b.counts) {
            for (k, &count) in counts[1..].iter().enumerate() {
                if count == 1 {
                    *ones |= 1 << k;
                }
            }
        }
        Some(b)
    }

    /// [`look_ahead`] of candidate `(x, d)` of this state: the same list.
    pub(crate) fn look_ahead(&self, x: usize, d: u8, on: bool) -> Vec<Implied> {
        let mut h = self.clone();
        let mut out = Vec::new();
        if on {
            h.set(self, x, d, &mut out);
        } else {
            h.remove(x, d);
            out.push((x, d, false));
            if h.masks[x].count_ones() == 1 {
                let e = h.masks[x].trailing_zeros() as u8 + 1;
                h.set(self, x, e, &mut out);
            }
        }
        let mut singles = Vec::new();
        for _ in 0..ROUNDS {
            singles.clear();
            // Cells with one candidate: in one plane and no other.
            let (mut once, mut twice) = (0u128, 0u128);
            for p in &h.planes[1..] {
                twice |= once & p;
                once |= p;
            }
            for y in bits(once & !twice & h.open) {
                singles.push((y, h.masks[y].trailing_zeros() as u8 + 1));
            }
            for (u, &ones) in h.ones.iter().enumerate() {
                for e in digits(Mask::from(ones)) {
                    let place = h.planes[usize::from(e)] & UNIT_BITS[u];
                    singles.push((place.trailing_zeros() as usize, e));
                }
            }
            if singles.is_empty() {
                break;
            }
            for &(y, e) in &singles {
                h.set(self, y, e, &mut out);
            }
        }
        out
    }

    /// The first open cell none of whose candidates is left when those of `off` (per
    /// digit `d`, at `d`, the cells whose `d` is made false) go, else the first unit
    /// and digit of it without a place, as the forcing tables' test on any layout finds
    /// them.
    pub(crate) fn empty(&self, off: &[u128; 10]) -> Option<Empty> {
        let mut left = [0u128; 10];
        let mut any = 0;
        for d in 1..=9 {
            left[d] = self.planes[d] & !off[d];
            any |= left[d];
        }
        let dead = self.open & !any;
        if dead != 0 {
            return Some(Empty::Cell(dead.trailing_zeros() as usize));
        }
        for (u, &missing) in self.missing.iter().enumerate() {
            for d in digits(Mask::from(missing)) {
                if left[usize::from(d)] & UNIT_BITS[u] == 0 {
                    return Some(Empty::Place(d, u));
                }
            }
        }
        None
    }

    /// Takes candidate `(y, e)` away.
    fn remove(&mut self, y: usize, e: u8) {
        self.masks[y] &= !(1 << (e - 1));
        self.planes[usize::from(e)] &= !(1 << y);
        for u in units_of(y) {
            let count = &mut self.counts[u][usize::from(e)];
            *count -= 1;
            match *count {
                1 => self.ones[u] |= 1 << (e - 1),
                0 => self.ones[u] &= !(1 << (e - 1)),
                _ => {}
            }
        }
    }

    /// Sets `y` to `e` as [`look_ahead`] does, the peers that held `e` taken from
    /// `original`.
    fn set(&mut self, original: &Board9, y: usize, e: u8, out: &mut Vec<Implied>) {
        out.push((y, e, true));
        let peers = peers9(y);
        out.extend(bits(peers & original.planes[usize::from(e)]).map(|p| (p, e, false)));
        out.extend(digits(Mask::from(self.masks[y]) & !bit(e)).map(|f| (y, f, false)));
        if self.open >> y & 1 != 0 {
            self.open &= !(1 << y);
            for f in digits(Mask::from(self.masks[y])) {
                self.remove(y, f);
            }
            for p in bits(peers & self.planes[usize::from(e)]) {
                self.remove(p, e);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{look_ahead, Board9};
    use crate::candidates::{digits, Candidates};
    use crate::grid::Grid;

    /// The bit-set look-ahead lists what the general one does, premise by premise, on
    /// states of several depths (with contradictions among them).
    #[test]
    fn the_9x9_look_ahead_is_the_general_one() {
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
        ];
        let mut checked = 0;
        for p in puzzles {
            let g: Grid = p.parse().expect("a puzzle");
            let mut c = Candidates::from_grid(&g);
            for round in 0..6 {
                let b = Board9::of(&c).expect("9×9");
                for x in (0..81).filter(|&x| c.value(x) == 0) {
                    for d in digits(c.mask(x)) {
                        for on in [true, false] {
                            assert_eq!(b.look_ahead(x, d, on), look_ahead(&c, x, d, on));
                            checked += 1;
                        }
                    }
                }
                // A deeper state: take away the first open cell's first candidate
                // (possibly a wrong one, so later states may be dead).
                let Some(x) = (0..81).find(|&x| c.value(x) == 0 && c.mask(x) != 0) else {
                    break;
                };
                let d = digits(c.mask(x)).nth(round % 2).unwrap_or(1);
                c.remove(x, d);
            }
        }
        assert!(checked > 1000, "{checked} premises");
    }
}
