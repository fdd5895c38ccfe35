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

/// Digits still possible per configuration (lanes 0–5; 6 and 7 stay 0). A lane is
/// 32 bits wide so that the vector variant holds a band in one register and moves
/// configurations with a single dword permute.
pub type Configs = [u32; 8];

/// All nine digits, as a configuration lane.
const FULL: u32 = ALL as u32;

/// Every configuration open for every digit.
pub const OPEN: Configs = [FULL, FULL, FULL, FULL, FULL, FULL, 0, 0];

/// The six configurations: `PERMS[p][j]` is the minirow (minicolumn) of the band's box
/// `j` that configuration `p` uses.
pub use crate::engine::nine::PERMS;

/// `HERE[j][r]`: the two configurations that put box `j`'s digit in its minirow `r`.
pub const HERE: [[[usize; 2]; 3]; 3] = {
    let mut t = [[[0; 2]; 3]; 3];
    let mut j = 0;
    while j < 3 {
        let mut seen = [0; 3];
        let mut p = 0;
        while p < 6 {
            let r = PERMS[p][j];
            t[j][r][seen[r]] = p;
            seen[r] += 1;
            p += 1;
        }
        j += 1;
    }
    t
};

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
fn sides(k: usize, b: &Lanes) -> ([u32; 3], [u32; 3]) {
    let part = |w: u64, c: usize| u32::from((w >> (16 * c)) as u16 & ALL);
    if k < 3 {
        let cells = |r: usize| part(b[r] | b[r] >> 16 | b[r] >> 32, 0);
        let triad = |r: usize| u32::from(lane(b, r, 3));
        (
            [cells(0), cells(1), cells(2)],
            [triad(0), triad(1), triad(2)],
        )
    } else {
        let cells = b[0] | b[1] | b[2];
        (
            [part(cells, 0), part(cells, 1), part(cells, 2)],
            [part(b[3], 0), part(b[3], 1), part(b[3], 2)],
        )
    }
}

/// Restricts the configurations of band `k` by its three boxes; returns whether they
/// changed.
#[inline(always)]
pub fn pull(cfg: &mut Configs, k: usize, boxes: &[Lanes; 9]) -> bool {
    let mut fits = [[0u32; 3]; 3];
    for (j, f) in fits.iter_mut().enumerate() {
        let (present, absent) = sides(k, &boxes[box_of(k, j)]);
        *f = [
            present[0] & absent[1] & absent[2],
            present[1] & absent[0] & absent[2],
            present[2] & absent[0] & absent[1],
        ];
    }
    let before = *cfg;
    for (p, perm) in PERMS.iter().enumerate() {
        cfg[p] &= fits[0][perm[0]] & fits[1][perm[1]] & fits[2][perm[2]];
    }
    *cfg != before
}

/// Restricts the three boxes of band `k` by its configurations: per minirow, the cells
/// keep the digits some configuration places there, the negative triad the digits some
/// configuration places elsewhere. Returns the boxes that changed (bit per box).
///
/// A digit left without configurations leaves every lane of a minirow group, which
/// the box propagation then reports as a contradiction.
#[inline(always)]
pub fn push(cfg: &Configs, k: usize, boxes: &mut [Lanes; 9]) -> u16 {
    let mut changed = 0;
    for (j, pairs) in HERE.iter().enumerate() {
        let here = pairs.map(|[p, q]| u64::from(cfg[p] | cfg[q]));
        let away = [here[1] | here[2], here[0] | here[2], here[0] | here[1]];
        let mask: Lanes = if k < 3 {
            let row = |r: usize| (here[r] * 0x1_0001_0001) | (away[r] << 48);
            [row(0), row(1), row(2), u64::MAX]
        } else {
            let w = |l: [u64; 3]| l[0] | l[1] << 16 | l[2] << 32 | 0xFFFF << 48;
            [w(here), w(here), w(here), w(away)]
        };
        let b = box_of(k, j);
        let next: Lanes = std::array::from_fn(|r| boxes[b][r] & mask[r]);
        if next != boxes[b] {
            boxes[b] = next;
            changed |= 1 << b;
        }
    }
    changed
}

/// Whether some digit keeps two or more configurations, and the configurations left
/// summed over digits.
#[inline(always)]
pub fn spread(cfg: &Configs) -> (bool, u32) {
    let (mut once, mut twice, mut total) = (0, 0, 0);
    for &c in &cfg[..6] {
        twice |= once & c;
        once |= c;
        total += c.count_ones();
    }
    (twice != 0, total)
}

/// The digit (bit) with the fewest configurations among those with two or more (the
/// lowest such digit on a tie), if any.
#[inline(always)]
pub fn narrowest(cfg: &Configs) -> Option<u32> {
    // Per digit, a three-bit count of its configurations, added up bit-sliced.
    let (mut b0, mut b1, mut b2) = (0u32, 0u32, 0u32);
    for &c in &cfg[..6] {
        let c0 = b0 & c;
        b0 ^= c;
        let c1 = b1 & c0;
        b1 ^= c0;
        b2 |= c1;
    }
    let exactly = [
        b1 & !b0 & !b2,
        b1 & b0 & !b2,
        b2 & !b1 & !b0,
        b2 & !b1 & b0,
        b2 & b1 & !b0,
    ];
    exactly
        .iter()
        .find(|&&m| m != 0)
        .map(|&m| m & m.wrapping_neg())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::triad::boxes::OPEN as OPEN_BOX;

    /// [`HERE`] agrees with [`PERMS`], and [`push`] puts each configuration's digit in
    /// its minirows (minicolumns) only.
    #[test]
    fn push_follows_perms() {
        for k in [0, 4] {
            for p in 0..6 {
                let mut cfg = [0u32; 8];
                cfg[p] = 1;
                let mut boxes = [OPEN_BOX; 9];
                push(&cfg, k, &mut boxes);
                for (j, pairs) in HERE.iter().enumerate() {
                    let b = &boxes[box_of(k, j)];
                    for (r, pair) in pairs.iter().enumerate() {
                        assert_eq!(pair.contains(&p), PERMS[p][j] == r);
                        let here = if k < 3 { lane(b, r, 0) } else { lane(b, 0, r) };
                        assert_eq!(here & 1 == 1, PERMS[p][j] == r, "k {k} p {p} j {j} r {r}");
                    }
                }
            }
        }
    }

    #[test]
    fn narrowest_digit() {
        let mut cfg = OPEN;
        // Digit 1 (bit 0) keeps three configurations, digit 2 keeps two, digit 3 one.
        for c in &mut cfg[3..6] {
            *c &= !0b001;
        }
        for c in &mut cfg[2..6] {
            *c &= !0b010;
        }
        for c in &mut cfg[1..6] {
            *c &= !0b100;
        }
        assert_eq!(narrowest(&cfg), Some(0b010));
        assert_eq!(spread(&cfg), (true, 3 + 2 + 1 + 6 * 6));
        let single = [1, 2, 4, 8, 16, 32 | 64 | 128 | 256, 0, 0];
        assert_eq!(narrowest(&single), None);
        assert!(!spread(&single).0);
    }
}
