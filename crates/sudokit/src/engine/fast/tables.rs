//! Lookup tables for the band-wise state of the `fast` engine, computed at compile time.
//!
//! A *band* word holds, for one digit, the 27 cells of three rows: bit `9 * r + c` is row
//! `r` of the band (0..3) and column `c` (0..9). A row's nine bits split into three
//! *minirows* (its intersections with the band's three boxes). The tables turn a row
//! or a band into the facts the propagation needs with one load each:
//!
//! - [`SHRINK`]: a row's 9 bits → which of its 3 minirows still hold the digit (the
//!   portable search's way; with BMI2 one `pext` does it for the whole band, see
//!   [`super::dispatch`]);
//! - [`BAND_KEEP`]: the 3×3 minirow occupancy of a band → the cells that survive the
//!   rule "each row and each box of the band holds the digit exactly once". A minirow
//!   survives iff some one-to-one matching of the 3 rows to the 3 boxes uses it, which
//!   covers pointing and claiming locked candidates inside the band in one step;
//! - [`COLUMN_KEEP`]: the columns a band can still use → the cells the *other* two bands
//!   keep: a box whose digit is confined to one column locks that column;
//! - [`SINGLE_ROW`]: a row's 9 bits → themselves when exactly one is set, else 0.
//!
//! The same occupancy-matching idea is what JCZSolve (zhouyundong, champagne, JasonLion)
//! and the `sudoku` crate tabulate; these tables are built here from that definition.

use crate::engine::nine::PERMS;

/// The 27 bits of a full band.
pub const BAND: u32 = (1 << 27) - 1;

/// Bit 0 of each of a band word's nine minirows (the x86-64 builds' masks).
#[cfg(target_arch = "x86_64")]
pub const MINIROW_LOW: u32 = 0o111_111_111;

/// Occupied minirows of a row (bit `k` = box `k` of the band).
pub static SHRINK: [u8; 512] = shrink_table();

/// Cells of a band kept by the row/box matching rule, indexed by `shrink(row0) |
/// shrink(row1) << 3 | shrink(row2) << 6`.
pub static BAND_KEEP: [u32; 512] = band_keep_table();

/// Cells the other two bands keep, indexed by the 9 columns a band can still use.
pub static COLUMN_KEEP: [u32; 512] = column_keep_table();

/// A row's bits when exactly one is set, else 0.
pub static SINGLE_ROW: [u16; 512] = single_row_table();

/// Column `c` in all three rows of a band.
pub const fn column(c: usize) -> u32 {
    (1 | 1 << 9 | 1 << 18) << c
}

/// Within a band, the cells that see bit `pos` in its row or its box (itself kept).
pub const fn band_peers_keep(pos: usize) -> u32 {
    let (r, c) = (pos / 9, pos % 9);
    let row = 0x1ff << (9 * r);
    let bx = (0b111 | 0b111 << 9 | 0b111 << 18) << (3 * (c / 3));
    BAND & !(row | bx) | 1 << pos
}

/// For each cell (row-major), its 20 peers as three band words.
pub static PEERS: [[u32; 3]; 81] = peers_table();

const fn peers_table() -> [[u32; 3]; 81] {
    let mut t = [[0u32; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let mut other = 0;
        while other < 81 {
            let (r2, c2) = (other / 9, other % 9);
            let same_box = r / 3 == r2 / 3 && c / 3 == c2 / 3;
            if other != cell && (r == r2 || c == c2 || same_box) {
                t[cell][other / 27] |= 1 << (other % 27);
            }
            other += 1;
        }
        cell += 1;
    }
    t
}

const fn shrink_table() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        let mut k = 0;
        while k < 3 {
            if (i >> (3 * k)) & 0b111 != 0 {
                t[i] |= 1 << k;
            }
            k += 1;
        }
        i += 1;
    }
    t
}

const fn band_keep_table() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut occ = 0;
    while occ < 512 {
        let mut keep = 0u32;
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut ok = true;
            let mut r = 0;
            while r < 3 {
                if occ >> (3 * r + perm[r]) & 1 == 0 {
                    ok = false;
                }
                r += 1;
            }
            if ok {
                let mut r = 0;
                while r < 3 {
                    keep |= 0b111 << (9 * r + 3 * perm[r]);
                    r += 1;
                }
            }
            p += 1;
        }
        t[occ] = keep;
        occ += 1;
    }
    t
}

const fn column_keep_table() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut keep = BAND;
        let mut k = 0;
        while k < 3 {
            let part = ((cols >> (3 * k)) & 0b111) as u32;
            if part != 0 && part & (part - 1) == 0 {
                keep &= !column(3 * k + part.trailing_zeros() as usize);
            }
            k += 1;
        }
        t[cols] = keep;
        cols += 1;
    }
    t
}

const fn single_row_table() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut i = 1;
    while i < 512 {
        if i & (i - 1) == 0 {
            t[i] = i as u16;
        }
        i += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_band_keeps_everything() {
        assert_eq!(BAND_KEEP[0x1ff], BAND);
    }

    #[test]
    fn a_row_locked_to_one_box_clears_that_box_elsewhere() {
        // Row 0 only in box 0; rows 1 and 2 anywhere.
        let occ = 0b001 | 0b111 << 3 | 0b111 << 6;
        let keep = BAND_KEEP[occ];
        assert_eq!(keep & 0x1ff, 0b111);
        assert_eq!(keep >> 9 & 0b111, 0);
        assert_eq!(keep >> 18 & 0b111, 0);
    }

    #[test]
    fn impossible_occupancy_keeps_nothing() {
        // Rows 0 and 1 both only in box 0.
        assert_eq!(BAND_KEEP[0b001 | 0b001 << 3 | 0b111 << 6], 0);
    }

    #[test]
    fn column_lock() {
        assert_eq!(column(4), 1 << 4 | 1 << 13 | 1 << 22);
        // Box 1 confined to column 4.
        let keep = COLUMN_KEEP[0b111 | 0b010 << 3 | 0b111 << 6];
        assert_eq!(keep, BAND & !column(4));
    }
}
