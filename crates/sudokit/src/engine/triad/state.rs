//! The whole board: nine boxes ([`super::boxes`]) and six bands ([`super::band`]), and
//! propagation between them to a fixpoint.

use super::band::{self, Configs};
use super::boxes::{self, Lanes};
use super::search::Recurse;

/// A board state: 9 boxes of 16 lanes, 6 bands of configurations (3 horizontal, then 3
/// vertical). About 400 bytes; the search copies it at every branch.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct State {
    boxes: [Lanes; 9],
    bands: [Configs; 6],
}

/// Box, matrix row and matrix column of cell `(row, col)`.
#[inline(always)]
fn place(row: usize, col: usize) -> (usize, usize, usize) {
    ((row / 3) * 3 + col / 3, row % 3, col % 3)
}

/// A choice to branch on: a digit's configuration in a band.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    band: usize,
    digit: u16,
    config: usize,
}

impl State {
    /// The state with the givens (row-major, 0 = empty) entered, not yet propagated;
    /// `None` when a value is out of range.
    pub fn from_givens(cells: &[u8; 81]) -> Option<State> {
        let mut s = State {
            boxes: [boxes::OPEN; 9],
            bands: [band::OPEN; 6],
        };
        for (i, &v) in cells.iter().enumerate() {
            match v {
                0 => {}
                1..=9 => {
                    let (b, r, c) = place(i / 9, i % 9);
                    let shift = 16 * c;
                    let w = &mut s.boxes[b][r];
                    *w = (*w & !(0xFFFF << shift)) | 1 << (usize::from(v) - 1 + shift);
                }
                _ => return None,
            }
        }
        Some(s)
    }

    /// Propagates to a fixpoint, starting from the boxes and bands marked dirty (bit
    /// masks); `stale` marks bands whose configurations changed since they last
    /// restricted their boxes. Returns `false` on a contradiction.
    ///
    /// A band restricts its boxes only when its configurations changed: otherwise the
    /// boxes already lie within the same masks.
    #[inline(always)]
    fn propagate<I: Recurse>(
        &mut self,
        mut dirty_boxes: u16,
        mut dirty_bands: u8,
        stale: u8,
    ) -> bool {
        let mut stale = stale;
        loop {
            while dirty_boxes != 0 {
                let b = dirty_boxes.trailing_zeros() as usize;
                dirty_boxes &= dirty_boxes - 1;
                let before = self.boxes[b];
                if !I::settle(&mut self.boxes[b]) {
                    return false;
                }
                if self.boxes[b] != before {
                    dirty_bands |= (1 << (b / 3)) | (1 << (3 + b % 3));
                }
            }
            if dirty_bands == 0 {
                return true;
            }
            let k = dirty_bands.trailing_zeros() as usize;
            dirty_bands &= dirty_bands - 1;
            let cfg = &mut self.bands[k];
            let before = *cfg;
            let [b0, b1, b2] = [0, 1, 2].map(|j| band::box_of(k, j));
            band::pull(cfg, k, [&self.boxes[b0], &self.boxes[b1], &self.boxes[b2]]);
            if *cfg == before && stale & (1 << k) == 0 {
                continue;
            }
            stale &= !(1 << k);
            if !band::feasible(cfg) {
                return false;
            }
            let masks = band::push(cfg, k);
            for (j, mask) in masks.iter().enumerate() {
                let b = band::box_of(k, j);
                let cur = self.boxes[b];
                let next: Lanes = [
                    cur[0] & mask[0],
                    cur[1] & mask[1],
                    cur[2] & mask[2],
                    cur[3] & mask[3],
                ];
                if next != self.boxes[b] {
                    self.boxes[b] = next;
                    dirty_boxes |= 1 << b;
                    // The box's band of the other orientation has not seen this change.
                    dirty_bands |= if k < 3 {
                        1 << (3 + b % 3)
                    } else {
                        1 << (b / 3)
                    };
                }
            }
        }
    }

    /// Propagates everything (after the givens are entered).
    #[inline(always)]
    pub fn propagate_all<I: Recurse>(&mut self) -> bool {
        self.propagate::<I>(0x1FF, 0x3F, 0)
    }

    /// The band with the fewest configurations summed over digits among those where
    /// some digit still has two or more; in it the digit with the fewest (two or more),
    /// and that digit's first open configuration. `None` when every digit is settled in
    /// every band, which after propagation means the board is solved.
    #[inline(always)]
    pub fn choice(&self) -> Option<Choice> {
        let mut best: Option<(u32, usize, [u32; 9])> = None;
        for (k, cfg) in self.bands.iter().enumerate() {
            let (n, total) = band::counts(cfg);
            if n.iter().any(|&c| c >= 2) && best.is_none_or(|(t, _, _)| total < t) {
                best = Some((total, k, n));
            }
        }
        let (_, band, n) = best?;
        let d = (0..9)
            .filter(|&d| n[d] >= 2)
            .min_by_key(|&d| n[d])
            .unwrap_or(0);
        let digit = 1u16 << d;
        let config = self.bands[band].iter().position(|&c| c & digit != 0)?;
        Some(Choice {
            band,
            digit,
            config,
        })
    }

    /// Takes the choice: only its configuration stays for its digit. Returns `false` on
    /// a contradiction after propagating.
    #[inline(always)]
    pub fn take<I: Recurse>(&mut self, c: Choice) -> bool {
        for (p, cfg) in self.bands[c.band].iter_mut().enumerate() {
            if p != c.config {
                *cfg &= !c.digit;
            }
        }
        self.propagate::<I>(0, 1 << c.band, 1 << c.band)
    }

    /// Refuses the choice: its configuration leaves its digit. Returns `false` on a
    /// contradiction after propagating.
    #[inline(always)]
    pub fn refuse<I: Recurse>(&mut self, c: Choice) -> bool {
        self.bands[c.band][c.config] &= !c.digit;
        self.propagate::<I>(0, 1 << c.band, 1 << c.band)
    }

    /// The digits of a solved board, row-major; `None` if a cell is not settled.
    #[inline(always)]
    pub fn digits(&self) -> Option<[u8; 81]> {
        let mut out = [0u8; 81];
        for (i, slot) in out.iter_mut().enumerate() {
            let (b, r, c) = place(i / 9, i % 9);
            let v = boxes::lane(&self.boxes[b], r, c);
            if v.count_ones() != 1 {
                return None;
            }
            *slot = v.trailing_zeros() as u8 + 1;
        }
        Some(out)
    }
}
