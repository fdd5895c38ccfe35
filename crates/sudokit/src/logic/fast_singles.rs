//! The solver's fast path for singles on the classic 9×9 board.
//!
//! Most rounds of a solve place singles, and the solver asks for full house, hidden
//! single and naked single again at every round. The finders of [`super::singles`]
//! work on every layout through its unit tables and build a [`super::Step`] for every
//! single they see. On a plain 9×9 board, [`Singles::round`] makes one pass over fixed
//! unit tables and finds the same singles, in the same order and with the same
//! deduplication, as plain (cell, digit, unit) triples; the solver then fills one
//! reused step for each single it applies. The finders stay the reference (and serve
//! `find` and `hint`); the tests below compare the two on every round of the sample
//! puzzles.

use super::singles::LINE_HIDDEN_SINGLE;
use super::step::Rating;
use super::technique::{Family, Technique};
use crate::candidates::Candidates;
use crate::layout::Layout;

/// The 27 units of the 9×9 board, in the layout's order (rows, columns, boxes), each
/// with its cells in increasing order.
pub(crate) const UNITS: [[u8; 9]; 27] = units();

const fn units() -> [[u8; 9]; 27] {
    let mut t = [[0u8; 9]; 27];
    let mut u = 0;
    while u < 9 {
        let mut i = 0;
        while i < 9 {
            t[u][i] = (u * 9 + i) as u8;
            t[9 + u][i] = (i * 9 + u) as u8;
            t[18 + u][i] = ((u / 3 * 3 + i / 3) * 9 + u % 3 * 3 + i % 3) as u8;
            i += 1;
        }
        u += 1;
    }
    t
}

/// Whether `x` has exactly one bit set (without `count_ones`, which is a long
/// sequence on CPUs assumed to lack `popcnt`).
#[inline]
pub(crate) fn one_bit(x: u64) -> bool {
    x != 0 && x & (x - 1) == 0
}

/// The digits seen once or more and twice or more in a group of cells, from those of
/// its three parts.
#[inline(always)]
fn join(once: [u64; 3], more: [u64; 3]) -> (u64, u64) {
    let [a, b, c] = once;
    (
        a | b | c,
        more[0] | more[1] | more[2] | (a & b) | (c & (a | b)),
    )
}

/// For every unit, in the layout's order, the digits that are candidates in one cell
/// or more (`once`) and in two or more (`more`). Each row and column is three segments
/// of three cells; a box is the three row segments of its band and stack. Returns how
/// many cells have no candidates.
fn unit_digits(m: &[u64; 81], once: &mut [u64; 27], more: &mut [u64; 27]) -> usize {
    // Row segment `i` is row `i / 3` in stack `i % 3`: cells `3i..3i + 3`.
    let (mut so, mut sm) = ([0u64; 27], [0u64; 27]);
    let mut empty = 0;
    for i in 0..27 {
        let cells = [m[3 * i], m[3 * i + 1], m[3 * i + 2]];
        empty += cells.iter().map(|&x| usize::from(x == 0)).sum::<usize>();
        (so[i], sm[i]) = join(cells, [0; 3]);
    }
    for r in 0..9 {
        let at = 3 * r;
        (once[r], more[r]) = join(
            [so[at], so[at + 1], so[at + 2]],
            [sm[at], sm[at + 1], sm[at + 2]],
        );
    }
    for b in 0..9 {
        let at = (b / 3) * 9 + b % 3;
        (once[18 + b], more[18 + b]) = join(
            [so[at], so[at + 3], so[at + 6]],
            [sm[at], sm[at + 3], sm[at + 6]],
        );
    }
    // Column segment: a column within one band.
    let (mut co, mut cm) = ([0u64; 27], [0u64; 27]);
    for band in 0..3 {
        for col in 0..9 {
            let at = band * 27 + col;
            (co[band * 9 + col], cm[band * 9 + col]) = join([m[at], m[at + 9], m[at + 18]], [0; 3]);
        }
    }
    for col in 0..9 {
        (once[9 + col], more[9 + col]) = join(
            [co[col], co[col + 9], co[col + 18]],
            [cm[col], cm[col + 9], cm[col + 18]],
        );
    }
    empty
}

/// One single: its cell and digit, and the unit that makes it one (an index into the
/// layout's units; 0 for a naked single, which has none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Single {
    pub cell: u8,
    pub digit: u8,
    pub unit: u8,
}

/// The singles one round applies: all of one technique and rating, in finder order.
#[derive(Debug, Clone)]
pub(crate) struct Batch {
    pub technique: Technique,
    pub rating: Rating,
    pub singles: Vec<Single>,
}

impl Default for Batch {
    fn default() -> Batch {
        Batch {
            technique: Technique::FullHouse,
            rating: Rating(0),
            singles: Vec::with_capacity(81),
        }
    }
}

/// What a round of the fast path saw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Round {
    /// The state is solved.
    Solved,
    /// The batch holds the singles to apply.
    Found,
    /// No enabled single: the solver goes on with its other techniques.
    Nothing,
    /// The state is one the pass does not cover: the solver checks it and asks the
    /// finders.
    Finders,
}

/// Which singles the solver uses, and how many cells are filled; built only for the
/// plain 9×9 layout.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Singles {
    full_house: bool,
    hidden: bool,
    naked: bool,
    /// Whether naked singles come before hidden singles (HoDoKu's order).
    naked_first: bool,
    /// The filled cells, once a full look at the state has shown that they, and only
    /// they, have no candidates left (or have none because an open cell is empty too).
    /// [`Singles::placed`] keeps it up to date; [`Singles::forget`] asks for a new look.
    filled: Option<usize>,
}

impl Singles {
    /// The fast path for a solver that tries `order`, on `layout`: `None` unless the
    /// layout is the plain 9×9 board. The singles rate below every other technique, so
    /// they lead the order; also returns how many techniques at its front they are.
    pub(crate) fn new(
        layout: &Layout,
        order: impl Iterator<Item = Technique>,
    ) -> Option<(Singles, usize)> {
        if !layout.is_plain_9x9() {
            return None;
        }
        let mut s = Singles {
            full_house: false,
            hidden: false,
            naked: false,
            naked_first: false,
            filled: None,
        };
        let mut skip = 0;
        for t in order.take_while(|t| t.family() == Family::Singles) {
            match t {
                Technique::FullHouse => s.full_house = true,
                Technique::HiddenSingle => s.hidden = true,
                _ => {
                    s.naked = true;
                    s.naked_first = !s.hidden;
                }
            }
            skip += 1;
        }
        Some((s, skip))
    }

    /// Checks whether `c` is finished, then fills `batch` with the singles of the first
    /// enabled technique that has any (full house, hidden single, naked single, or
    /// naked before hidden when the order puts them so), exactly as the solver would
    /// pick them from the finders' steps: full houses in unit order; hidden singles in
    /// boxes if there are any (rated 1.2), else those in rows and columns (1.5); naked
    /// singles in cell order. A cell that is the single of several units is kept once, with the first.
    ///
    /// The pass relies on open cells having candidates and filled cells none; any
    /// other state (a contradiction, or a filled cell that keeps candidates, possible
    /// only from hand-made parts) is left to the solver's own check and the finders
    /// ([`Round::Finders`]).
    pub(crate) fn round(&mut self, c: &Candidates, batch: &mut Batch) -> Round {
        let masks: &[u64; 81] = c.masks().try_into().expect("a 9×9 state has 81 cells");
        let filled = match self.filled {
            Some(filled) => filled,
            None => {
                let filled = (0..81).filter(|&cell| c.value(cell) != 0).count();
                if (0..81).any(|cell| c.value(cell) != 0 && masks[cell] != 0) {
                    return Round::Finders;
                }
                *self.filled.insert(filled)
            }
        };
        let (mut once, mut more) = ([0u64; 27], [0u64; 27]);
        let empty = unit_digits(masks, &mut once, &mut more);
        // Filled cells have no candidates: any other cell without is an open one.
        if empty > filled {
            return Round::Finders;
        }
        if filled == 81 {
            return Round::Solved;
        }
        batch.singles.clear();
        if self.full_house && full_houses(masks, &once, &more, batch) {
            return Round::Found;
        }
        let naked_first = self.naked && self.naked_first;
        if naked_first && naked_singles(masks, batch) {
            return Round::Found;
        }
        if self.hidden && hidden_singles(masks, &once, &more, batch) {
            return Round::Found;
        }
        if self.naked && !naked_first && naked_singles(masks, batch) {
            return Round::Found;
        }
        Round::Nothing
    }

    /// Which singles are enabled: full house, naked single, hidden single.
    pub(crate) fn enabled(&self) -> (bool, bool, bool) {
        (self.full_house, self.naked, self.hidden)
    }

    /// Accounts for a digit placed in an open cell.
    pub(crate) fn placed(&mut self) {
        if let Some(filled) = &mut self.filled {
            *filled += 1;
        }
    }

    /// Asks for a full look at the state at the next round (after steps from
    /// elsewhere were applied).
    pub(crate) fn forget(&mut self) {
        self.filled = None;
    }
}

/// Appends `cell` unless `seen` already holds it.
fn push(batch: &mut Batch, seen: &mut u128, cell: usize, digit: u8, unit: usize) {
    if *seen >> cell & 1 == 0 {
        *seen |= 1 << cell;
        batch.singles.push(Single {
            cell: cell as u8,
            digit,
            unit: unit as u8,
        });
    }
}

/// Units whose candidates are one digit, in one cell.
fn full_houses(masks: &[u64; 81], once: &[u64; 27], more: &[u64; 27], batch: &mut Batch) -> bool {
    let mut seen = 0u128;
    for u in 0..27 {
        let (once, more) = (once[u], more[u]);
        if !one_bit(once) || more != 0 {
            continue;
        }
        if let Some(&at) = UNITS[u].iter().find(|&&cl| masks[cl as usize] != 0) {
            push(
                batch,
                &mut seen,
                at as usize,
                once.trailing_zeros() as u8 + 1,
                u,
            );
        }
    }
    batch.technique = Technique::FullHouse;
    batch.rating = Rating(Technique::FullHouse.info().se_tenths);
    !batch.singles.is_empty()
}

/// Digits with one place in a unit: the boxes' if any, else the rows' and columns'.
fn hidden_singles(
    masks: &[u64; 81],
    once: &[u64; 27],
    more: &[u64; 27],
    batch: &mut Batch,
) -> bool {
    batch.technique = Technique::HiddenSingle;
    let in_box = Rating(Technique::HiddenSingle.info().se_tenths);
    for (range, rating) in [(18..27, in_box), (0..18, LINE_HIDDEN_SINGLE)] {
        let mut seen = 0u128;
        for u in range {
            let mut singles = once[u] & !more[u];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles &= singles - 1;
                if let Some(&at) = UNITS[u].iter().find(|&&cl| masks[cl as usize] & bit != 0) {
                    push(
                        batch,
                        &mut seen,
                        at as usize,
                        bit.trailing_zeros() as u8 + 1,
                        u,
                    );
                }
            }
        }
        if !batch.singles.is_empty() {
            batch.rating = rating;
            return true;
        }
    }
    false
}

/// Cells with one candidate, in cell order.
fn naked_singles(masks: &[u64; 81], batch: &mut Batch) -> bool {
    for (at, &m) in masks.iter().enumerate() {
        if one_bit(m) {
            batch.singles.push(Single {
                cell: at as u8,
                digit: m.trailing_zeros() as u8 + 1,
                unit: 0,
            });
        }
    }
    batch.technique = Technique::NakedSingle;
    batch.rating = Rating(Technique::NakedSingle.info().se_tenths);
    !batch.singles.is_empty()
}
