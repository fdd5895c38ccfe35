//! Band configurations: for each digit, which minirow of each box of a band it takes.
//!
//! A band is three boxes in a row (a horizontal band) or in a column (a vertical band,
//! a stack). In a horizontal band a digit occupies one minirow in each box, a different
//! row of the band in each: one of six permutations, its *configuration*. The band
//! keeps, per configuration, the digits for which it is still possible (one 9-bit lane
//! per permutation), and the eliminations its boxes have sent it ([`Band`]). Stacks
//! work the same with minicolumns.
//!
//! Boxes and bands pass messages, following tdoku's `dpll_triad_simd` design (Tom
//! Dillon, "A fast Sudoku solver", t-dillon.github.io/tdoku), written here from its
//! description:
//! - a box that changed tells each of its bands what it asserts
//!   ([`super::boxes::Report`]): a digit placed in a minirow rules out the
//!   configurations that put it in another minirow of that box, a digit known absent
//!   from a minirow rules out those that put it there ([`report`]);
//! - a band whose configurations lose digits ([`eliminate`]) works out the *positive
//!   triads* of its boxes (per minirow, the digits some configuration puts there); a
//!   minirow left with exactly three such digits holds all three, which rules out their
//!   configurations through the other minirows of that box ([`triads`]); then each box
//!   keeps, per minirow, only those digits in its cells and only the digits placed
//!   elsewhere in its negative triad ([`mask`]).
//!
//! This is where row and column hidden singles, locked candidates and naked triads in
//! minirows come from.

use super::boxes::{Lanes, ALL};

/// Digits still possible per configuration (lanes 0–5; 6 and 7 stay 0), one 128-bit
/// vector.
pub type Configs = [u16; 8];

/// A band: its configurations, and every elimination its boxes have sent it. The
/// eliminations are never cleared: those already applied find nothing left to remove.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(32))]
pub struct Band {
    /// Digits still possible per configuration.
    pub cfg: Configs,
    /// Digits to remove per configuration.
    pub pending: Configs,
}

/// Every configuration open for every digit, nothing pending.
pub const OPEN: Band = Band {
    cfg: [ALL, ALL, ALL, ALL, ALL, ALL, 0, 0],
    pending: [0; 8],
};

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

/// Per box `j` and minirow `r`, the digits some configuration puts there.
#[inline(always)]
fn positive(cfg: &Configs) -> [[u16; 3]; 3] {
    HERE.map(|rows| rows.map(|[p, q]| cfg[p] | cfg[q]))
}

/// Applies the pending eliminations of `band`. Returns the positive triads of its three
/// boxes after the three-digit rule, or `None` when nothing was pending.
#[inline(always)]
pub fn eliminate(band: &mut Band) -> Option<[[u16; 3]; 3]> {
    if (0..6).all(|p| band.cfg[p] & band.pending[p] == 0) {
        return None;
    }
    for p in 0..6 {
        band.cfg[p] &= !band.pending[p];
    }
    Some(triads(&mut band.cfg))
}

/// The positive triads of `cfg`, once a minirow with exactly three possible digits has
/// ruled out their configurations through the other minirows of its box (one pass).
#[inline(always)]
pub fn triads(cfg: &mut Configs) -> [[u16; 3]; 3] {
    let t = positive(cfg);
    let three = t.map(|rows| rows.map(|x| if x.count_ones() == 3 { x } else { 0 }));
    for (p, perm) in PERMS.iter().enumerate() {
        let mut gone = 0;
        for (j, &r) in perm.iter().enumerate() {
            gone |= three[j][(r + 1) % 3] | three[j][(r + 2) % 3];
        }
        cfg[p] &= !gone;
    }
    positive(cfg)
}

/// The mask a band with positive triads `t` (of one box) puts on that box: per minirow
/// (minicolumn of a stack) its cells keep `t[r]`, its negative triad the digits of the
/// other two. Lanes of the other orientation are left alone.
#[inline(always)]
pub fn mask(t: &[u16; 3], vertical: bool) -> Lanes {
    let elsewhere = |r: usize| u64::from(t[(r + 1) % 3] | t[(r + 2) % 3]);
    if vertical {
        let row = u64::from(t[0]) | u64::from(t[1]) << 16 | u64::from(t[2]) << 32 | 0xFFFF << 48;
        let triads = elsewhere(0) | elsewhere(1) << 16 | elsewhere(2) << 32 | 0xFFFF << 48;
        [row, row, row, triads]
    } else {
        let row = |r: usize| (u64::from(t[r]) * 0x1_0001_0001) | (elsewhere(r) << 48);
        [row(0), row(1), row(2), u64::MAX]
    }
}

/// The eliminations box position `j` of a band sends it: `absent[r]` are the digits the
/// box asserts absent from its minirow `r`, `present[r]` those it places there.
#[inline(always)]
pub fn report(absent: [u16; 3], present: [u16; 3], j: usize) -> Configs {
    let mut out = [0; 8];
    for (p, perm) in PERMS.iter().enumerate() {
        let r = perm[j];
        out[p] = absent[r] | present[(r + 1) % 3] | present[(r + 2) % 3];
    }
    out
}

/// The configurations left, summed over digits.
#[inline(always)]
pub fn total(cfg: &Configs) -> u32 {
    let low = u64::from(cfg[0]) | u64::from(cfg[1]) << 16 | u64::from(cfg[2]) << 32;
    let high = u64::from(cfg[3]) | u64::from(cfg[4]) << 16 | u64::from(cfg[5]) << 32;
    low.count_ones() + high.count_ones()
}

/// The digit (bit) with the fewest configurations among those with two or more (the
/// lowest such digit on a tie), if any.
#[inline(always)]
pub fn narrowest(cfg: &Configs) -> Option<u16> {
    // Per digit, a three-bit count of its configurations, added up bit-sliced.
    let (mut b0, mut b1, mut b2) = (0u16, 0u16, 0u16);
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
    use crate::engine::triad::boxes::lane;

    /// [`HERE`] agrees with [`PERMS`], and [`mask`] puts each configuration's digit in
    /// its minirows (minicolumns) only.
    #[test]
    fn masks_follow_perms() {
        for vertical in [false, true] {
            for p in 0..6 {
                let mut cfg = [0u16; 8];
                cfg[p] = 1;
                let t = positive(&cfg);
                for (j, pairs) in HERE.iter().enumerate() {
                    let m = mask(&t[j], vertical);
                    for (r, pair) in pairs.iter().enumerate() {
                        assert_eq!(pair.contains(&p), PERMS[p][j] == r);
                        let (here, triad) = if vertical {
                            (lane(&m, 0, r), lane(&m, 3, r))
                        } else {
                            (lane(&m, r, 0), lane(&m, r, 3))
                        };
                        assert_eq!(here & 1 == 1, PERMS[p][j] == r, "p {p} j {j} r {r}");
                        assert_eq!(triad & 1 == 1, PERMS[p][j] != r, "p {p} j {j} r {r}");
                    }
                }
            }
        }
    }

    /// A digit placed in a minirow keeps only the configurations through it; a digit
    /// absent from a minirow loses those.
    #[test]
    fn reports_rule_out_configurations() {
        for j in 0..3 {
            for r in 0..3 {
                let mut present = [0; 3];
                present[r] = 1;
                let placed = report([0; 3], present, j);
                let mut absent = [0; 3];
                absent[r] = 2;
                let missing = report(absent, [0; 3], j);
                for (p, perm) in PERMS.iter().enumerate() {
                    assert_eq!(placed[p] == 0, perm[j] == r);
                    assert_eq!(missing[p] == 2, perm[j] == r);
                }
            }
        }
    }

    /// Three digits that only minirow 0 of box 0 can take are placed there.
    #[test]
    fn three_digits_fill_a_minirow() {
        let mut cfg = OPEN.cfg;
        // Digits 4–9 leave minirow 0 of box 0.
        for &p in &HERE[0][0] {
            cfg[p] &= 0b111;
        }
        let t = triads(&mut cfg);
        assert_eq!(t[0][0], 0b111);
        assert_eq!(t[0][1] & 0b111, 0);
        assert_eq!(t[0][2] & 0b111, 0);
    }

    #[test]
    fn narrowest_digit() {
        let mut cfg = OPEN.cfg;
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
        assert_eq!(total(&cfg), 3 + 2 + 1 + 6 * 6);
        let single = [1, 2, 4, 8, 16, 32 | 64 | 128 | 256, 0, 0];
        assert_eq!(narrowest(&single), None);
        assert_eq!(total(&single), 9);
    }
}
