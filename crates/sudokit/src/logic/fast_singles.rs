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
const UNITS: [[u8; 9]; 27] = units();

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

/// The digits seen once or more (`once`) and twice or more (`more`) in a group of
/// cells, from those of its parts.
#[inline]
fn join(a: (u64, u64), b: (u64, u64), c: (u64, u64)) -> (u64, u64) {
    let once = a.0 | b.0 | c.0;
    let more = a.1 | b.1 | c.1 | (a.0 & b.0) | (c.0 & (a.0 | b.0));
    (once, more)
}

/// `once` and `more` (see [`join`]) of every unit, in the layout's order. Each row and
/// column is three segments of three cells; a box is the three row segments of its
/// band and stack.
fn unit_digits(m: &[u64; 81]) -> [(u64, u64); 27] {
    let mut out = [(0, 0); 27];
    let cell = |x: u64| (x, 0);
    let mut row_seg = [[(0, 0); 3]; 9];
    for (r, segs) in row_seg.iter_mut().enumerate() {
        for (s, seg) in segs.iter_mut().enumerate() {
            let at = r * 9 + s * 3;
            *seg = join(cell(m[at]), cell(m[at + 1]), cell(m[at + 2]));
        }
        out[r] = join(segs[0], segs[1], segs[2]);
    }
    for band in 0..3 {
        for stack in 0..3 {
            let seg = |k: usize| row_seg[band * 3 + k][stack];
            out[18 + band * 3 + stack] = join(seg(0), seg(1), seg(2));
        }
    }
    for col in 0..9 {
        let seg = |band: usize| {
            let at = band * 27 + col;
            join(cell(m[at]), cell(m[at + 9]), cell(m[at + 18]))
        };
        out[9 + col] = join(seg(0), seg(1), seg(2));
    }
    out
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

/// Which singles the solver uses; built only for the plain 9×9 layout.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Singles {
    full_house: bool,
    hidden: bool,
    naked: bool,
}

impl Singles {
    /// The fast path for a solver that tries `order`, on `layout`: `None` unless the
    /// layout is the plain 9×9 board. The singles rate below every other technique, so
    /// they lead the order; also returns how many techniques at its front they are.
    pub(crate) fn new(
        layout: &Layout,
        order: impl Iterator<Item = Technique>,
    ) -> Option<(Singles, usize)> {
        let plain = layout.size() == 9
            && layout.box_rows() == 3
            && layout.box_cols() == 3
            && layout.is_classic();
        if !plain {
            return None;
        }
        let mut s = Singles {
            full_house: false,
            hidden: false,
            naked: false,
        };
        let mut skip = 0;
        for t in order.take_while(|t| t.family() == Family::Singles) {
            match t {
                Technique::FullHouse => s.full_house = true,
                Technique::HiddenSingle => s.hidden = true,
                _ => s.naked = true,
            }
            skip += 1;
        }
        Some((s, skip))
    }

    /// Checks whether `c` is finished, then fills `batch` with the singles of the first
    /// enabled technique that has any, exactly as the solver would pick them from the
    /// finders' steps: full houses in unit order; hidden singles in boxes if there are
    /// any (rated 1.2), else those in rows and columns (1.5); naked singles in cell
    /// order. A cell that is the single of several units is kept once, with the first.
    ///
    /// The pass relies on open cells having candidates and filled cells none; any
    /// other state (a contradiction, or a filled cell that keeps candidates, possible
    /// only from hand-made parts) is left to the solver's own check and the finders
    /// ([`Round::Finders`]).
    pub(crate) fn round(&self, c: &Candidates, batch: &mut Batch) -> Round {
        let masks: &[u64; 81] = c.masks().try_into().expect("a 9×9 state has 81 cells");
        let (mut any, mut odd) = (0u64, false);
        for (cell, &m) in masks.iter().enumerate() {
            any |= m;
            odd |= (c.value(cell) == 0) == (m == 0);
        }
        if odd {
            return Round::Finders;
        }
        if any == 0 {
            return Round::Solved;
        }
        batch.singles.clear();
        let units = unit_digits(masks);
        if self.full_house && full_houses(masks, &units, batch) {
            return Round::Found;
        }
        if self.hidden && hidden_singles(masks, &units, batch) {
            return Round::Found;
        }
        if self.naked && naked_singles(masks, batch) {
            return Round::Found;
        }
        Round::Nothing
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
fn full_houses(masks: &[u64; 81], units: &[(u64, u64); 27], batch: &mut Batch) -> bool {
    let mut seen = 0u128;
    for (u, &(once, more)) in units.iter().enumerate() {
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
fn hidden_singles(masks: &[u64; 81], units: &[(u64, u64); 27], batch: &mut Batch) -> bool {
    batch.technique = Technique::HiddenSingle;
    let in_box = Rating(Technique::HiddenSingle.info().se_tenths);
    for (range, rating) in [(18..27, in_box), (0..18, LINE_HIDDEN_SINGLE)] {
        let mut seen = 0u128;
        for u in range {
            let (once, more) = units[u];
            let mut singles = once & !more;
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
