//! Band configurations: for each digit, which minirow of each box of a band it takes.
//!
//! A band is three boxes in a row (a horizontal band) or in a column (a vertical band,
//! a stack). In a horizontal band a digit occupies one minirow in each box, a different
//! row of the band in each: one of six permutations, its *configuration*. The band
//! keeps, per configuration, the digits for which it is still possible
//! ([`Configs`], one 9-bit lane per permutation). Stacks work the same with
//! minicolumns.
//!
//! The band and its boxes trade restrictions ([`pull`], [`push`]): a configuration
//! survives for a digit only if each box can put the digit in the configuration's
//! minirow (some cell there has it) and leave it out of the other two (their negative
//! triads have it); in return each box learns, per minirow, which digits some surviving
//! configuration puts there (its cells keep only those) and which it leaves out (its
//! negative triad keeps only those). This is where row and column hidden singles,
//! locked candidates and box hidden singles come from. Following tdoku's
//! `dpll_triad_simd` design (Tom Dillon, t-dillon.github.io/tdoku).

use super::boxes::{lane, Lanes, ALL};

/// Digits still possible per configuration (lanes 0–5; 6 and 7 stay 0).
pub type Configs = [u16; 8];

/// Every configuration open for every digit.
pub const OPEN: Configs = [ALL, ALL, ALL, ALL, ALL, ALL, 0, 0];

/// The six configurations: `PERMS[p][j]` is the minirow (minicolumn) of the band's box
/// `j` that configuration `p` uses.
pub const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The box at position `j` (0–2) of band `k` (0–2 horizontal, 3–5 vertical).
#[inline(always)]
pub fn box_of(k: usize, j: usize) -> usize {
    if k < 3 {
        3 * k + j
    } else {
        (k - 3) + 3 * j
    }
}

/// For a box seen from band `k`: per minirow (minicolumn) `r`, the digits its cells
/// may hold and the digits its negative triad may hold.
#[inline(always)]
fn sides(k: usize, b: &Lanes) -> ([u16; 3], [u16; 3]) {
    let part = |w: u64, c: usize| (w >> (16 * c)) as u16 & ALL;
    if k < 3 {
        let cells = |r: usize| part(b[r] | b[r] >> 16 | b[r] >> 32, 0);
        (
            [cells(0), cells(1), cells(2)],
            [lane(b, 0, 3), lane(b, 1, 3), lane(b, 2, 3)],
        )
    } else {
        let cells = b[0] | b[1] | b[2];
        (
            [part(cells, 0), part(cells, 1), part(cells, 2)],
            [part(b[3], 0), part(b[3], 1), part(b[3], 2)],
        )
    }
}

/// Restricts the configurations of band `k` by its three boxes (in band order).
#[inline(always)]
pub fn pull(cfg: &mut Configs, k: usize, boxes: [&Lanes; 3]) {
    let mut fits = [[0u16; 3]; 3];
    for (f, b) in fits.iter_mut().zip(boxes) {
        let (present, absent) = sides(k, b);
        *f = [
            present[0] & absent[1] & absent[2],
            present[1] & absent[0] & absent[2],
            present[2] & absent[0] & absent[1],
        ];
    }
    for (p, perm) in PERMS.iter().enumerate() {
        cfg[p] &= fits[0][perm[0]] & fits[1][perm[1]] & fits[2][perm[2]];
    }
}

/// Whether every digit keeps at least one configuration.
#[inline(always)]
pub fn feasible(cfg: &Configs) -> bool {
    cfg.iter().fold(0, |a, &c| a | c) == ALL
}

/// The masks the configurations of band `k` put on its three boxes: per minirow, its
/// cells keep the digits some configuration places there, its negative triad the digits
/// some configuration places elsewhere.
#[inline(always)]
pub fn push(cfg: &Configs, k: usize) -> [Lanes; 3] {
    let c = cfg;
    // `here[j][r]`: the configurations with `PERMS[p][j] == r`, OR-ed.
    let here = [
        [c[0] | c[1], c[2] | c[3], c[4] | c[5]],
        [c[2] | c[4], c[0] | c[5], c[1] | c[3]],
        [c[3] | c[5], c[1] | c[4], c[0] | c[2]],
    ];
    let mut masks = [[0u64; 4]; 3];
    for (m, here) in masks.iter_mut().zip(here) {
        let away = [here[1] | here[2], here[0] | here[2], here[0] | here[1]];
        let w = |l: [u16; 3]| u64::from(l[0]) | u64::from(l[1]) << 16 | u64::from(l[2]) << 32;
        if k < 3 {
            let row = |r: usize| (u64::from(here[r]) * 0x1_0001_0001) | (u64::from(away[r]) << 48);
            *m = [row(0), row(1), row(2), u64::MAX];
        } else {
            let cells = w(here) | 0xFFFF << 48;
            *m = [cells, cells, cells, w(away) | 0xFFFF << 48];
        }
    }
    masks
}

/// How many configurations each digit keeps, and their sum.
#[inline(always)]
pub fn counts(cfg: &Configs) -> ([u32; 9], u32) {
    let mut n = [0u32; 9];
    for &c in &cfg[..6] {
        for (d, slot) in n.iter_mut().enumerate() {
            *slot += u32::from(c >> d) & 1;
        }
    }
    (n, n.iter().sum())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unrolled `here` table of [`push`] agrees with [`PERMS`].
    #[test]
    fn push_follows_perms() {
        for p in 0..6 {
            let mut cfg = [0u16; 8];
            cfg[p] = 1;
            let masks = push(&cfg, 0);
            for (j, m) in masks.iter().enumerate() {
                for r in 0..3 {
                    let here = lane(m, r, 0) & 1;
                    assert_eq!(here == 1, PERMS[p][j] == r, "p {p} j {j} r {r}");
                }
            }
        }
    }
}
