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

/// The bands of the other orientation than band `k` that hold the boxes in `changed`
/// (bit per box).
#[inline(always)]
fn crossing(k: usize, changed: u16) -> u8 {
    if k < 3 {
        // Box `3k + j` lies in stack `j`, band `3 + j`.
        (((changed >> (3 * k)) & 7) as u8) << 3
    } else {
        // Box `(k - 3) + 3j` lies in band `j`.
        let c = changed >> (k - 3);
        ((c & 1) | (c >> 2 & 2) | (c >> 4 & 4)) as u8
    }
}

/// A choice to branch on: a digit's configuration in a band.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    band: usize,
    digit: u32,
    config: usize,
}

impl State {
    /// The state with the givens (row-major, 0 = empty) entered in their cells and in
    /// the configurations of their two bands, not yet propagated; `None` when a value is
    /// out of range.
    pub fn from_givens(cells: &[u8; 81]) -> Option<State> {
        let mut s = State {
            boxes: [boxes::OPEN; 9],
            bands: [band::OPEN; 6],
        };
        // Per band, box position and minirow (minicolumn): the digits given there.
        let mut given = [[[0u32; 3]; 3]; 6];
        for (row, line) in cells.chunks_exact(9).enumerate() {
            for (col, &v) in line.iter().enumerate() {
                if v == 0 {
                    continue;
                }
                if v > 9 {
                    return None;
                }
                let (b, r, c) = place(row, col);
                let shift = 16 * c;
                let w = &mut s.boxes[b][r];
                *w = (*w & !(0xFFFF << shift)) | 1 << (usize::from(v) - 1 + shift);
                let bit = 1 << (v - 1);
                given[row / 3][col / 3][r] |= bit;
                given[3 + col / 3][row / 3][c] |= bit;
            }
        }
        // A given digit keeps only the configurations through its minirow (minicolumn).
        for (cfg, given) in s.bands.iter_mut().zip(&given) {
            for (c, perm) in cfg.iter_mut().zip(&band::PERMS) {
                for (g, &r) in given.iter().zip(perm) {
                    *c &= !(g[(r + 1) % 3] | g[(r + 2) % 3]);
                }
            }
        }
        Some(s)
    }

    /// Propagates to a fixpoint, starting from the boxes and bands marked dirty (bit
    /// masks). Returns `false` on a contradiction.
    ///
    /// A band restricts its boxes only when its configurations changed: otherwise the
    /// boxes already lie within the same masks.
    #[inline(always)]
    fn propagate<I: Recurse>(&mut self, mut dirty_boxes: u16, mut dirty_bands: u8) -> bool {
        loop {
            while dirty_boxes != 0 {
                let b = dirty_boxes.trailing_zeros() as usize;
                dirty_boxes &= dirty_boxes - 1;
                match I::settle(&mut self.boxes[b]) {
                    None => return false,
                    Some(true) => dirty_bands |= (1 << (b / 3)) | (1 << (3 + b % 3)),
                    Some(false) => {}
                }
            }
            if dirty_bands == 0 {
                return true;
            }
            let k = dirty_bands.trailing_zeros() as usize;
            dirty_bands &= dirty_bands - 1;
            if I::pull(&mut self.bands[k], k, &self.boxes) {
                let (boxes, bands) = self.push::<I>(k);
                dirty_boxes |= boxes;
                dirty_bands |= bands;
            }
        }
    }

    /// Band `k` restricts its boxes. Returns the boxes that changed, and the bands of
    /// the other orientation that hold them (which have not seen the change).
    #[inline(always)]
    fn push<I: Recurse>(&mut self, k: usize) -> (u16, u8) {
        let changed = I::push(&self.bands[k], k, &mut self.boxes);
        (changed, crossing(k, changed))
    }

    /// Propagates everything (after the givens are entered): the bands, which the
    /// givens already restrict, first restrict their boxes, then boxes and bands trade
    /// restrictions as usual. Starting from the bands (tdoku's choice) spares the boxes
    /// a round of settling before they hear of the givens of their rows and columns.
    #[inline(always)]
    pub fn propagate_all<I: Recurse>(&mut self) -> bool {
        for k in 0..6 {
            self.push::<I>(k);
        }
        self.propagate::<I>(0x1FF, 0x3F)
    }

    /// The band with the fewest configurations summed over digits among those where
    /// some digit still has two or more; in it the digit with the fewest (two or more),
    /// and that digit's first open configuration. `None` when every digit is settled in
    /// every band, which after propagation means the board is solved.
    #[inline(always)]
    pub fn choice(&self) -> Option<Choice> {
        let mut best: Option<(u32, usize)> = None;
        for (k, cfg) in self.bands.iter().enumerate() {
            let (open, total) = band::spread(cfg);
            if open && best.is_none_or(|(t, _)| total < t) {
                best = Some((total, k));
            }
        }
        let (_, band) = best?;
        let digit = band::narrowest(&self.bands[band])?;
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
        self.narrowed::<I>(c.band)
    }

    /// Refuses the choice: its configuration leaves its digit. Returns `false` on a
    /// contradiction after propagating.
    #[inline(always)]
    pub fn refuse<I: Recurse>(&mut self, c: Choice) -> bool {
        self.bands[c.band][c.config] &= !c.digit;
        self.narrowed::<I>(c.band)
    }

    /// Propagates after the configurations of band `k` were narrowed in a propagated
    /// state. The band restricts its boxes at once: restricting the narrowed
    /// configurations by the unchanged boxes would change nothing.
    #[inline(always)]
    fn narrowed<I: Recurse>(&mut self, k: usize) -> bool {
        let (boxes, bands) = self.push::<I>(k);
        self.propagate::<I>(boxes, bands)
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
