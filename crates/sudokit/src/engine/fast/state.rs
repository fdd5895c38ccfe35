//! The bit-parallel state of a 9×9 search and its propagation.
//!
//! For each digit `d` and band `b` (rows `3b..3b+3`), the word `cand[word(d, b)]` holds
//! the 27 cells of the band where `d` is still possible; a placed digit keeps its own
//! bit. A band's nine words sit side by side, so that what concerns one band (a count
//! of candidates per cell, clearing a placed cell) runs over contiguous words, which
//! the compiler vectorises. `unsolved[b]` holds the band's cells not yet placed.
//!
//! Propagation ([`State::propagate`]) repeats three steps until nothing changes:
//!
//! 1. **Band update** of every digit-band word that changed since it was last looked
//!    at: the row/box matching rule of [`super::tables::BAND_KEEP`] (locked candidates
//!    inside the band, pointing and claiming, and hidden singles in rows and boxes);
//!    a box confined to one column removes that column from the other two bands; a row
//!    left with one cell places the digit there and clears the cell for the other
//!    digits.
//! 2. **Naked singles**: a bit-sliced count of candidates per cell (ones, twos) finds
//!    the cells with no candidate (contradiction) and with one (placed).
//! 3. **Hidden singles in columns**, once the first two have stalled, counted for the
//!    nine digits side by side.
//!
//! Every step only removes candidates, so it runs to a fixpoint; a word going empty, or
//! a cell with no candidate, is a contradiction.
//!
//! On the hard sets the time goes less to instructions than to mispredicted branches
//! (a search's data is not predictable): the band update clears a placed row's cell
//! from the band's other eight words without first asking whether there is one
//! ([`super::variant::Variant::clear_others`]), and the branch cell is kept with a
//! branch-free maximum.

use super::tables::{band_peers_keep, column, BAND, PEERS};

/// The other two bands of band `b`.
pub(super) const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// For each band position, the band's cells that survive placing there (row and box
/// peers cleared).
static PEERS_KEEP: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = band_peers_keep(p);
        p += 1;
    }
    t
};

/// For each band position, the cells other bands keep (its column cleared).
static COLUMN_CLEAR: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = BAND & !column(p % 9);
        p += 1;
    }
    t
};

/// The index of digit `d`'s word in band `b`: a band's nine words sit side by side.
#[inline(always)]
pub(super) const fn word(d: usize, b: usize) -> usize {
    9 * (b % 3) + d % 9
}

/// What a pass of naked or column hidden singles found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Singles {
    /// A cell lost its last candidate.
    Contradiction,
    /// At least one digit was placed.
    Placed,
    /// No cell has a single candidate.
    None,
}

/// Candidates of every digit, band by band (see the module docs).
#[derive(Clone, Copy)]
pub struct State {
    pub(super) cand: [u32; 27],
    /// Each word as its last band update left it.
    pub(super) seen: [u32; 27],
    pub(super) unsolved: [u32; 3],
    /// The open cells with two candidates, as the last naked-single pass found them:
    /// after a propagation that did not fail, those of the state as it stands.
    pub(super) pairs: [u32; 3],
}

impl State {
    /// The board with the givens of `cells` (row-major, 0 = empty)
    /// placed; `None` when two givens clash or a value is over 9.
    ///
    /// All givens are entered at once: each digit's word is the open cells plus its own
    /// givens, less the peers of its givens; a given that is a peer of another given of
    /// its digit clashes. Every word is left marked as changed, so the first
    /// propagation looks at all of them.
    ///
    /// Always inlined, so that [`super::dispatch::start`] compiles it for the CPU's
    /// features with the search.
    #[inline(always)]
    pub fn from_givens(cells: &[u8; 81]) -> Option<State> {
        let mut given = [0u32; 27];
        let mut seen_by = [0u32; 27];
        let mut filled = [0u32; 3];
        for (b, band) in cells.chunks_exact(27).enumerate() {
            // The given cells as a mask first (no branch per cell: which cells are
            // given is not predictable), then one pass over the givens only.
            let mut mask = 0u32;
            for (pos, &v) in band.iter().enumerate() {
                mask |= u32::from(v != 0) << pos;
            }
            filled[b] = mask;
            let mut bits = mask;
            while bits != 0 {
                let pos = bits.trailing_zeros() as usize % 27;
                bits &= bits - 1;
                let d = usize::from(band[pos]).wrapping_sub(1);
                if d >= 9 {
                    return None;
                }
                // `d < 9` is known here, so `word` needs no division.
                given[word(d, b)] |= 1 << pos;
                let peers = &PEERS[27 * b + pos];
                seen_by[word(d, 0)] |= peers[0];
                seen_by[word(d, 1)] |= peers[1];
                seen_by[word(d, 2)] |= peers[2];
            }
        }
        let mut cand = [0u32; 27];
        let mut clash = 0;
        for (b, &taken) in filled.iter().enumerate() {
            let open = BAND & !taken;
            for i in 9 * b..9 * b + 9 {
                clash |= given[i] & seen_by[i];
                cand[i] = (open | given[i]) & !seen_by[i];
            }
        }
        if clash != 0 {
            return None;
        }
        Some(State {
            cand,
            seen: [u32::MAX; 27],
            unsolved: [BAND & !filled[0], BAND & !filled[1], BAND & !filled[2]],
            pairs: [0; 3],
        })
    }

    /// How many peers of the cell `bit` of band `b` are in `cells` (three band words).
    #[inline(always)]
    pub fn peers_in(cells: &[u32; 3], b: usize, bit: u32) -> u32 {
        let peers = &PEERS[(27 * b + bit.trailing_zeros() as usize) % 81];
        (cells[0] & peers[0]).count_ones()
            + (cells[1] & peers[1]).count_ones()
            + (cells[2] & peers[2]).count_ones()
    }

    /// The cells of `cells` (three band words) where digit `x` or digit `y` is still
    /// possible.
    #[inline(always)]
    pub fn either_among(&self, x: usize, y: usize, cells: &[u32; 3]) -> [u32; 3] {
        [0, 1, 2].map(|b| (self.cand[word(x, b)] | self.cand[word(y, b)]) & cells[b])
    }

    /// How many cells digit `d` can still take.
    #[inline(always)]
    pub fn digit_places(&self, d: usize) -> u32 {
        self.cand[word(d, 0)].count_ones()
            + self.cand[word(d, 1)].count_ones()
            + self.cand[word(d, 2)].count_ones()
    }

    /// Unplaced cells of band `b`.
    #[inline(always)]
    pub fn unsolved(&self, b: usize) -> u32 {
        self.unsolved[b]
    }

    /// The open cells of band `b` with two candidates, valid right after
    /// [`State::propagate`] succeeded on an unsolved state.
    #[inline(always)]
    pub fn pairs(&self, b: usize) -> u32 {
        self.pairs[b]
    }

    /// Whether every cell is placed.
    #[inline(always)]
    pub fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// Places digit `d` (0-based) on the cell `bit` of band `b`; `false` when the digit
    /// is no longer possible there.
    #[inline(always)]
    pub fn place(&mut self, d: usize, b: usize, bit: u32) -> bool {
        let i = word(d, b);
        if self.cand[i] & bit == 0 {
            return false;
        }
        let pos = bit.trailing_zeros() as usize % 27;
        for k in 0..9 {
            self.cand[word(k, b)] &= !bit;
        }
        self.cand[i] = (self.cand[i] | bit) & PEERS_KEEP[pos];
        let [o1, o2] = OTHER_BANDS[b];
        self.cand[word(d, o1)] &= COLUMN_CLEAR[pos];
        self.cand[word(d, o2)] &= COLUMN_CLEAR[pos];
        self.unsolved[b] &= !bit;
        true
    }

    /// Removes digit `d` from the cell `bit` of band `b`.
    #[inline(always)]
    pub fn remove(&mut self, d: usize, b: usize, bit: u32) {
        self.cand[word(d, b)] &= !bit;
    }

    /// Keeps in each cell only the digits `cands` gives it (bit `d` = digit `d + 1`,
    /// row-major).
    pub fn keep(&mut self, cands: &[u16; 81]) {
        for (x, &c) in cands.iter().enumerate() {
            for d in (0..9).filter(|&d| c >> d & 1 == 0) {
                self.remove(d, x / 27, 1 << (x % 27));
            }
        }
    }

    /// Hidden singles in columns: a digit with one open place left in a column where it
    /// is not placed goes there; a column with no place left for a digit is a
    /// contradiction.
    ///
    /// A digit's count runs over its three band words at once ([`column_single`]).
    /// Digits 0 to 7 sit at the same offsets of the three bands, so their counts run side
    /// by side as eight lanes (one AVX2 register); digit 8 runs on its own.
    #[inline(always)]
    pub(super) fn column_singles(&mut self) -> Singles {
        let u = self.unsolved;
        let (mut missing, mut any) = (0, 0);
        let mut singles = [0u32; 9];
        let [w0, w1, w2] = [0, 1, 2].map(|b| &self.cand[word(0, b)..][..9]);
        for d in 0..9 {
            let (one, miss) = column_single(w0[d], w1[d], w2[d], u);
            singles[d] = one;
            missing |= miss;
            any |= one;
        }
        if missing != 0 {
            return Singles::Contradiction;
        }
        if any == 0 {
            return Singles::None;
        }
        for (d, &single) in singles.iter().enumerate() {
            let mut cols = single;
            while cols != 0 {
                let col = column(cols.trailing_zeros() as usize);
                cols &= cols - 1;
                for b in 0..3 {
                    let bit = self.cand[word(d, b)] & self.unsolved[b] & col;
                    if bit != 0 && !self.place(d, b, bit) {
                        return Singles::Contradiction;
                    }
                }
            }
        }
        Singles::Placed
    }

    /// Bit-sliced candidate counts of band `b`: cells with at least one, two, three and
    /// four candidates.
    #[inline(always)]
    pub fn counts(&self, b: usize) -> (u32, u32, u32, u32) {
        let (mut c1, mut c2, mut c3, mut c4) = (0, 0, 0, 0);
        for k in 0..9 {
            let x = self.cand[word(k, b)];
            c4 |= c3 & x;
            c3 |= c2 & x;
            c2 |= c1 & x;
            c1 |= x;
        }
        (c1, c2, c3, c4)
    }

    /// The digits (1-based) of a solved state, row-major.
    pub fn digits(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut bits = self.cand[word(d, b)];
                while bits != 0 {
                    let pos = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    out[27 * b + pos] = d as u8 + 1;
                }
            }
        }
        out
    }
}

/// A digit's columns with one open place and no placement (its hidden singles), and
/// those with neither (contradictions), from its three band words `a`, `b`, `c` and the
/// bands' open cells `u`.
///
/// A column has two open places when two bands share one (`a & b`, …) or when two rows
/// of the bands' union do.
#[inline(always)]
fn column_single(a: u32, b: u32, c: u32, u: [u32; 3]) -> (u32, u32) {
    let fold = |x: u32| (x | x >> 9 | x >> 18) & 0x1ff;
    let placed = fold(a & !u[0] | b & !u[1] | c & !u[2]);
    let (a, b, c) = (a & u[0], b & u[1], c & u[2]);
    let x = a | b | c;
    let (x0, x1, x2) = (x, x >> 9, x >> 18);
    let twos = fold(a & b | c & (a | b)) | (x0 & x1 | x2 & (x0 | x1)) & 0x1ff;
    let ones = fold(x);
    (ones & !twos & !placed, !(ones | placed) & 0x1ff)
}
