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
//! Everything is computed for all sixteen lanes at once from rotations of the matrix
//! rows and columns, plain array code that the compiler turns into vector instructions.
//! The design is tdoku's `dpll_triad_simd` (Tom Dillon, "A fast Sudoku solver",
//! t-dillon.github.io/tdoku), written here from its description.

/// The sixteen lanes of a box.
pub type Lanes = [u16; 16];

/// All nine digits.
pub const ALL: u16 = 0x1FF;

/// A fresh box: every cell and every triad may hold every digit.
pub const OPEN: Lanes = {
    let mut l = [ALL; 16];
    l[15] = 0;
    l
};

const fn lanes_where(keep: [bool; 16]) -> Lanes {
    let mut l = [0u16; 16];
    let mut i = 0;
    while i < 16 {
        if keep[i] {
            l[i] = 0xFFFF;
        }
        i += 1;
    }
    l
}

const T: bool = true;
const F: bool = false;
/// Lanes in a matrix row 0–2 (cells and horizontal triads).
const IN_ROW: Lanes = lanes_where([T, T, T, T, T, T, T, T, T, T, T, T, F, F, F, F]);
/// Lanes in a matrix column 0–2 (cells and vertical triads).
const IN_COL: Lanes = lanes_where([T, T, T, F, T, T, T, F, T, T, T, F, T, T, T, F]);
/// Cell lanes.
const CELL: Lanes = lanes_where([T, T, T, F, T, T, T, F, T, T, T, F, F, F, F, F]);
/// Horizontal triad lanes.
const HTRIAD: Lanes = lanes_where([F, F, F, T, F, F, F, T, F, F, F, T, F, F, F, F]);
/// Vertical triad lanes.
const VTRIAD: Lanes = lanes_where([F, F, F, F, F, F, F, F, F, F, F, F, T, T, T, F]);

#[inline(always)]
fn map(f: impl FnMut(usize) -> u16) -> Lanes {
    std::array::from_fn(f)
}

/// The other three lanes of each lane's matrix row, OR-ed.
#[inline(always)]
fn row_others(x: &Lanes) -> Lanes {
    map(|i| {
        let base = i & !3;
        x[base | ((i + 1) & 3)] | x[base | ((i + 2) & 3)] | x[base | ((i + 3) & 3)]
    })
}

/// The other three lanes of each lane's matrix column, OR-ed.
#[inline(always)]
fn col_others(x: &Lanes) -> Lanes {
    map(|i| x[(i + 4) & 15] | x[(i + 8) & 15] | x[(i + 12) & 15])
}

/// Propagates inside one box until nothing changes. Returns `false` on a contradiction
/// (a cell without candidates, a triad with fewer than six, a digit missing from a
/// group, two digits forced into one cell, a minirow that cannot hold three digits).
#[inline(always)]
pub fn settle(b: &mut Lanes) -> bool {
    loop {
        let v = *b;
        let pop = v.map(|x| x.count_ones() as u16);
        // Asserted lanes: a cell with one candidate, a triad with six.
        let asserted = map(|i| {
            let one =
                (CELL[i] != 0 && pop[i] == 1) || ((HTRIAD[i] | VTRIAD[i]) != 0 && pop[i] == 6);
            if one {
                v[i]
            } else {
                0
            }
        });
        let ro = row_others(&v);
        let co = col_others(&v);
        let ra = row_others(&asserted);
        let ca = col_others(&asserted);
        let cells = map(|i| v[i] & CELL[i]);
        let row_union = {
            let o = row_others(&cells);
            map(|i| o[i] | cells[i])
        };
        let col_union = {
            let o = col_others(&cells);
            map(|i| o[i] | cells[i])
        };
        let mut bad = 0u16;
        let next = map(|i| {
            let x = v[i];
            // Every digit somewhere in each group.
            bad |= IN_ROW[i] & (ALL & !(x | ro[i]));
            bad |= IN_COL[i] & (ALL & !(x | co[i]));
            // Hidden singles: cells only.
            let hidden = CELL[i] & ((x & !ro[i]) | (x & !co[i]));
            bad |= u16::from(hidden.count_ones() > 1);
            let mut y = if hidden != 0 { hidden } else { x };
            y &= !(IN_ROW[i] & ra[i]) & !(IN_COL[i] & ca[i]);
            // A minirow (minicolumn) limited to three digits holds exactly those.
            let hu = HTRIAD[i] & row_union[i];
            let vu = VTRIAD[i] & col_union[i];
            let u = hu | vu;
            if u != 0 {
                let n = u.count_ones();
                bad |= u16::from(n < 3);
                if n == 3 {
                    y &= !u;
                }
            }
            let n = y.count_ones();
            bad |= u16::from(CELL[i] != 0 && n == 0);
            bad |= u16::from((HTRIAD[i] | VTRIAD[i]) != 0 && n < 6);
            y
        });
        if bad != 0 {
            return false;
        }
        if next == v {
            return true;
        }
        *b = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_clears_its_row_and_column() {
        let mut b = OPEN;
        b[5] = 1 << 4; // cell (1, 1) holds 5
        assert!(settle(&mut b));
        for i in [4, 6, 7, 1, 9, 13] {
            assert_eq!(b[i] & (1 << 4), 0, "lane {i}");
        }
        assert_ne!(b[0] & (1 << 4), 0);
    }

    #[test]
    fn two_equal_singles_in_a_minirow_clash() {
        let mut b = OPEN;
        b[0] = 1;
        b[2] = 1;
        assert!(!settle(&mut b));
    }

    #[test]
    fn three_digit_minirow_fills_its_triad() {
        let mut b = OPEN;
        for i in [0, 1, 2] {
            b[i] = 0b111;
        }
        assert!(settle(&mut b));
        assert_eq!(b[3], ALL & !0b111);
    }
}
