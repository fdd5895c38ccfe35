//! The search variant compiled with `avx2` and `popcnt` (x86-64 only), chosen at run
//! time by [`super::dispatch`].
//!
//! Same rules and same results as the portable code ([`super::boxes`], [`super::band`]);
//! the tests in [`super::dispatch`] compare them. A box is one 256-bit vector (16 lanes
//! of 16 bits, matrix row `r` in 64-bit element `r`): rows rotate with 64-bit shifts,
//! columns with 64-bit permutes, candidates are counted with a nibble table
//! (`_mm256_shuffle_epi8`). A band's configurations are one vector of eight 32-bit
//! lanes, so that a single dword permute (`_mm256_permutevar8x32_epi32`) moves the digits
//! a box allows per minirow to the configurations using that minirow, and back.
//!
//! Calling a function compiled for CPU features is sound only when the CPU has them:
//! [`start`] and [`search`] are `unsafe` for that reason, and [`Avx2`] is reached only
//! through them.

use std::arch::x86_64::*;

use super::band::{Configs, HERE, PERMS};
use super::boxes::{Lanes, ALL, CELL, IN_COL, IN_ROW, MIN, TRIAD};
use super::search::{begin, descend, Recurse};
use super::state::State;
use crate::engine::nine::Run;

/// Whether this CPU has every feature [`search`] is compiled for.
#[inline]
pub fn supported() -> bool {
    std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")
}

/// [`begin`] compiled for `avx2` and `popcnt`.
///
/// # Safety
/// The CPU must support those features ([`supported`]).
#[target_feature(enable = "avx2,popcnt")]
pub unsafe fn start(run: &mut Run, state: State) {
    begin::<Avx2>(run, state);
}

/// The search compiled for `avx2` and `popcnt`.
///
/// # Safety
/// The CPU must support those features ([`supported`]).
#[target_feature(enable = "avx2,popcnt")]
pub unsafe fn search(run: &mut Run, state: State, guessed: bool) {
    descend::<Avx2>(run, state, guessed);
}

/// Branches of the feature variant stay in it.
pub struct Avx2;

impl Recurse for Avx2 {
    fn recurse(run: &mut Run, state: State) {
        // SAFETY: `Avx2` is only used by `search` and `start`, which run only after
        // `supported` confirmed the features.
        unsafe { search(run, state, true) }
    }

    #[inline(always)]
    fn settle(b: &mut Lanes) -> Option<bool> {
        // SAFETY: as above, `Avx2` only runs after `supported` confirmed AVX2.
        unsafe { settle(b) }
    }

    #[inline(always)]
    fn pull(cfg: &mut Configs, k: usize, boxes: &[Lanes; 9]) -> bool {
        // SAFETY: as above.
        unsafe { pull(cfg, k, boxes) }
    }

    #[inline(always)]
    fn push(cfg: &Configs, k: usize, boxes: &mut [Lanes; 9]) -> u16 {
        // SAFETY: as above.
        unsafe { push(cfg, k, boxes) }
    }
}

/// Loads a 32-byte value (a box, a band's configurations, a permute index).
#[inline(always)]
fn load<T: Copy>(x: &T) -> __m256i {
    const { assert!(std::mem::size_of::<T>() == 32) };
    // SAFETY: `T` is 32 bytes (checked at compile time); unaligned loads accept any
    // address.
    unsafe { _mm256_loadu_si256(std::ptr::from_ref(x).cast()) }
}

/// Stores a 32-byte value (a box, a band's configurations).
#[inline(always)]
fn store<T: Copy>(x: &mut T, v: __m256i) {
    const { assert!(std::mem::size_of::<T>() == 32) };
    // SAFETY: `T` is 32 bytes (checked at compile time) and plain integers, valid for
    // any bits; unaligned stores accept any address.
    unsafe { _mm256_storeu_si256(std::ptr::from_mut(x).cast(), v) }
}

/// Dword permutes that gather, per configuration, the lane holding what box `j` allows
/// in the configuration's minirow: the fits of a horizontal band's box lie in dword
/// `2r` ([`fits_rows`]), those of a vertical band's box in dword `r` ([`fits_cols`]).
const fn pick(scale: usize) -> [[i32; 8]; 3] {
    let mut t = [[6; 8]; 3];
    let mut j = 0;
    while j < 3 {
        let mut p = 0;
        while p < 6 {
            t[j][p] = (scale * PERMS[p][j]) as i32;
            p += 1;
        }
        j += 1;
    }
    t
}

const PICK_ROWS: [[i32; 8]; 3] = pick(2);
const PICK_COLS: [[i32; 8]; 3] = pick(1);

/// Dword permutes that gather, per minirow `r` of box `j` of a horizontal band, the
/// configuration `HERE[j][r][w]` (one of the two placing the digit there) into dwords
/// `2r` and `2r + 1`. Unused dwords read lane 6 (always 0).
const fn gather_rows(w: usize) -> [[i32; 8]; 3] {
    let mut t = [[6; 8]; 3];
    let mut j = 0;
    while j < 3 {
        let mut r = 0;
        while r < 3 {
            t[j][2 * r] = HERE[j][r][w] as i32;
            t[j][2 * r + 1] = HERE[j][r][w] as i32;
            r += 1;
        }
        j += 1;
    }
    t
}

/// Dword permutes for box `j` of a vertical band, `w` = 0–3: dword `c` gathers one of
/// the two configurations placing the digit in minicolumn `c`, dword `4 + c` one of
/// the four placing it in another minicolumn. OR-ed over `w`, dwords 0–2 hold what the
/// cells of each minicolumn keep, dwords 4–6 what its negative triad keeps.
const fn gather_cols(w: usize) -> [[i32; 8]; 3] {
    let mut t = [[6; 8]; 3];
    let mut j = 0;
    while j < 3 {
        let mut c = 0;
        while c < 3 {
            t[j][c] = HERE[j][c][w % 2] as i32;
            t[j][4 + c] = HERE[j][(c + 1 + w / 2) % 3][w % 2] as i32;
            c += 1;
        }
        j += 1;
    }
    t
}

/// Per box `j`: [`gather_rows`] for both `w`.
const HERE_ROWS: [[[i32; 8]; 2]; 3] = {
    let t = [gather_rows(0), gather_rows(1)];
    [[t[0][0], t[1][0]], [t[0][1], t[1][1]], [t[0][2], t[1][2]]]
};

/// Per box `j`: [`gather_cols`] for every `w`.
const HERE_COLS: [[[i32; 8]; 4]; 3] = {
    let t = [
        gather_cols(0),
        gather_cols(1),
        gather_cols(2),
        gather_cols(3),
    ];
    [
        [t[0][0], t[1][0], t[2][0], t[3][0]],
        [t[0][1], t[1][1], t[2][1], t[3][1]],
        [t[0][2], t[1][2], t[2][2], t[3][2]],
    ]
};

/// The digits box `x` allows in each minirow `r` of a configuration (some cell has
/// them, both other horizontal triads have them), in lane 0 of element `r`.
#[inline]
#[target_feature(enable = "avx2")]
fn fits_rows(x: __m256i) -> __m256i {
    let cells = _mm256_or_si256(
        _mm256_or_si256(x, _mm256_srli_epi64::<16>(x)),
        _mm256_srli_epi64::<32>(x),
    );
    let triads = _mm256_srli_epi64::<48>(x);
    _mm256_and_si256(
        _mm256_and_si256(cells, _mm256_permute4x64_epi64::<0b11_00_10_01>(triads)),
        _mm256_permute4x64_epi64::<0b11_01_00_10>(triads),
    )
}

/// The digits box `x` allows in each minicolumn `c` of a configuration, in dword `c`.
#[inline]
#[target_feature(enable = "avx2")]
fn fits_cols(x: __m256i) -> __m256i {
    let cells = _mm256_or_si256(
        _mm256_or_si256(x, _mm256_permute4x64_epi64::<0b11_00_10_01>(x)),
        _mm256_permute4x64_epi64::<0b11_01_00_10>(x),
    );
    // Row 3 (the vertical triads, lane 3 empty) in every element, then rotated by one
    // and by two lanes among lanes 0–2.
    let triads = _mm256_permute4x64_epi64::<0xFF>(x);
    let next = _mm256_or_si256(
        _mm256_srli_epi64::<16>(triads),
        _mm256_slli_epi64::<32>(triads),
    );
    let after = _mm256_or_si256(
        _mm256_srli_epi64::<32>(triads),
        _mm256_slli_epi64::<16>(triads),
    );
    let fits = _mm256_and_si256(_mm256_and_si256(cells, next), after);
    _mm256_cvtepu16_epi32(_mm256_castsi256_si128(fits))
}

/// [`super::band::pull`] with vectors.
///
/// # Safety
/// The CPU must support AVX2.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn pull(cfg: &mut Configs, k: usize, boxes: &[Lanes; 9]) -> bool {
    let old = load(cfg);
    let mut next = old;
    if k < 3 {
        for (j, pick) in PICK_ROWS.iter().enumerate() {
            let fits = fits_rows(load(&boxes[3 * k + j]));
            next = _mm256_and_si256(next, _mm256_permutevar8x32_epi32(fits, load(pick)));
        }
    } else {
        for (j, pick) in PICK_COLS.iter().enumerate() {
            let fits = fits_cols(load(&boxes[k - 3 + 3 * j]));
            next = _mm256_and_si256(next, _mm256_permutevar8x32_epi32(fits, load(pick)));
        }
    }
    store(cfg, next);
    _mm256_testc_si256(next, old) == 0
}

/// Restricts box `b` by `mask`; returns whether it changed.
#[inline]
#[target_feature(enable = "avx2")]
fn restrict(b: &mut Lanes, mask: __m256i) -> bool {
    let x = load(b);
    store(b, _mm256_and_si256(x, mask));
    _mm256_testc_si256(mask, x) == 0
}

/// [`super::band::push`] with vectors.
///
/// # Safety
/// The CPU must support AVX2.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn push(cfg: &Configs, k: usize, boxes: &mut [Lanes; 9]) -> u16 {
    let c = load(cfg);
    let mut changed = 0;
    if k < 3 {
        // Each configuration in both halves of its dword: a dword permute then fills two
        // lanes of a box row.
        let c2 = _mm256_or_si256(c, _mm256_slli_epi32::<16>(c));
        let row3 = load(&[0, 0, 0, u64::MAX]);
        for (j, [first, second]) in HERE_ROWS.iter().enumerate() {
            let here = _mm256_or_si256(
                _mm256_permutevar8x32_epi32(c2, load(first)),
                _mm256_permutevar8x32_epi32(c2, load(second)),
            );
            let away = _mm256_or_si256(
                _mm256_permute4x64_epi64::<0b11_00_10_01>(here),
                _mm256_permute4x64_epi64::<0b11_01_00_10>(here),
            );
            let mask = _mm256_or_si256(_mm256_blend_epi16::<0b1000_1000>(here, away), row3);
            let b = 3 * k + j;
            if restrict(&mut boxes[b], mask) {
                changed |= 1 << b;
            }
        }
    } else {
        let lane3 = _mm256_set1_epi64x(0xFFFF << 48);
        for (j, idx) in HERE_COLS.iter().enumerate() {
            let [a, b, d, e] = idx.map(|t| _mm256_permutevar8x32_epi32(c, load(&t)));
            let v = _mm256_or_si256(_mm256_or_si256(a, b), _mm256_or_si256(d, e));
            // Dwords to lanes: here in rows 0–2, the triads' digits in row 3.
            let packed = _mm256_packus_epi32(v, v);
            let mask = _mm256_or_si256(_mm256_permute4x64_epi64::<0b10_00_00_00>(packed), lane3);
            let bx = k - 3 + 3 * j;
            if restrict(&mut boxes[bx], mask) {
                changed |= 1 << bx;
            }
        }
    }
    changed
}

/// [`super::boxes::settle`] on one vector.
///
/// # Safety
/// The CPU must support AVX2.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn settle(b: &mut Lanes) -> Option<bool> {
    let cell = load(&CELL);
    let triad = load(&TRIAD);
    let in_row = load(&IN_ROW);
    let in_col = load(&IN_COL);
    let min = load(&MIN);
    let three = _mm256_set1_epi16(3);
    let zero = _mm256_setzero_si256();
    let mut v = load(b);
    let mut changed = false;
    loop {
        let pop = popcounts(v);
        let ro = row_others(v);
        let co = col_others(v);
        let hidden = _mm256_andnot_si256(_mm256_and_si256(ro, co), _mm256_and_si256(cell, v));
        let asserted = _mm256_or_si256(_mm256_and_si256(v, _mm256_cmpeq_epi16(pop, min)), hidden);
        let ra = row_others(asserted);
        let ca = col_others(asserted);
        // The digits asserted in the cells of each row (lane 3 of `ra`), in the other
        // rows.
        let other_rows = col_others(spread_last(ra));
        // The other lanes of a horizontal triad's row, of a vertical triad's column.
        let union = _mm256_and_si256(triad, _mm256_blendv_epi8(co, ro, in_row));
        let union_pop = popcounts(union);
        let y = _mm256_or_si256(
            _mm256_and_si256(v, _mm256_cmpeq_epi16(hidden, zero)),
            hidden,
        );
        let gone = _mm256_or_si256(
            _mm256_or_si256(_mm256_and_si256(in_row, ra), _mm256_and_si256(in_col, ca)),
            _mm256_or_si256(
                _mm256_and_si256(cell, other_rows),
                _mm256_and_si256(union, _mm256_cmpeq_epi16(union_pop, three)),
            ),
        );
        let next = _mm256_andnot_si256(gone, y);
        if any(_mm256_xor_si256(next, v)) {
            changed = true;
            v = next;
            continue;
        }
        let digits = _mm256_set1_epi16(ALL as i16);
        let missing_row = _mm256_andnot_si256(_mm256_or_si256(v, ro), digits);
        let missing_col = _mm256_andnot_si256(_mm256_or_si256(v, co), digits);
        let several = _mm256_cmpeq_epi16(
            _mm256_and_si256(hidden, _mm256_sub_epi16(hidden, _mm256_set1_epi16(1))),
            zero,
        );
        let bad = _mm256_or_si256(
            _mm256_or_si256(
                _mm256_and_si256(in_row, missing_row),
                _mm256_and_si256(in_col, missing_col),
            ),
            _mm256_or_si256(
                _mm256_cmpgt_epi16(min, pop),
                _mm256_and_si256(triad, _mm256_cmpgt_epi16(three, union_pop)),
            ),
        );
        // `several` is all ones where a lane has at most one hidden digit.
        if any(bad) || _mm256_movemask_epi8(several) != -1 {
            return None;
        }
        store(b, v);
        return Some(changed);
    }
}

/// Candidates per 16-bit lane: a nibble table, then the two bytes of each lane added.
#[inline]
#[target_feature(enable = "avx2")]
fn popcounts(x: __m256i) -> __m256i {
    let table = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let nibble = _mm256_set1_epi8(0x0F);
    let lo = _mm256_shuffle_epi8(table, _mm256_and_si256(x, nibble));
    let hi = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16::<4>(x), nibble));
    _mm256_maddubs_epi16(_mm256_add_epi8(lo, hi), _mm256_set1_epi8(1))
}

/// Each lane's matrix row rotated by one lane (a byte shuffle within each 64-bit
/// element): lane `c` gets lane `c + 1 mod 4`.
#[inline]
#[target_feature(enable = "avx2")]
fn rotate_one(x: __m256i) -> __m256i {
    let one = _mm256_setr_epi8(
        2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12,
        13, 14, 15, 8, 9,
    );
    _mm256_shuffle_epi8(x, one)
}

/// The other three lanes of each lane's matrix row (one 64-bit element), OR-ed: lane
/// `c + 2`, then lanes `c + 1` and `c + 3` as one rotation of lanes `c` and `c + 2`.
#[inline]
#[target_feature(enable = "avx2")]
fn row_others(x: __m256i) -> __m256i {
    let across = _mm256_shuffle_epi32::<0b10_11_00_01>(x);
    _mm256_or_si256(across, rotate_one(_mm256_or_si256(x, across)))
}

/// Lane 3 of each of the matrix rows 0–2 in every lane of its row; row 3 cleared.
#[inline]
#[target_feature(enable = "avx2")]
fn spread_last(x: __m256i) -> __m256i {
    let last = _mm256_setr_epi8(
        6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15, 6, 7, 6, 7, 6, 7, 6, 7, -1, -1, -1,
        -1, -1, -1, -1, -1,
    );
    _mm256_shuffle_epi8(x, last)
}

/// The other three lanes of each lane's matrix column (the other 64-bit elements),
/// OR-ed: rows `r ^ 1`, `r ^ 2` and `r ^ 3`.
#[inline]
#[target_feature(enable = "avx2")]
fn col_others(x: __m256i) -> __m256i {
    let far = _mm256_permute4x64_epi64::<0b01_00_11_10>(x);
    _mm256_or_si256(
        _mm256_or_si256(_mm256_shuffle_epi32::<0b01_00_11_10>(x), far),
        _mm256_shuffle_epi32::<0b01_00_11_10>(far),
    )
}

#[inline]
#[target_feature(enable = "avx2")]
fn any(x: __m256i) -> bool {
    _mm256_testz_si256(x, x) == 0
}
