//! The band update of the AVX2 variant: a band's words of digits 0 to 7 updated
//! together, as the eight lanes of one register.
//!
//! The portable update ([`State::update_bands`]) visits the 27 digit-band words one at a
//! time and first asks whether each changed since its last update. On hard puzzles that
//! question is the engine's most mispredicted branch: which words a placement changes
//! depends on the puzzle. But the words of a band change together (a placement clears
//! its cell from all nine digits of its band), so here one vector comparison asks the
//! question for eight words, and the eight are updated side by side with no table
//! look-up and no branch per word:
//!
//! - **Row/box matching** ([`super::tables::BAND_KEEP`]'s rule): each minirow's three
//!   bits are folded onto its lowest, and each of the six one-to-one matchings of rows
//!   to boxes ([`PERMS`]) is tested against those nine flags; the minirows of the
//!   matchings that fit are kept.
//! - **Column lock** ([`super::tables::COLUMN_KEEP`]'s rule): a box whose digit is
//!   confined to one column (used, and the box's other two columns not) clears that
//!   column from the other two bands, whose words of the same digits sit in the same
//!   lanes ([`column_locks`]).
//! - **Rows with one cell** (`y & (y - 1) == 0`, every row being non-empty once the
//!   word is): their open cells are placed. A cell placed by two digits at once is a
//!   contradiction (a pairwise fold across the lanes counts "one or more" and "two or
//!   more"); the others are cleared from the band's other digits, digit 8's word
//!   included, and from the open cells.
//!
//! Digit 8's word, the ninth of each band, is updated by the portable step after its
//! band's vector. Every rule only removes candidates, so the order in which words are
//! updated does not change the fixpoint: the tests below check that this update and
//! the portable one reach the same state, or both a contradiction, on states along
//! random searches from the shipped samples.
//!
//! The whole module is `unsafe` to call: it uses AVX2 intrinsics, and [`update_bands`]
//! must run only on a CPU that has them, from code compiled for them
//! ([`super::dispatch`] sees to both).

#![allow(unsafe_code)]

use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi32, _mm256_cvtsi256_si32,
    _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256, _mm256_permute2x128_si256,
    _mm256_set1_epi32, _mm256_setzero_si256, _mm256_shuffle_epi32, _mm256_slli_epi32,
    _mm256_srli_epi32, _mm256_storeu_si256, _mm256_sub_epi32, _mm256_testz_si256,
};

use super::state::{word, State, OTHER_BANDS};
use super::tables::MINIROW_LOW;
use super::variant::Variant;
use crate::engine::nine::PERMS;

/// Matching `p` of [`PERMS`] as minirow flags: bit `9 * r + 3 * k` for row `r` in box
/// `k`.
const fn matching(p: usize) -> i32 {
    let perm = PERMS[p];
    1 << (3 * perm[0]) | 1 << (9 + 3 * perm[1]) | 1 << (18 + 3 * perm[2])
}

/// Band updates until no word changes, a band's digits 0–7 at once (see the module
/// docs); `false` on a contradiction. Digit 8's words go through `variant`.
///
/// # Safety
/// The CPU must have AVX2, and the caller must be compiled for it so that the
/// intrinsics inline.
#[inline(always)]
pub unsafe fn update_bands<V: Variant>(variant: V, state: &mut State) -> bool {
    loop {
        let mut changed = false;
        // SAFETY: the caller guarantees AVX2 (this function's contract).
        let ok = unsafe {
            update_group::<0>(state, &mut changed)
                && state.update_band::<V, 8, 0>(variant, &mut changed)
                && update_group::<1>(state, &mut changed)
                && state.update_band::<V, 8, 1>(variant, &mut changed)
                && update_group::<2>(state, &mut changed)
                && state.update_band::<V, 8, 2>(variant, &mut changed)
        };
        if !ok {
            return false;
        }
        if !changed {
            return true;
        }
    }
}

/// `x | x >> A | x >> B` in each lane.
#[inline(always)]
unsafe fn or_right<const A: i32, const B: i32>(x: __m256i) -> __m256i {
    // SAFETY: AVX2, by the caller's contract.
    unsafe {
        _mm256_or_si256(
            _mm256_or_si256(x, _mm256_srli_epi32::<A>(x)),
            _mm256_srli_epi32::<B>(x),
        )
    }
}

/// `x | x << A | x << B` in each lane.
#[inline(always)]
unsafe fn or_left<const A: i32, const B: i32>(x: __m256i) -> __m256i {
    // SAFETY: AVX2, by the caller's contract.
    unsafe {
        _mm256_or_si256(
            _mm256_or_si256(x, _mm256_slli_epi32::<A>(x)),
            _mm256_slli_epi32::<B>(x),
        )
    }
}

/// The column locks of each lane's band word `s`: the columns that are the only one
/// of their box the word still uses, in all three rows.
///
/// Each row of `c` holds the columns the word uses (its three rows folded, the copies
/// shifted in from above bit 26 being never read); a column is locked when it is used
/// and the other two of its box are not, which each of the three positions in a box
/// reads with its own pair of shifts, within the box. Written this way rather than on
/// the nine folded bits, because the compiler turns the spread of nine bits to three
/// rows (`x | x << 9 | x << 18` of a value it knows to be narrow) into a
/// multiplication, whose latency (10 cycles on recent Intel cores, against 1 for a
/// shift) sat on the update's longest chain.
#[inline(always)]
unsafe fn column_locks(s: __m256i) -> __m256i {
    // SAFETY: AVX2, by the caller's contract.
    unsafe {
        let c = _mm256_or_si256(or_right::<9, 18>(s), or_left::<9, 18>(s));
        let (up1, up2) = (_mm256_srli_epi32::<1>(c), _mm256_srli_epi32::<2>(c));
        let (down1, down2) = (_mm256_slli_epi32::<1>(c), _mm256_slli_epi32::<2>(c));
        let first = _mm256_set1_epi32(MINIROW_LOW as i32);
        let alone = _mm256_or_si256(
            _mm256_or_si256(
                _mm256_andnot_si256(_mm256_or_si256(up1, up2), first),
                _mm256_andnot_si256(_mm256_or_si256(down1, up1), _mm256_slli_epi32::<1>(first)),
            ),
            _mm256_andnot_si256(_mm256_or_si256(down1, down2), _mm256_slli_epi32::<2>(first)),
        );
        _mm256_and_si256(c, alone)
    }
}

/// One step of the fold across lanes: `(ones, twos)` joined with the same of the lanes
/// `moved` brings over.
#[inline(always)]
unsafe fn join(
    ones: __m256i,
    twos: __m256i,
    moved: impl Fn(__m256i) -> __m256i,
) -> (__m256i, __m256i) {
    let other = moved(ones);
    // SAFETY: AVX2, by the caller's contract.
    unsafe {
        let both = _mm256_and_si256(ones, other);
        (
            _mm256_or_si256(ones, other),
            _mm256_or_si256(_mm256_or_si256(twos, moved(twos)), both),
        )
    }
}

/// The update of band `B`'s words of digits 0–7 when any of them changed since its
/// last update; `false` on a contradiction.
///
/// # Safety
/// As [`update_bands`].
#[inline(always)]
unsafe fn update_group<const B: usize>(state: &mut State, changed: &mut bool) -> bool {
    let words = state.cand[word(0, B)..][..8].as_mut_ptr();
    let seen = state.seen[word(0, B)..][..8].as_mut_ptr();
    // SAFETY: AVX2, by the caller's contract. Every unaligned load and store covers
    // eight `u32`s of a slice of eight (`words`, `seen`, `other`).
    unsafe {
        let s0 = _mm256_loadu_si256(words.cast());
        if _mm256_movemask_epi8(_mm256_cmpeq_epi32(s0, _mm256_loadu_si256(seen.cast()))) == -1 {
            return true;
        }
        *changed = true;
        let flags = _mm256_and_si256(or_right::<1, 2>(s0), _mm256_set1_epi32(MINIROW_LOW as i32));
        let mut kept = _mm256_setzero_si256();
        for p in 0..6 {
            let m = _mm256_set1_epi32(matching(p));
            let fits = _mm256_cmpeq_epi32(_mm256_and_si256(flags, m), m);
            kept = _mm256_or_si256(kept, _mm256_and_si256(fits, m));
        }
        let s = _mm256_and_si256(s0, or_left::<1, 2>(kept));
        let zero = _mm256_setzero_si256();
        if _mm256_movemask_epi8(_mm256_cmpeq_epi32(s, zero)) != 0 {
            return false;
        }
        _mm256_storeu_si256(seen.cast(), s);

        let locked = column_locks(s);
        for o in OTHER_BANDS[B] {
            let other = state.cand[word(0, o)..][..8].as_mut_ptr();
            let kept = _mm256_andnot_si256(locked, _mm256_loadu_si256(other.cast()));
            _mm256_storeu_si256(other.cast(), kept);
        }

        let (one, row) = (_mm256_set1_epi32(1), _mm256_set1_epi32(0x1ff));
        let single = |y: __m256i| {
            let rest = _mm256_and_si256(y, _mm256_sub_epi32(y, one));
            _mm256_and_si256(y, _mm256_cmpeq_epi32(rest, zero))
        };
        let r0 = single(_mm256_and_si256(s, row));
        let r1 = single(_mm256_and_si256(_mm256_srli_epi32::<9>(s), row));
        let r2 = single(_mm256_srli_epi32::<18>(s));
        let solved = _mm256_or_si256(
            _mm256_or_si256(r0, _mm256_slli_epi32::<9>(r1)),
            _mm256_slli_epi32::<18>(r2),
        );
        let open = _mm256_set1_epi32(state.unsolved[B] as i32);
        let new = _mm256_and_si256(solved, open);
        let (ones, twos) = join(new, zero, |v| _mm256_shuffle_epi32::<0xb1>(v));
        let (ones, twos) = join(ones, twos, |v| _mm256_shuffle_epi32::<0x4e>(v));
        let (ones, twos) = join(ones, twos, |v| _mm256_permute2x128_si256::<1>(v, v));
        if _mm256_testz_si256(twos, twos) == 0 {
            return false;
        }
        let placed = _mm256_cvtsi256_si32(ones) as u32;
        state.unsolved[B] &= !placed;
        let others = _mm256_andnot_si256(new, ones);
        _mm256_storeu_si256(words.cast(), _mm256_andnot_si256(others, s));
        state.cand[word(8, B)] &= !placed;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fast::dispatch::{x86::Bmi, Portable};
    use crate::engine::fast::givens;
    use crate::engine::nine::{samples, xorshift};

    /// The AVX2 variant's band update as a plain function.
    ///
    /// # Safety
    /// The CPU must have the features it is compiled for (`bmi` proves it).
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    unsafe fn wide(bmi: Bmi, state: &mut State) -> bool {
        // SAFETY: the CPU has AVX2 (this function's contract), and the function is
        // compiled for it.
        unsafe { update_bands(bmi, state) }
    }

    /// From the givens of every sample puzzle, a random walk: update the bands both
    /// ways, compare, place a random candidate of a random open cell, and again, until a
    /// contradiction or a solution. Both ways must agree on success, and on success on
    /// every word and the open cells.
    #[test]
    fn wide_update_matches_portable() {
        let Some(bmi) = Bmi::detect() else {
            return;
        };
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut states = 0;
        for grid in samples() {
            let line = grid.to_string();
            let mut state = givens(grid.cells()).unwrap();
            loop {
                let mut portable = state;
                let ok = portable.update_bands(Portable);
                // SAFETY: `bmi` was made by `Bmi::detect`, which confirmed the features.
                let wide_ok = unsafe { wide(bmi, &mut state) };
                states += 1;
                assert_eq!(ok, wide_ok, "{line}");
                if !ok {
                    break;
                }
                assert_eq!(portable.cand, state.cand, "{line}");
                assert_eq!(portable.unsolved, state.unsolved, "{line}");
                let open: Vec<usize> = (0..81)
                    .filter(|&c| state.unsolved(c / 27) & 1 << (c % 27) != 0)
                    .collect();
                if open.is_empty() {
                    break;
                }
                let cell = open[next() as usize % open.len()];
                let (b, bit) = (cell / 27, 1 << (cell % 27));
                let digits = state.digits_at(Portable, b, bit);
                let digits: Vec<usize> = (0..9).filter(|&d| digits & 1 << d != 0).collect();
                if digits.is_empty() {
                    break;
                }
                let d = digits[next() as usize % digits.len()];
                assert!(state.place(d, b, bit));
            }
        }
        assert!(states > 2000, "{states}");
    }
}
