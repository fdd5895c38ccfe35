//! Runtime choice of the instruction set the search is compiled for.
//!
//! The search is written once ([`super::search::descend`], fully inlined
//! helpers) and instantiated twice: a portable variant for any CPU, and on x86-64 a
//! variant compiled with `popcnt`, `bmi1`, `bmi2`, `lzcnt` and `avx2`, which turns the
//! many population counts and trailing-zero counts into single instructions and lets
//! the compiler vectorise the loops over a band's nine words with 256-bit registers.
//! The variants differ in four steps written by hand:
//!
//! - The band updates ([`Variant::update_bands`]) visit the 27 digit-band words one at
//!   a time in the portable variant; the other takes a band's words of digits 0 to 7
//!   at once, as the lanes of one AVX2 register ([`super::wide`]), and digit 8's words
//!   one at a time.
//! - Which minirows of a single word still hold the digit ([`Variant::minirows`]) is
//!   three table look-ups in the portable variant and one BMI2 `pext` in the other
//!   (which now asks it for digit 8 only).
//! - A cell's digits ([`Variant::cell_digits`]), asked for every candidate branch cell
//!   while more than 50 cells are open, are nine tests in the portable variant
//!   and one AVX2 shift and `movmskps` over eight of the band's words in the other.
//! - The clear of a cell a single word's update has just placed from the band's other
//!   words ([`Variant::clear_others`]) is a plain loop in the portable variant, which
//!   the compiler turns into vector instructions, and one 256-bit read and write of
//!   the band's first eight words in the other, the size of the wide update's next load
//!   of them.
//!
//! [`start`] (givens entered, then the search) and [`search`] (from a state) check the
//! CPU once per call (`is_x86_feature_detected!` caches its answer) and run the best
//! variant; both give identical results, which the tests below check on the shipped
//! samples.
//!
//! This and [`super::wide`] are the only places in the engine with `unsafe`: calling a
//! function compiled for CPU features, or the `pext` and AVX2 intrinsics, is sound only
//! when the CPU has them.

use super::search::{descend, Variant};
use super::state::State;
use super::tables::SHRINK;
use crate::engine::nine::Run;

/// The portable variant.
pub struct Portable;

impl Variant for Portable {
    /// One word at a time ([`State::update_bands`]).
    #[inline(always)]
    fn update_bands(state: &mut State) -> bool {
        state.update_bands::<Portable>()
    }

    fn recurse(run: &mut Run, state: &mut State) {
        descend::<Portable>(run, state, true);
    }

    /// Three look-ups of [`SHRINK`], one per row.
    #[inline(always)]
    fn minirows(s: u32) -> usize {
        SHRINK[(s & 0x1ff) as usize] as usize
            | (SHRINK[(s >> 9 & 0x1ff) as usize] as usize) << 3
            | (SHRINK[(s >> 18 & 0x1ff) as usize] as usize) << 6
    }

    #[inline(always)]
    fn cell_digits(words: &[u32; 9], bit: u32) -> u32 {
        let mut mask = 0;
        for (d, &w) in words.iter().enumerate() {
            mask |= u32::from(w & bit != 0) << d;
        }
        mask
    }

    #[inline(always)]
    fn clear_others<const D: usize>(words: &mut [u32; 9], cells: u32) {
        for (d, w) in words.iter_mut().enumerate() {
            if d != D {
                *w &= !cells;
            }
        }
    }
}

/// Enters the givens `cells` (row-major, 0 = empty) and searches from them with the best
/// variant this CPU supports, both compiled for it; clashing givens find nothing.
pub fn start(run: &mut Run, cells: &[u8; 81]) {
    #[cfg(target_arch = "x86_64")]
    if x86::supported() {
        // SAFETY: `supported` has just confirmed every feature `x86::start` is compiled
        // for.
        unsafe { x86::start(run, cells) };
        return;
    }
    if let Some(mut state) = State::from_givens(cells) {
        descend::<Portable>(run, &mut state, false);
    }
}

/// Runs the search from `state` with the best variant this CPU supports.
pub fn search(run: &mut Run, mut state: State) {
    #[cfg(target_arch = "x86_64")]
    if x86::supported() {
        // SAFETY: `supported` has just confirmed every feature `x86::search` is compiled
        // for.
        unsafe { x86::search(run, &mut state, false) };
        return;
    }
    descend::<Portable>(run, &mut state, false);
}

#[cfg(target_arch = "x86_64")]
pub mod x86 {
    //! The variant compiled with x86-64 bit-manipulation features.

    use super::{descend, Run, State, Variant};
    use crate::engine::fast::tables::MINIROW_LOW;
    use crate::engine::fast::wide;
    use std::arch::x86_64::{
        _mm256_andnot_si256, _mm256_castsi256_ps, _mm256_loadu_si256, _mm256_movemask_ps,
        _mm256_set1_epi32, _mm256_sllv_epi32, _mm256_storeu_si256, _pext_u32,
    };

    /// Whether this CPU has every feature [`search`] is compiled for.
    #[inline]
    pub fn supported() -> bool {
        std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("avx2")
    }

    /// The search compiled for `popcnt`, `bmi1`, `bmi2`, `lzcnt` and `avx2`.
    ///
    /// # Safety
    /// The CPU must support those features ([`supported`]).
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    pub unsafe fn search(run: &mut Run, state: &mut State, guessed: bool) {
        descend::<Bmi>(run, state, guessed);
    }

    /// [`super::start`] compiled for the same features as [`search`]: entering the
    /// givens, whose mask of given cells and per-given loop gain from them, too.
    ///
    /// # Safety
    /// The CPU must support those features ([`supported`]).
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    pub unsafe fn start(run: &mut Run, cells: &[u8; 81]) {
        if let Some(mut state) = State::from_givens(cells) {
            descend::<Bmi>(run, &mut state, false);
        }
    }

    /// Branches of the feature variant stay in it.
    pub struct Bmi;

    impl Variant for Bmi {
        /// A band's digits 0–7 at once, in AVX2 registers ([`wide`]).
        #[inline(always)]
        fn update_bands(state: &mut State) -> bool {
            // SAFETY: as above, `Bmi` runs only where `supported` found AVX2, inside
            // `search`, which is compiled for it.
            unsafe { wide::update_bands::<Bmi>(state) }
        }

        fn recurse(run: &mut Run, state: &mut State) {
            // SAFETY: `Bmi` is only used by `search`, which runs only after `supported`
            // confirmed the features.
            unsafe { search(run, state, true) }
        }

        /// Each minirow's three bits folded onto its lowest, and those nine bits
        /// gathered with one `pext`.
        #[inline(always)]
        fn minirows(s: u32) -> usize {
            // SAFETY: as above, `Bmi` runs only where `supported` found BMI2.
            unsafe { _pext_u32(s | s >> 1 | s >> 2, MINIROW_LOW) as usize }
        }

        /// The cell's bit shifted to the top of each of the first eight words, whose
        /// sign bits one `movmskps` gathers; the ninth word on its own.
        #[inline(always)]
        fn cell_digits(words: &[u32; 9], bit: u32) -> u32 {
            let up = bit.leading_zeros() as i32;
            // SAFETY: as above, `Bmi` runs only where `supported` found AVX2; the load
            // reads the first eight of the nine words `words` borrows.
            let low = unsafe {
                let v = _mm256_loadu_si256(words.as_ptr().cast());
                let top = _mm256_sllv_epi32(v, _mm256_set1_epi32(up));
                _mm256_movemask_ps(_mm256_castsi256_ps(top)) as u32
            };
            low | u32::from(words[8] & bit != 0) << 8
        }

        /// The first eight words with one 256-bit read and write, the ninth on its
        /// own. The wide band update ([`wide`]) calls this for digit 8 only, and
        /// loads the eight words as one vector next: a load the size of the store
        /// before it takes its value from the store buffer, where eight narrow stores
        /// would make it wait.
        #[inline(always)]
        fn clear_others<const D: usize>(words: &mut [u32; 9], cells: u32) {
            let mut lanes = [cells; 8];
            if D < 8 {
                lanes[D] = 0;
                words[8] &= !cells;
            }
            // SAFETY: as above, `Bmi` runs only where `supported` found AVX2; the load
            // and store cover the first eight of the nine words `words` borrows.
            unsafe {
                let p = words.as_mut_ptr().cast();
                let mask = _mm256_loadu_si256(lanes.as_ptr().cast());
                _mm256_storeu_si256(p, _mm256_andnot_si256(mask, _mm256_loadu_si256(p)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fast::givens;
    use crate::engine::fast::tables::BAND;
    use crate::engine::nine::{check_variants_agree, xorshift};

    /// The hand-written steps of the two variants agree. Minirows: on every row pattern
    /// in each row of an otherwise random word, and on random words. A cell's digits: on
    /// every cell of random band words. Clearing cells from a band's other digits: random
    /// cells from random band words, for each digit kept.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn hand_written_steps_match_portable() {
        if !x86::supported() {
            return;
        }
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for pattern in 0..512u32 {
            let w = next() as u32;
            let rows = (0..3).map(|r| w & !(0x1ff << (9 * r)) | pattern << (9 * r));
            for s in rows.chain([w]).map(|w| w & BAND) {
                let (fast, portable) = (x86::Bmi::minirows(s), Portable::minirows(s));
                assert_eq!(fast, portable, "minirows of {s:#x}");
            }
        }
        for _ in 0..2000 {
            let words: [u32; 9] = std::array::from_fn(|_| next() as u32 & BAND);
            for bit in (0..27).map(|pos| 1 << pos) {
                let fast = x86::Bmi::cell_digits(&words, bit);
                let portable = Portable::cell_digits(&words, bit);
                assert_eq!(fast, portable, "digits of {bit:#x} in {words:x?}");
            }
            let cells = next() as u32 & BAND;
            macro_rules! each_digit {
                ($($d:literal)*) => {$({
                    let (mut fast, mut portable) = (words, words);
                    x86::Bmi::clear_others::<$d>(&mut fast, cells);
                    Portable::clear_others::<$d>(&mut portable, cells);
                    assert_eq!(fast, portable, "clearing {cells:#x} but digit {}", $d);
                    assert_eq!(fast[$d], words[$d], "digit {} kept", $d);
                })*};
            }
            each_digit!(0 1 2 3 4 5 6 7 8);
        }
    }

    /// Every puzzle of the samples, searched to 2 solutions by both variants (the
    /// feature variant entering the givens itself): same count, same first solution,
    /// same counters.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn feature_variant_matches_portable() {
        if !x86::supported() {
            return;
        }
        check_variants_agree(
            |cells, run| descend::<Portable>(run, &mut givens(cells).unwrap(), false),
            // SAFETY: checked with `supported` above.
            |cells, run| unsafe { x86::start(run, cells) },
        );
    }
}
