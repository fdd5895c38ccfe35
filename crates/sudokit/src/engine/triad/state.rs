//! The whole board: nine boxes ([`super::boxes`]) and six bands ([`super::band`]), and
//! the messages between them until nothing changes.

use super::band::{self, Band, PERMS};
use super::boxes::{self, lane, Lanes, Restricted};

/// A board state: 6 bands (3 horizontal, then 3 vertical) and 9 boxes of 16 lanes.
/// 480 bytes; the search copies it at every branch.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(32))]
pub struct State {
    pub(super) bands: [Band; 6],
    pub(super) boxes: [Lanes; 9],
}

/// A choice to branch on: a digit's configuration in a band.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    pub(super) band: usize,
    pub(super) digit: u16,
    pub(super) config: usize,
}

/// The horizontal band of box `b`, and the box's position in it.
#[inline(always)]
pub fn across(b: usize) -> (usize, usize) {
    (b / 3, b % 3)
}

/// The vertical band of box `b`, and the box's position in it.
#[inline(always)]
pub fn down(b: usize) -> (usize, usize) {
    (3 + b % 3, b / 3)
}

impl State {
    /// The state with the givens (row-major, 0 = empty) in their cells and their
    /// eliminations pending in their two bands, not yet propagated; `None` when a value
    /// is out of range.
    pub fn from_givens(cells: &[u8; 81]) -> Option<State> {
        let mut s = State {
            bands: [band::OPEN; 6],
            boxes: [boxes::OPEN; 9],
        };
        for (row, line) in cells.chunks_exact(9).enumerate() {
            for (col, &v) in line.iter().enumerate() {
                if v == 0 {
                    continue;
                }
                if v > 9 {
                    return None;
                }
                let b = (row / 3) * 3 + col / 3;
                let (r, c) = (row % 3, col % 3);
                let digit = 1u16 << (v - 1);
                let shift = 16 * c;
                let w = &mut s.boxes[b][r];
                *w = (*w & !(0xFFFF << shift)) | u64::from(digit) << shift;
                // What `band::report` sends for one digit placed in minirow `here`,
                // written out: through `report`, the entry of the givens took about a
                // third more time on the serg set.
                for ((k, j), here) in [(across(b), r), (down(b), c)] {
                    for (p, perm) in PERMS.iter().enumerate() {
                        if perm[j] != here {
                            s.bands[k].pending[p] |= digit;
                        }
                    }
                }
            }
        }
        Some(s)
    }

    /// The state with only the digits `cands` gives each cell (bit `d` = digit `d + 1`,
    /// row-major) kept, the boxes' own rounds run and their reports to the bands
    /// pending, not yet propagated; `None` on a contradiction inside a box.
    pub fn kept(mut self, cands: &[u16; 81]) -> Option<State> {
        let all = (0..9).all(|b| {
            let mut mask = [u64::MAX; 4];
            for (r, word) in mask.iter_mut().take(3).enumerate() {
                for c in 0..3 {
                    let x = ((b / 3) * 3 + r) * 9 + (b % 3) * 3 + c;
                    *word &= !(u64::from(!cands[x]) << (16 * c));
                }
            }
            restrict(&mut self, b, &mask).is_some()
        });
        all.then_some(self)
    }

    /// The band with the fewest configurations summed over digits among those with ten
    /// or more; in it the digit with the fewest (two or more), and that digit's first
    /// open configuration. `None` when every band has nine or fewer: then each digit has
    /// exactly one configuration in every band (the board is solved), or some digit has
    /// none (a contradiction).
    #[inline(always)]
    pub fn choice(&self) -> Option<Choice> {
        // The count, then the band, in one key kept with `min` rather than a branch.
        let mut best = u32::MAX;
        for (k, b) in self.bands.iter().enumerate() {
            let total = band::total(&b.cfg);
            let key = if total >= 10 {
                total << 3 | k as u32
            } else {
                u32::MAX
            };
            best = best.min(key);
        }
        if best == u32::MAX {
            return None;
        }
        let band = (best & 7) as usize;
        let cfg = &self.bands[band].cfg;
        let digit = band::narrowest(cfg)?;
        let config = cfg.iter().position(|&c| c & digit != 0)?;
        Some(Choice {
            band,
            digit,
            config,
        })
    }

    /// Whether every cell holds a single digit. Propagation leaves no cell empty, so
    /// this counts the candidates of all cells.
    #[inline(always)]
    pub fn solved(&self) -> bool {
        let count =
            |b: &Lanes| -> u32 { (0..3).map(|r| (b[r] & boxes::CELL[r]).count_ones()).sum() };
        self.boxes.iter().map(count).sum::<u32>() == 81
    }

    /// The digits of a solved board, row-major (the lowest candidate of each cell).
    #[inline(always)]
    pub fn digits(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (b, lanes) in self.boxes.iter().enumerate() {
            for (r, &w) in lanes.iter().take(3).enumerate() {
                let row = (b / 3) * 3 + r;
                for c in 0..3 {
                    let v = (w >> (16 * c)) as u16;
                    out[row * 9 + (b % 3) * 3 + c] = v.trailing_zeros() as u8 + 1;
                }
            }
        }
        out
    }
}

/// One band step with plain integer code: band `k` applies what is pending, restricts
/// its three boxes, and each box that changed reports to its two bands. Returns the
/// bands that received reports, or `None` on a contradiction.
#[inline(always)]
pub fn step(s: &mut State, k: usize) -> Option<u8> {
    let Some(t) = band::eliminate(&mut s.bands[k]) else {
        return Some(0);
    };
    let mut dirty = 0;
    for (j, t) in t.iter().enumerate() {
        dirty |= restrict(s, band::box_of(k, j), &band::mask(t, k >= 3))?;
    }
    Some(dirty)
}

/// Restricts box `b` to `mask` ([`boxes::restrict`]) and, when it changed, reports what
/// it asserts to its two bands. Returns the bands that received reports, or `None` on a
/// contradiction.
#[inline(always)]
fn restrict(s: &mut State, b: usize, mask: &Lanes) -> Option<u8> {
    match boxes::restrict(&mut s.boxes[b], mask) {
        Restricted::Unchanged => Some(0),
        Restricted::Contradiction => None,
        Restricted::Changed(report) => {
            let (h, jh) = across(b);
            let (v, jv) = down(b);
            let side = |l: &Lanes, r: usize, vertical: bool| {
                if vertical {
                    lane(l, 3, r)
                } else {
                    lane(l, r, 3)
                }
            };
            for (band, j, vertical) in [(h, jh, false), (v, jv, true)] {
                let absent = [0, 1, 2].map(|r| side(&report.asserted, r, vertical));
                let present = [0, 1, 2].map(|r| side(&report.placed, r, vertical));
                let sent = band::report(absent, present, j);
                for (e, x) in s.bands[band].pending.iter_mut().zip(sent) {
                    *e |= x;
                }
            }
            Some(1 << h | 1 << v)
        }
    }
}
