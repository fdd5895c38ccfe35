//! The search variant compiled with `avx2` and `popcnt` (x86-64 only), chosen at run
//! time by [`super::dispatch`].
//!
//! Same rules and same results as the portable band step ([`super::state::step`]); the
//! tests in [`super::dispatch`] compare them. A box is one 256-bit vector (16 lanes of
//! 16 bits, matrix row `r` in 64-bit element `r`): the lanes of a matrix row are
//! combined with shuffles inside each 64-bit element, the lanes of a matrix column with
//! 64-bit permutes, and candidates are counted with a nibble table. A band's
//! configurations are one 128-bit vector; configurations become positive triads, triads
//! become box masks, and box reports become eliminations by byte shuffles
//! (`_mm256_shuffle_epi8`) with the tables below, each built at compile time from
//! [`PERMS`].
//!
//! Calling a function compiled for CPU features is sound only when the CPU has them:
//! [`start`] and [`search`] are `unsafe` for that reason, and [`Avx2`] is reached only
//! through them.

#![allow(unsafe_code)]

use std::arch::x86_64::*;

use super::band::{box_of, Band, HERE, PERMS};
use super::boxes::{Lanes, ALL, CELL, MIN};
use super::search::{begin, descend};
use super::state::{across, down, State};
use super::variant::Recurse;
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
pub unsafe fn search(run: &mut Run, state: &mut State, guessed: bool) {
    descend::<Avx2>(run, state, guessed);
}

/// Branches of the feature variant stay in it.
pub struct Avx2;

impl Recurse for Avx2 {
    fn recurse(run: &mut Run, state: &mut State) {
        // SAFETY: `Avx2` is only used by `search` and `start`, which run only after
        // `supported` confirmed the features.
        unsafe { search(run, state, true) }
    }

    #[inline(always)]
    fn step<const K: usize>(s: &mut State) -> Option<u8> {
        // SAFETY: as above, `Avx2` only runs after `supported` confirmed AVX2.
        unsafe { step_in::<K>(s) }
    }
}

/// A byte-shuffle control for 16-bit lanes: output lane `l` (0–15) takes lane
/// `src[l]` (0–7) of its own 128-bit half, or 0 when `src[l]` is negative.
const fn control(src: [i32; 16]) -> [u8; 32] {
    let mut out = [0x80u8; 32];
    let mut l = 0;
    while l < 16 {
        if src[l] >= 0 {
            out[2 * l] = 2 * src[l] as u8;
            out[2 * l + 1] = 2 * src[l] as u8 + 1;
        }
        l += 1;
    }
    out
}

/// Positive triads, as lanes: box 0 in lanes 0–2, box 1 in 4–6, box 2 in 8–10. Entry
/// `(j, r)` of lane `l`, if any.
const fn triad_lane(l: usize) -> Option<(usize, usize)> {
    match l {
        0..=2 => Some((0, l)),
        4..=6 => Some((1, l - 4)),
        8..=10 => Some((2, l - 8)),
        _ => None,
    }
}

/// Configurations (both halves) to positive triads: `w` picks one of the two
/// configurations through each minirow.
const fn to_triads(w: usize) -> [u8; 32] {
    let mut src = [-1; 16];
    let mut l = 0;
    while l < 16 {
        if let Some((j, r)) = triad_lane(l) {
            src[l] = HERE[j][r][w] as i32;
        }
        l += 1;
    }
    control(src)
}

static TO_TRIADS: [[u8; 32]; 2] = [to_triads(0), to_triads(1)];

/// Triads found full (three digits) to the configurations they rule out: per
/// configuration `p`, the two other minirows of box 0 (`w` = 0, 1) or of box 1
/// (`w` = 2, 3) in the low half, of box 2 in the high half.
const fn full_to_configs(w: usize) -> [u8; 32] {
    let mut src = [-1; 16];
    let mut p = 0;
    while p < 6 {
        let j = w / 2;
        src[p] = (4 * j + (PERMS[p][j] + 1 + w % 2) % 3) as i32;
        src[8 + p] = ((PERMS[p][2] + 1 + w % 2) % 3) as i32;
        p += 1;
    }
    control(src)
}

static FULL_TO_CONFIGS: [[u8; 32]; 4] = [
    full_to_configs(0),
    full_to_configs(1),
    full_to_configs(2),
    full_to_configs(3),
];

/// Positive triads of box `j` (at lanes `base..base + 3` of both halves: box 1 at 4,
/// the others at 0) to the mask of that box, for a horizontal (`vertical` false) or
/// vertical band. Cells take their minirow's (minicolumn's) triad; negative triads one
/// (`w` = 0) or the other (`w` = 1) of the two other triads.
const fn to_mask(vertical: bool, j: usize, w: usize) -> [u8; 32] {
    let base = if j == 1 { 4 } else { 0 };
    let mut src = [-1; 16];
    let mut l = 0;
    while l < 16 {
        let (row, col) = (l / 4, l % 4);
        let (along, across) = if vertical { (row, col) } else { (col, row) };
        if across < 3 {
            if along < 3 {
                src[l] = (base + across) as i32;
            } else {
                src[l] = (base + (across + 1 + w) % 3) as i32;
            }
        }
        l += 1;
    }
    control(src)
}

static TO_MASK: [[[[u8; 32]; 2]; 3]; 2] = {
    let mut t = [[[[0; 32]; 2]; 3]; 2];
    let mut o = 0;
    while o < 2 {
        let mut j = 0;
        while j < 3 {
            t[o][j] = [to_mask(o == 1, j, 0), to_mask(o == 1, j, 1)];
            j += 1;
        }
        o += 1;
    }
    t
};

/// Lanes a band's mask leaves alone: row 3 for a horizontal band, column 3 for a
/// vertical one.
const fn untouched(vertical: bool) -> [u16; 16] {
    let mut t = [0; 16];
    let mut l = 0;
    while l < 16 {
        if (vertical && l % 4 == 3) || (!vertical && l / 4 == 3) {
            t[l] = 0xFFFF;
        }
        l += 1;
    }
    t
}

static UNTOUCHED: [[u16; 16]; 2] = [untouched(false), untouched(true)];

/// The horizontal triad lanes (3, 7 and 11) of a box to lanes `base..base + 3` (low half
/// of the result OR-ed with the high half).
const fn across_lanes(base: usize) -> [u8; 32] {
    let mut src = [-1; 16];
    src[base] = 3;
    src[base + 1] = 7;
    src[base + 10] = 3;
    control(src)
}

/// A box's assertions to lanes 0–2, and its placements to lanes 4–6 ([`across_lanes`]).
static ABSENT_ACROSS: [u8; 32] = across_lanes(0);
static PRESENT_ACROSS: [u8; 32] = across_lanes(4);

/// A box's report (absent digits per minirow in lanes 0–2, present ones in 4–6; the
/// horizontal band's view in the low half, the vertical band's in the high half) to the
/// eliminations of its two bands: `w` = 0 the configuration's own minirow, absent;
/// `w` = 1, 2 the other minirows, present.
const fn report_to_configs(b: usize, w: usize) -> [u8; 32] {
    let (jh, jv) = (b % 3, b / 3);
    let mut src = [-1; 16];
    let mut p = 0;
    while p < 6 {
        let mut half = 0;
        while half < 2 {
            let r = PERMS[p][if half == 0 { jh } else { jv }];
            src[8 * half + p] = if w == 0 {
                r as i32
            } else {
                (4 + (r + w) % 3) as i32
            };
            half += 1;
        }
        p += 1;
    }
    control(src)
}

static REPORT_TO_CONFIGS: [[[u8; 32]; 3]; 9] = {
    let mut t = [[[0; 32]; 3]; 9];
    let mut b = 0;
    while b < 9 {
        t[b] = [
            report_to_configs(b, 0),
            report_to_configs(b, 1),
            report_to_configs(b, 2),
        ];
        b += 1;
    }
    t
};

/// Swaps the two 16-bit lanes of every 32-bit element (lanes `c ^ 1`).
static SWAP_PAIRS: [u8; 32] = control([1, 0, 3, 2, 5, 4, 7, 6, 1, 0, 3, 2, 5, 4, 7, 6]);

/// Loads 32 bytes (a box, a table).
#[inline(always)]
fn load<T: Copy>(x: &T) -> __m256i {
    const { assert!(std::mem::size_of::<T>() == 32) };
    // SAFETY: `T` is 32 bytes (checked at compile time); unaligned loads accept any
    // address.
    unsafe { _mm256_loadu_si256(std::ptr::from_ref(x).cast()) }
}

/// Stores a box.
#[inline(always)]
fn store(x: &mut Lanes, v: __m256i) {
    // SAFETY: a box is 32 bytes of plain integers, valid for any bits; unaligned stores
    // accept any address.
    unsafe { _mm256_storeu_si256(std::ptr::from_mut(x).cast(), v) }
}

/// Loads 16 bytes (a band's configurations or pending eliminations).
#[inline(always)]
fn load_half(x: &[u16; 8]) -> __m128i {
    // SAFETY: 16 bytes; unaligned loads accept any address.
    unsafe { _mm_loadu_si128(std::ptr::from_ref(x).cast()) }
}

/// Stores 16 bytes.
#[inline(always)]
fn store_half(x: &mut [u16; 8], v: __m128i) {
    // SAFETY: 16 bytes of plain integers, valid for any bits.
    unsafe { _mm_storeu_si128(std::ptr::from_mut(x).cast(), v) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn shuffle(x: __m256i, control: &[u8; 32]) -> __m256i {
    _mm256_shuffle_epi8(x, load(control))
}

#[inline]
#[target_feature(enable = "avx2")]
fn or(a: __m256i, b: __m256i) -> __m256i {
    _mm256_or_si256(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
fn and(a: __m256i, b: __m256i) -> __m256i {
    _mm256_and_si256(a, b)
}

/// `b` without the bits of `a`.
#[inline]
#[target_feature(enable = "avx2")]
fn andnot(a: __m256i, b: __m256i) -> __m256i {
    _mm256_andnot_si256(a, b)
}

/// Whether `a & b` is empty.
#[inline]
#[target_feature(enable = "avx2")]
fn disjoint(a: __m256i, b: __m256i) -> bool {
    _mm256_testz_si256(a, b) == 1
}

/// `x` with its 128-bit halves swapped (matrix rows `r ^ 2`).
#[inline]
#[target_feature(enable = "avx2")]
fn halves(x: __m256i) -> __m256i {
    _mm256_permute2x128_si256::<0x01>(x, x)
}

/// The two halves of `x` OR-ed.
#[inline]
#[target_feature(enable = "avx2")]
fn fold(x: __m256i) -> __m128i {
    _mm_or_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x))
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

/// The positive triads of a band's configurations (see [`triad_lane`]).
#[inline]
#[target_feature(enable = "avx2")]
fn triads(cfg: __m128i) -> __m256i {
    let both = _mm256_broadcastsi128_si256(cfg);
    or(shuffle(both, &TO_TRIADS[0]), shuffle(both, &TO_TRIADS[1]))
}

/// What [`restrict`] did to a box.
enum Restricted {
    Unchanged,
    Contradiction,
    /// The assertions and the eliminations of the last round.
    Changed(__m256i, __m256i),
}

/// [`super::boxes::restrict`] on one vector.
#[inline]
#[target_feature(enable = "avx2")]
fn restrict(b: &mut Lanes, mask: __m256i) -> Restricted {
    let x = load(b);
    if _mm256_testc_si256(mask, x) == 1 {
        return Restricted::Unchanged;
    }
    let min = load(&MIN);
    let cell = load(&CELL);
    let digits = _mm256_set1_epi16(ALL as i16);
    let zero = _mm256_setzero_si256();
    let mut v = and(x, mask);
    loop {
        // Cells with one candidate: `x & (x - 1)` is zero (and `x` is not).
        let fewer = _mm256_and_si256(v, _mm256_sub_epi16(v, _mm256_set1_epi16(1)));
        let single = andnot(_mm256_cmpeq_epi16(v, zero), _mm256_cmpeq_epi16(fewer, zero));
        // Digits in two or more lanes of a matrix row: lanes c ^ 2, then c ^ 1.
        let far = _mm256_shuffle_epi32::<0b10_11_00_01>(v);
        let (once, twice) = (or(v, far), and(v, far));
        let twice_row = or(
            or(twice, shuffle(twice, &SWAP_PAIRS)),
            and(once, shuffle(once, &SWAP_PAIRS)),
        );
        // The same in a matrix column: rows r ^ 1, then r ^ 2.
        let near = _mm256_shuffle_epi32::<0b01_00_11_10>(v);
        let (once, twice) = (or(v, near), and(v, near));
        let twice_col = or(or(twice, halves(twice)), and(once, halves(once)));
        let hidden = andnot(and(twice_row, twice_col), v);
        let cells = and(cell, or(and(single, v), hidden));
        let rows = or(cells, _mm256_shuffle_epi32::<0b10_11_00_01>(cells));
        let rows = or(rows, shuffle(rows, &SWAP_PAIRS));
        let cols = or(cells, _mm256_shuffle_epi32::<0b01_00_11_10>(cells));
        let cols = or(cols, halves(cols));
        let all = or(cols, _mm256_shuffle_epi32::<0b10_11_00_01>(cols));
        let all = or(all, shuffle(all, &SWAP_PAIRS));
        let whole = andnot(_mm256_cmpeq_epi16(cells, zero), digits);
        let gone = andnot(cells, or(or(and(all, cell), rows), or(cols, whole)));
        if disjoint(gone, v) {
            // On the fixpoint: a lane below its minimum is a contradiction (lanes only
            // lose candidates, so one would still be there), and triads at six assert.
            let pop = popcounts(v);
            let low = _mm256_cmpgt_epi16(min, pop);
            if !disjoint(low, low) {
                return Restricted::Contradiction;
            }
            store(b, v);
            let asserted = or(and(v, _mm256_cmpeq_epi16(pop, min)), hidden);
            return Restricted::Changed(asserted, gone);
        }
        v = andnot(gone, v);
    }
}

/// [`super::state::step`] with vectors, for the tests (the search calls [`step_in`]
/// with the band number known).
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(test)]
#[target_feature(enable = "avx2")]
pub unsafe fn step(s: &mut State, k: usize) -> Option<u8> {
    // SAFETY: the CPU supports AVX2 (this function's contract).
    unsafe {
        match k {
            0 => step_in::<0>(s),
            1 => step_in::<1>(s),
            2 => step_in::<2>(s),
            3 => step_in::<3>(s),
            4 => step_in::<4>(s),
            _ => step_in::<5>(s),
        }
    }
}

/// [`super::state::step`] with vectors, in band `K`: one copy per band, so that box
/// numbers and table rows are constants.
///
/// # Safety
/// The CPU must support AVX2.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn step_in<const K: usize>(s: &mut State) -> Option<u8> {
    let band: &mut Band = &mut s.bands[K];
    let pending = load_half(&band.pending);
    let mut cfg = load_half(&band.cfg);
    if _mm_testz_si128(cfg, pending) == 1 {
        return Some(0);
    }
    cfg = _mm_andnot_si128(pending, cfg);
    // Minirows with exactly three possible digits, and the configurations they rule
    // out; computed every time, which costs less than a mispredicted test.
    let t = triads(cfg);
    let full = and(t, _mm256_cmpeq_epi16(popcounts(t), _mm256_set1_epi16(3)));
    let gone = or(
        or(
            shuffle(full, &FULL_TO_CONFIGS[0]),
            shuffle(full, &FULL_TO_CONFIGS[1]),
        ),
        or(
            shuffle(full, &FULL_TO_CONFIGS[2]),
            shuffle(full, &FULL_TO_CONFIGS[3]),
        ),
    );
    cfg = _mm_andnot_si128(fold(gone), cfg);
    let t = triads(cfg);
    store_half(&mut band.cfg, cfg);
    let o = usize::from(K >= 3);
    let low = _mm256_permute2x128_si256::<0x00>(t, t);
    let high = _mm256_permute2x128_si256::<0x11>(t, t);
    let untouched = load(&UNTOUCHED[o]);
    let mut dirty = 0;
    for (j, [first, second]) in TO_MASK[o].iter().enumerate() {
        let src = if j == 2 { high } else { low };
        let mask = or(or(shuffle(src, first), shuffle(src, second)), untouched);
        let b = box_of(K, j);
        match restrict(&mut s.boxes[b], mask) {
            Restricted::Unchanged => {}
            Restricted::Contradiction => return None,
            Restricted::Changed(asserted, gone) => {
                let across_view = fold(or(
                    shuffle(asserted, &ABSENT_ACROSS),
                    shuffle(gone, &PRESENT_ACROSS),
                ));
                let down_view =
                    _mm256_extracti128_si256::<1>(_mm256_unpackhi_epi64(asserted, gone));
                let view = _mm256_set_m128i(down_view, across_view);
                let [own, next, last] = &REPORT_TO_CONFIGS[b];
                let sent = or(
                    or(shuffle(view, own), shuffle(view, next)),
                    shuffle(view, last),
                );
                let (h, _) = across(b);
                let (v, _) = down(b);
                let ph = &mut s.bands[h].pending;
                store_half(
                    ph,
                    _mm_or_si128(load_half(ph), _mm256_castsi256_si128(sent)),
                );
                let pv = &mut s.bands[v].pending;
                store_half(
                    pv,
                    _mm_or_si128(load_half(pv), _mm256_extracti128_si256::<1>(sent)),
                );
                dirty |= 1 << h | 1 << v;
            }
        }
    }
    Some(dirty)
}
