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
/// look-ahead, in the order it meets them (the premise first), put after what `out`
/// holds.
pub(crate) fn look_ahead(c: &Candidates, x: usize, d: u8, on: bool, out: &mut Vec<Implied>) {
    let l = c.layout();
    let mut h = c.clone();
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
        set(&mut h, x, d, out);
    } else {
        h.remove(x, d);
        out.push((x, d, false));
        if h.mask(x).count_ones() == 1 {
            let e = h.mask(x).trailing_zeros() as u8 + 1;
            set(&mut h, x, e, out);
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
            set(&mut h, y, e, out);
        }
    }
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

/// The top bit of each row's nine in a digit's plane (bit `9r + 8`).
const ROW_TOPS: u128 = spread(0x100, 9, 9);

/// The bits of each row's nine in a digit's plane but the top one.
const ROW_LOWS: u128 = spread(0xff, 9, 9);

/// The top bit of each box's three in [`places`]' boxes word.
const BOX_TOPS: u128 = spread(4, 3, 9);

/// The bits of each box's three in [`places`]' boxes word but the top one.
const BOX_LOWS: u128 = spread(3, 3, 9);

/// `count` copies of `bits`, `step` apart.
const fn spread(bits: u128, step: u32, count: u32) -> u128 {
    let mut t = 0;
    let mut k = 0;
    while k < count {
        t |= bits << (k * step);
        k += 1;
    }
    t
}

/// The bit of each 9×9 unit (the layout's order) in [`places`]' words; they rise
/// with the unit.
const UNIT_AT: [u128; 27] = {
    let mut t = [0u128; 27];
    let mut k = 0;
    while k < 9 {
        t[k] = 1 << (9 * k + 8);
        t[9 + k] = 1 << (81 + k);
        t[18 + k] = 1 << (90 + 3 * k + 2);
        k += 1;
    }
    t
};

/// Every bit of [`UNIT_AT`].
const ALL_UNITS: u128 = ROW_TOPS | 0x1ff << 81 | BOX_TOPS << 90;

/// The units of the 9×9 board in which the cells of `plane` hold a place, at their
/// bits of [`UNIT_AT`]: a row at the top bit of its nine (bit `9r + 8`), set when
/// any of the nine is; a column `c` at bit `81 + c`, from the nine rows OR-ed
/// together; a box `b` at the top bit of its three (bit `90 + 3b + 2`) in the word
/// of each band's three rows OR-ed together.
fn places(plane: u128) -> u128 {
    // The low bits of a row added to all ones carry into its top bit unless all zero.
    let rows = (((plane & ROW_LOWS) + ROW_LOWS) | plane) & ROW_TOPS;
    let bands = plane | plane >> 27 | plane >> 54;
    let cols = (bands | bands >> 9 | bands >> 18) & 0x1ff;
    let stacks = plane | plane >> 9 | plane >> 18;
    let boxes = stacks & 0x1ff | (stacks >> 27 & 0x1ff) << 9 | (stacks >> 54 & 0x1ff) << 18;
    let boxes = (((boxes & BOX_LOWS) + BOX_LOWS) | boxes) & BOX_TOPS;
    rows | cols << 81 | boxes << 90
}

/// A plain 9×9 state as bit sets, for [`Board9::look_ahead`] and [`Board9::empty`]:
/// per digit `d` (at `d`) the open cells holding it, each cell's candidates, and per
/// unit how many places each digit has there, with the digits of one place as a
/// mask: a round's hidden singles are read from those masks, not from every unit and
/// digit.
#[derive(Debug, Clone)]
pub(crate) struct Board9 {
    planes: [u128; 10],
    /// Per digit (at `d`), the units it is not placed in, as [`places`] lays units out.
    missing: [u128; 10],
    /// Per digit (at `d`), the units missing it where it has no place in this state.
    bare: [u128; 10],
    masks: [u16; 81],
    open: u128,
    /// Per unit (the layout's order) and digit (at `d`): its places there.
    counts: [[u8; 10]; 27],
    /// Per unit: the digits with one place there (bit `d - 1`).
    ones: [u16; 27],
    /// Whether the state has no single: no open cell with one candidate, no digit
    /// with one place in a unit.
    calm: bool,
}

impl Board9 {
    /// The state `c` as bit sets; `None` unless it is on the plain 9×9 board.
    pub(crate) fn of(c: &Candidates) -> Option<Board9> {
        if !c.layout().is_plain_9x9() {
            return None;
        }
        let mut b = Board9 {
            planes: [0; 10],
            missing: [ALL_UNITS; 10],
            bare: [0; 10],
            masks: [0; 81],
            open: 0,
            counts: [[0; 10]; 27],
            ones: [0; 27],
            calm: false,
        };
        for y in (0..81).filter(|&y| c.value(y) != 0) {
            for u in units_of(y) {
                b.missing[usize::from(c.value(y))] &= !UNIT_AT[u];
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
        for d in 1..=9 {
            b.bare[d] = b.missing[d] & !places(b.planes[d]);
        }
        b.calm =
            b.ones.iter().all(|&o| o == 0) && bits(b.open).all(|y| b.masks[y].count_ones() > 1);
        Some(b)
    }

    /// [`look_ahead`] of candidate `(x, d)` of this state: the same list, put after
    /// what `out` holds.
    pub(crate) fn look_ahead(&self, x: usize, d: u8, on: bool, out: &mut Vec<Implied>) {
        // Taken false, a candidate of a state with no single that leaves its cell two
        // candidates or more, and its digit two places or more in each of its units,
        // makes no single: it forces nothing but itself.
        if !on
            && self.calm
            && self.masks[x].count_ones() > 2
            && units_of(x)
                .into_iter()
                .all(|u| self.counts[u][usize::from(d)] > 2)
        {
            out.push((x, d, false));
            return;
        }
        let mut h = self.clone();
        if on {
            h.set(self, x, d, out);
        } else {
            h.remove(x, d);
            out.push((x, d, false));
            if h.masks[x].count_ones() == 1 {
                let e = h.masks[x].trailing_zeros() as u8 + 1;
                h.set(self, x, e, out);
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
                h.set(self, y, e, out);
            }
        }
    }

    /// The first open cell none of whose candidates is left when those of `off` (per
    /// digit `d`, at `d`, the cells whose `d` is made false) go, else the first unit
    /// and digit of it without a place, as the forcing tables' test on any layout finds
    /// them.
    pub(crate) fn empty(&self, off: &[u128; 10]) -> Option<Empty> {
        // Per digit, the units missing it where it has no place left (as in this
        // state where none of its candidates goes).
        let mut empty = [0u128; 10];
        let (mut any, mut all) = (0, 0);
        for d in 1..=9 {
            let left = self.planes[d] & !off[d];
            any |= left;
            empty[d] = match off[d] {
                0 => self.bare[d],
                _ => self.missing[d] & !places(left),
            };
            all |= empty[d];
        }
        let dead = self.open & !any;
        if dead != 0 {
            return Some(Empty::Cell(dead.trailing_zeros() as usize));
        }
        if all == 0 {
            return None;
        }
        // The first unit (they are laid out in order), and the lowest digit there.
        let at = all.trailing_zeros() as usize;
        let u = match at {
            ..81 => at / 9,
            81..90 => at - 72,
            _ => 18 + (at - 90) / 3,
        };
        let d = (1..=9u8)
            .find(|&d| empty[usize::from(d)] >> at & 1 != 0)
            .expect("a digit has the bit");
        Some(Empty::Place(d, u))
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
    use super::{look_ahead, Board9, Empty};
    use crate::candidates::{bit, digits, Candidates};
    use crate::grid::Grid;

    /// [`Board9::empty`] the plain way: the first open cell with no candidate left
    /// when `off` (per candidate) goes, else the first unit and lowest digit not placed
    /// in it without a place left.
    fn empty_by_units(c: &Candidates, off: &[[bool; 10]; 81]) -> Option<Empty> {
        let left = |y: usize, d: u8| c.value(y) == 0 && c.has(y, d) && !off[y][usize::from(d)];
        if let Some(y) = (0..81).find(|&y| c.value(y) == 0 && !(1..=9).any(|d| left(y, d))) {
            return Some(Empty::Cell(y));
        }
        for (u, unit) in c.layout().units().iter().enumerate() {
            let placed = unit.cells.iter().fold(0, |m, &y| match c.value(y) {
                0 => m,
                v => m | bit(v),
            });
            for d in (1..=9).filter(|&d| placed & bit(d) == 0) {
                if !unit.cells.iter().any(|&y| left(y, d)) {
                    return Some(Empty::Place(d, u));
                }
            }
        }
        None
    }

    /// The bit-set test for an empty place finds what the plain one does, on states
    /// taken apart at random (some with digits left without a place before anything
    /// goes) and random candidates made false, few or many.
    #[test]
    fn the_9x9_empty_place_is_the_first_by_units() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |k: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) % k
        };
        let g: Grid =
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."
                .parse()
                .expect("a puzzle");
        let (mut cells, mut places, mut none) = (0, [0; 3], 0);
        for round in 0..400 {
            let mut c = Candidates::from_grid(&g);
            for _ in 0..next(40) {
                let y = next(81) as usize;
                let d = next(9) as u8 + 1;
                if c.value(y) == 0 && c.has(y, d) {
                    match round % 3 {
                        0 if c.mask(y).count_ones() > 1 => c.place(y, d),
                        _ => {
                            c.remove(y, d);
                        }
                    }
                }
            }
            let b = Board9::of(&c).expect("9×9");
            let odds = [2, 8, 30, 200][round % 4];
            let mut off = [[false; 10]; 81];
            let mut off9 = [0u128; 10];
            for y in (0..81).filter(|&y| c.value(y) == 0) {
                for d in digits(c.mask(y)) {
                    if next(odds) == 0 {
                        off[y][usize::from(d)] = true;
                        off9[usize::from(d)] |= 1 << y;
                    }
                }
            }
            let want = empty_by_units(&c, &off);
            assert_eq!(b.empty(&off9), want, "round {round}");
            match want {
                Some(Empty::Cell(_)) => cells += 1,
                Some(Empty::Place(_, u)) => places[u / 9] += 1,
                None => none += 1,
            }
        }
        assert!(cells > 0 && none > 0, "{cells} {none}");
        assert!(places.iter().all(|&k| k > 0), "{places:?}");
    }

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
                            let (mut fast, mut general) = (Vec::new(), Vec::new());
                            b.look_ahead(x, d, on, &mut fast);
                            look_ahead(&c, x, d, on, &mut general);
                            assert_eq!(fast, general);
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

    /// On states with no single left (where the forcing nets run), a candidate taken
    /// false that makes no single forces only itself, read without a look-ahead: the
    /// same list as the general look-ahead, on many such premises.
    #[test]
    fn a_calm_state_forces_nothing_from_a_quiet_candidate() {
        let (mut quiet, mut checked) = (0, 0);
        for (_, c, _) in crate::logic::basic_states(40) {
            let b = Board9::of(&c).expect("9×9");
            if !b.calm {
                continue;
            }
            for x in (0..81).filter(|&x| c.value(x) == 0) {
                for d in digits(c.mask(x)) {
                    let (mut fast, mut general) = (Vec::new(), Vec::new());
                    b.look_ahead(x, d, false, &mut fast);
                    look_ahead(&c, x, d, false, &mut general);
                    assert_eq!(fast, general);
                    quiet += usize::from(general.len() == 1);
                    checked += 1;
                }
            }
        }
        assert!(quiet > 500 && quiet < checked, "{quiet} of {checked}");
    }
}
