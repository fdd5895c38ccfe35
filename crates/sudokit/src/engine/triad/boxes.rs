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
const LOW: u64 = splat(1);
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
/// Negative triad lanes (horizontal in column 3, vertical in row 3).
pub const TRIAD: Lanes = [
    word([0, 0, 0, 0xFFFF]),
    word([0, 0, 0, 0xFFFF]),
    word([0, 0, 0, 0xFFFF]),
    word([0xFFFF, 0xFFFF, 0xFFFF, 0]),
];
/// Lanes in a matrix row 0–2 (cells and horizontal triads).
pub const IN_ROW: Lanes = [ONES, ONES, ONES, 0];
/// Lanes in a matrix column 0–2 (cells and vertical triads).
pub const IN_COL: Lanes = [
    word([0xFFFF, 0xFFFF, 0xFFFF, 0]),
    word([0xFFFF, 0xFFFF, 0xFFFF, 0]),
    word([0xFFFF, 0xFFFF, 0xFFFF, 0]),
    word([0xFFFF, 0xFFFF, 0xFFFF, 0]),
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

/// Lanes with two or more bits set (values below `0x8000`): `x & (x - 1)` per lane.
#[inline(always)]
fn several(x: u64) -> u64 {
    nonzero(((x | HIGH) - LOW) & x & !HIGH)
}

/// Lanes where `a == b` (values below `0x8000`).
#[inline(always)]
fn equal(a: u64, b: u64) -> u64 {
    !nonzero(a ^ b)
}

/// The other three lanes of each lane's matrix row, OR-ed.
#[inline(always)]
fn row_others(x: &Lanes) -> Lanes {
    x.map(|w| w.rotate_left(16) | w.rotate_left(32) | w.rotate_left(48))
}

/// The other three lanes of each lane's matrix column, OR-ed.
#[inline(always)]
fn col_others(x: &Lanes) -> Lanes {
    map(|r| x[(r + 1) & 3] | x[(r + 2) & 3] | x[(r + 3) & 3])
}

/// Propagates inside one box until nothing changes. Returns whether the box changed,
/// or `None` on a contradiction (a cell without candidates, a triad with fewer than
/// six, a digit missing from a group, two digits forced into one cell, a minirow that
/// cannot hold three digits).
///
/// The contradictions are looked for on the fixpoint only: each round only removes
/// candidates, so every one of them, once there, stays until the fixpoint.
#[inline(always)]
pub fn settle(b: &mut Lanes) -> Option<bool> {
    let mut v = *b;
    let mut changed = false;
    loop {
        let pop = v.map(popcounts);
        let ro = row_others(&v);
        let co = col_others(&v);
        // Hidden singles (cells only): a digit in no other lane of the row or column.
        let hidden = map(|r| CELL[r] & v[r] & !(ro[r] & co[r]));
        // Asserted lanes: a cell with one candidate, a triad with six, and the hidden
        // singles of this round (a cell with two of them is a contradiction, found on
        // the fixpoint).
        let asserted = map(|r| (v[r] & equal(pop[r], MIN[r])) | hidden[r]);
        let ra = row_others(&asserted);
        let ca = col_others(&asserted);
        // A cell's digit leaves every other cell of the box: those of other rows here.
        let row_asserted = map(|r| {
            let w = asserted[r] & CELL[r];
            w | w.rotate_left(16) | w.rotate_left(32) | w.rotate_left(48)
        });
        let other_rows = col_others(&row_asserted);
        // Digits the cells of each triad's minirow (minicolumn) can hold: the other
        // lanes of its matrix row (column).
        let union = map(|r| TRIAD[r] & if r < 3 { ro[r] } else { co[r] });
        let union_pop = union.map(popcounts);
        let next = map(|r| {
            let y = (v[r] & !nonzero(hidden[r])) | hidden[r];
            let gone = (IN_ROW[r] & ra[r])
                | (IN_COL[r] & ca[r])
                | (CELL[r] & other_rows[r])
                | (union[r] & equal(union_pop[r], splat(3)));
            y & !gone
        });
        if next != v {
            changed = true;
            v = next;
            continue;
        }
        let bad = (0..4).fold(0, |bad, r| {
            bad | less(pop[r], MIN[r])
                | (IN_ROW[r] & DIGITS & !(v[r] | ro[r]))
                | (IN_COL[r] & DIGITS & !(v[r] | co[r]))
                | several(hidden[r])
                | (TRIAD[r] & less(union_pop[r], splat(3)))
        });
        if bad != 0 {
            return None;
        }
        *b = v;
        return Some(changed);
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
        assert_eq!(several(a), word([0, 0, 0xFFFF, 0xFFFF]));
    }

    #[test]
    fn a_single_clears_its_row_and_column() {
        let mut b = OPEN;
        set(&mut b, 5, 1 << 4); // cell (1, 1) holds 5
        assert!(settle(&mut b).is_some());
        // Every other cell of the box, and the triads of its minirow and minicolumn.
        for i in [0, 1, 2, 4, 6, 8, 9, 10, 7, 13] {
            assert_eq!(get(&b, i) & (1 << 4), 0, "lane {i}");
        }
        // The other minirows and minicolumns lack 5: their triads keep it.
        for i in [3, 11, 12, 14] {
            assert_ne!(get(&b, i) & (1 << 4), 0, "lane {i}");
        }
    }

    #[test]
    fn two_equal_singles_in_a_minirow_clash() {
        let mut b = OPEN;
        set(&mut b, 0, 1);
        set(&mut b, 2, 1);
        assert!(settle(&mut b).is_none());
    }

    #[test]
    fn three_digit_minirow_fills_its_triad() {
        let mut b = OPEN;
        for i in [0, 1, 2] {
            set(&mut b, i, 0b111);
        }
        assert!(settle(&mut b).is_some());
        assert_eq!(get(&b, 3), ALL & !0b111);
    }
}
