//! One box as sixteen `u16` lanes, and the propagation that stays inside it.
//!
//! The lanes form a 4×4 matrix, lane `4 * row + col`. The 3×3 cells (rows and columns
//! 0–2) hold their candidate digits (bit `d - 1` = digit `d`). Lanes 3, 7 and 11 (the
//! right column) hold the *negative horizontal triads*: the digits that may still be
//! absent from minirow 0, 1, 2. Lanes 12, 13 and 14 (the bottom row) hold the negative
//! vertical triads of minicolumns 0, 1, 2. Lane 15 is unused and stays 0.
//!
//! Each digit occurs exactly once in every one of the six constraint groups (matrix rows
//! 0–2 and matrix columns 0–2, four lanes each): either in one cell of the minirow
//! (minicolumn), or, when absent from it, in its negative triad. A cell holds one
//! digit; a negative triad holds exactly six (a minirow has three digits). So:
//! - a cell with one candidate, or a triad with six, asserts its contents, which leaves
//!   the other lanes of its groups;
//! - a digit present in only one lane of a group is asserted there (a hidden single
//!   within the box's minirow or minicolumn);
//! - a minirow whose cells can only hold three digits holds exactly those: they leave
//!   its negative triad (and the same for minicolumns).
//!
//! Everything is computed for all sixteen lanes at once, SIMD within a register: each
//! matrix row is one `u64` of four 16-bit lanes, so a rotation along a row is a rotation
//! of the word and a rotation along a column is a choice of word; lane-wise counts and
//! comparisons use carry-free arithmetic (no lane value exceeds 9 bits). Plain integer
//! code, no `unsafe`; on x86-64 the compiler also packs the four words into one vector.
//! The design is tdoku's `dpll_triad_simd` (Tom Dillon, "A fast Sudoku solver",
//! t-dillon.github.io/tdoku), written here from its description.

/// The sixteen lanes of a box: word `r` holds matrix row `r`, lane `c` in bits
/// `16 * c ..`.
pub type Lanes = [u64; 4];

/// All nine digits.
pub const ALL: u16 = 0x1FF;

/// Lane `c` of every word set to `x`.
const fn splat(x: u16) -> u64 {
    (x as u64) * 0x0001_0001_0001_0001
}

/// The lanes of a row word, given as four 16-bit values.
const fn word(l: [u16; 4]) -> u64 {
    (l[0] as u64) | (l[1] as u64) << 16 | (l[2] as u64) << 32 | (l[3] as u64) << 48
}

const ONES: u64 = splat(0xFFFF);
const HIGH: u64 = splat(0x8000);
const DIGITS: u64 = splat(ALL);

/// A fresh box: every cell and every triad may hold every digit; lane 15 is 0.
pub const OPEN: Lanes = [DIGITS, DIGITS, DIGITS, word([ALL, ALL, ALL, 0])];

/// Cell lanes.
pub const CELL: Lanes = [
    word([0xFFFF, 0xFFFF, 0xFFFF, 0]),
    word([0xFFFF, 0xFFFF, 0xFFFF, 0]),
    word([0xFFFF, 0xFFFF, 0xFFFF, 0]),
    0,
];

/// The fewest candidates a lane may hold; at exactly this many it asserts them. Lane 15
/// (always empty) asserts nothing.
pub const MIN: Lanes = [
    word([1, 1, 1, 6]),
    word([1, 1, 1, 6]),
    word([1, 1, 1, 6]),
    word([6, 6, 6, 0]),
];

/// Lane `c` of row `r`.
#[inline(always)]
pub fn lane(b: &Lanes, r: usize, c: usize) -> u16 {
    (b[r] >> (16 * c)) as u16
}

#[inline(always)]
fn map(f: impl FnMut(usize) -> u64) -> Lanes {
    std::array::from_fn(f)
}

/// Candidates per lane.
#[inline(always)]
fn popcounts(x: u64) -> u64 {
    let x = x - ((x >> 1) & splat(0x5555));
    let x = (x & splat(0x3333)) + ((x >> 2) & splat(0x3333));
    let x = (x + (x >> 4)) & splat(0x0F0F);
    (x + (x >> 8)) & splat(0x001F)
}

/// All ones in the lanes whose bit 15 is set, else 0.
#[inline(always)]
fn spread(h: u64) -> u64 {
    ((h & HIGH) >> 15) * 0xFFFF
}

/// Lanes where `a < b` (both below `0x8000`).
#[inline(always)]
fn less(a: u64, b: u64) -> u64 {
    !spread((a | HIGH) - b) & ONES
}

/// Lanes that are not zero (values below `0x8000`).
#[inline(always)]
fn nonzero(a: u64) -> u64 {
    spread(a + splat(0x7FFF))
}

/// Lanes where `a == b` (values below `0x8000`).
#[inline(always)]
fn equal(a: u64, b: u64) -> u64 {
    !nonzero(a ^ b)
}

/// Digits found in two or more of the four lanes of each lane's matrix row.
#[inline(always)]
fn twice_in_row(w: u64) -> u64 {
    let far = w.rotate_left(32);
    let (once, twice) = (w | far, w & far);
    let near = |x: u64| x.rotate_left(16);
    twice | near(twice) | (once & near(once))
}

/// Digits found in two or more of the four lanes of each lane's matrix column.
#[inline(always)]
fn twice_in_col(x: &Lanes) -> Lanes {
    let once = map(|r| x[r] | x[r ^ 1]);
    let twice = map(|r| x[r] & x[r ^ 1]);
    map(|r| twice[r] | twice[r ^ 2] | (once[r] & once[r ^ 2]))
}

/// Each lane's matrix row OR-ed into every lane of the row.
#[inline(always)]
fn across_row(w: u64) -> u64 {
    let w = w | w.rotate_left(32);
    w | w.rotate_left(16)
}

/// What a box reports to its two bands after a restriction that changed it: the
/// negative triads it asserts (digits known absent from a minirow or minicolumn: the
/// triad lanes of `asserted`) and the digits its cells place in each minirow and
/// minicolumn (the triad lanes of `placed`). Both only grow as the search goes down, so
/// sending all of them again is harmless.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// Lanes asserted on the fixpoint: single candidates, triads at six, and digits
    /// left in one lane of a matrix row or column.
    pub asserted: Lanes,
    /// What the box's own assertions remove, as of the fixpoint (nothing left to
    /// remove there): in its triad lanes, the digits placed in a cell of that minirow
    /// (minicolumn), which the bands read.
    pub placed: Lanes,
}

/// What [`restrict`] did to a box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restricted {
    /// The mask removed nothing.
    Unchanged,
    /// The box has no way left to hold its digits.
    Contradiction,
    /// The box changed; what it tells its bands.
    Changed(Report),
}

/// Keeps only the candidates of `mask` in box `b`, then propagates inside the box until
/// nothing changes: a lane at its minimum (a cell with one candidate, a triad with six)
/// asserts its digits, and so does a digit left in a single lane of a matrix row or
/// column (a hidden single inside the minirow or minicolumn); a cell's asserted digit
/// leaves the other cells of the box and the negative triads of its minirow and
/// minicolumn. Negative triad assertions do not act inside the box: they go to the
/// bands in the [`Report`], which send their consequences back.
///
/// A lane below its minimum on the fixpoint is a contradiction. The rounds only remove
/// candidates, so this reaches a fixpoint.
#[inline(always)]
pub fn restrict(b: &mut Lanes, mask: &Lanes) -> Restricted {
    let mut v = map(|r| b[r] & mask[r]);
    if v == *b {
        return Restricted::Unchanged;
    }
    loop {
        let pop = v.map(popcounts);
        let tc = twice_in_col(&v);
        let asserted =
            map(|r| (v[r] & equal(pop[r], MIN[r])) | (v[r] & !(twice_in_row(v[r]) & tc[r])));
        let cells = map(|r| asserted[r] & CELL[r]);
        let rows = cells.map(across_row);
        let column = cells[0] | cells[1] | cells[2];
        let all = across_row(column);
        let placed = map(|r| {
            let own = if r == 3 { column } else { 0 };
            let gone = (all & CELL[r]) | rows[r] | own | (nonzero(cells[r]) & DIGITS);
            gone & !cells[r]
        });
        if (0..4).all(|r| placed[r] & v[r] == 0) {
            // Lanes only lose candidates, so a lane below its minimum stays there: it
            // is enough to look on the fixpoint.
            if (0..4).any(|r| less(pop[r], MIN[r]) != 0) {
                return Restricted::Contradiction;
            }
            *b = v;
            return Restricted::Changed(Report { asserted, placed });
        }
        v = map(|r| v[r] & !placed[r]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(b: &Lanes, i: usize) -> u16 {
        lane(b, i / 4, i % 4)
    }

    fn set(b: &mut Lanes, i: usize, v: u16) {
        let shift = 16 * (i % 4);
        b[i / 4] = (b[i / 4] & !(0xFFFF << shift)) | u64::from(v) << shift;
    }

    #[test]
    fn lane_arithmetic() {
        let a = word([0, 1, 6, 0x1FF]);
        assert_eq!(popcounts(a), word([0, 1, 2, 9]));
        assert_eq!(nonzero(a), word([0, 0xFFFF, 0xFFFF, 0xFFFF]));
        assert_eq!(
            equal(a, word([0, 1, 5, 0x1FF])),
            word([0xFFFF, 0xFFFF, 0, 0xFFFF])
        );
        assert_eq!(less(a, word([1, 1, 7, 0])), word([0xFFFF, 0, 0xFFFF, 0]));
    }

    #[test]
    fn a_single_clears_its_row_and_column() {
        let mut b = OPEN;
        let mut mask = [u64::MAX; 4];
        set(&mut mask, 5, 1 << 4); // cell (1, 1) holds 5
        let Restricted::Changed(report) = restrict(&mut b, &mask) else {
            panic!("the box changed");
        };
        // Every other cell of the box, and the triads of its minirow and minicolumn.
        for i in [0, 1, 2, 4, 6, 8, 9, 10, 7, 13] {
            assert_eq!(get(&b, i) & (1 << 4), 0, "lane {i}");
        }
        // The other minirows and minicolumns lack 5: their triads keep it.
        for i in [3, 11, 12, 14] {
            assert_ne!(get(&b, i) & (1 << 4), 0, "lane {i}");
        }
        // The bands hear that 5 is in minirow 1 and minicolumn 1.
        assert_eq!(get(&report.placed, 7), 1 << 4);
        assert_eq!(get(&report.placed, 13), 1 << 4);
        assert_eq!(restrict(&mut b, &mask), Restricted::Unchanged);
    }

    #[test]
    fn a_cell_without_candidates_is_a_contradiction() {
        let mut b = OPEN;
        let mut mask = [u64::MAX; 4];
        set(&mut mask, 0, 1);
        set(&mut mask, 1, 1);
        set(&mut mask, 2, 0b11);
        // Cells 0 and 1 both hold 1: the box reports 1 placed in two minicolumns,
        // which the bands refute; cell 2 is left with 2 alone.
        assert!(matches!(restrict(&mut b, &mask), Restricted::Changed(_)));
        set(&mut mask, 4, 0);
        assert_eq!(restrict(&mut b, &mask), Restricted::Contradiction);
    }

    #[test]
    fn a_hidden_single_is_asserted() {
        let mut b = OPEN;
        let mut mask = [u64::MAX; 4];
        // Digit 9 only in cell 0 of minirow 0 and nowhere in its negative triad.
        for i in [1, 2, 3] {
            set(&mut mask, i, ALL & !(1 << 8));
        }
        assert!(matches!(restrict(&mut b, &mask), Restricted::Changed(_)));
        assert_eq!(get(&b, 0), 1 << 8);
    }
}
