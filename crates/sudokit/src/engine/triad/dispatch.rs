//! Runtime choice of the instruction set the search is compiled for.
//!
//! The search ([`super::search::descend`], fully inlined with the box and band code) is
//! instantiated twice: a portable variant, whose box propagation is
//! [`super::boxes::settle`] (four `u64` words per box), and on x86-64 a variant compiled
//! with `avx2` and `popcnt` whose box propagation (`x86::settle`) holds the whole box in
//! one 256-bit vector: rows rotate with 64-bit shifts, columns with 64-bit permutes, and
//! candidates are counted with a nibble table (`_mm256_shuffle_epi8`). [`start`] checks
//! the CPU (`is_x86_feature_detected!` caches the answer) and runs the best variant; both
//! give identical results, which the tests below check on random boxes and on the
//! shipped samples.
//!
//! This is the only place in the engine with `unsafe`: calling a function compiled for
//! CPU features is sound only when the CPU has them.

use super::boxes::{self, Lanes};
use super::search::{begin, descend, Recurse};
use super::state::State;
use crate::engine::nine::Run;

/// The portable variant.
pub struct Portable;

impl Recurse for Portable {
    fn recurse(run: &mut Run, state: State) {
        descend::<Portable>(run, state, true);
    }

    #[inline(always)]
    fn settle(b: &mut Lanes) -> bool {
        boxes::settle(b)
    }
}

/// Propagates the givens of `state` and runs the search with the best variant this CPU
/// supports.
pub fn start(run: &mut Run, state: State) {
    #[cfg(target_arch = "x86_64")]
    if x86::supported() {
        // SAFETY: `supported` has just confirmed every feature `x86::start` is compiled
        // for.
        unsafe { x86::start(run, state) };
        return;
    }
    begin::<Portable>(run, state);
}

#[cfg(target_arch = "x86_64")]
pub mod x86 {
    //! The variant compiled with `avx2` and `popcnt`.

    use std::arch::x86_64::*;

    use super::boxes::{Lanes, ALL, CELL, IN_COL, IN_ROW, MIN, TRIAD};
    use super::{begin, descend, Recurse, Run, State};

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
            // SAFETY: `Avx2` is only used by `search`, which runs only after `supported`
            // confirmed the features.
            unsafe { search(run, state, true) }
        }

        #[inline(always)]
        fn settle(b: &mut Lanes) -> bool {
            // SAFETY: as above, `Avx2` only runs after `supported` confirmed AVX2.
            unsafe { settle(b) }
        }
    }

    // The box propagation of [`super::boxes::settle`], one 256-bit vector per box (16
    // lanes of 16 bits). Same rules, same results; the test below compares them.

    #[inline(always)]
    fn load(x: &Lanes) -> __m256i {
        // SAFETY: `Lanes` is 32 bytes; unaligned loads accept any address.
        unsafe { _mm256_loadu_si256(x.as_ptr().cast()) }
    }

    /// Candidates per 16-bit lane: a nibble table, then the two bytes of each lane added.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn popcounts(x: __m256i) -> __m256i {
        let table = _mm256_setr_epi8(
            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2,
            3, 3, 4,
        );
        let nibble = _mm256_set1_epi8(0x0F);
        let lo = _mm256_shuffle_epi8(table, _mm256_and_si256(x, nibble));
        let hi = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16::<4>(x), nibble));
        _mm256_maddubs_epi16(_mm256_add_epi8(lo, hi), _mm256_set1_epi8(1))
    }

    /// The other three lanes of each lane's matrix row (one 64-bit element), OR-ed.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn row_others(x: __m256i) -> __m256i {
        let r16 = _mm256_or_si256(_mm256_slli_epi64::<16>(x), _mm256_srli_epi64::<48>(x));
        let r32 = _mm256_shuffle_epi32::<0b10_11_00_01>(x);
        let r48 = _mm256_or_si256(_mm256_slli_epi64::<48>(x), _mm256_srli_epi64::<16>(x));
        _mm256_or_si256(_mm256_or_si256(r16, r32), r48)
    }

    /// The other three lanes of each lane's matrix column (the other 64-bit elements).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn col_others(x: __m256i) -> __m256i {
        _mm256_or_si256(
            _mm256_or_si256(
                _mm256_permute4x64_epi64::<0b00_11_10_01>(x),
                _mm256_permute4x64_epi64::<0b01_00_11_10>(x),
            ),
            _mm256_permute4x64_epi64::<0b10_01_00_11>(x),
        )
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    fn any(x: __m256i) -> bool {
        _mm256_testz_si256(x, x) == 0
    }

    /// [`super::boxes::settle`] on one vector.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub unsafe fn settle(b: &mut Lanes) -> bool {
        let cell = load(&CELL);
        let triad = load(&TRIAD);
        let in_row = load(&IN_ROW);
        let in_col = load(&IN_COL);
        let min = load(&MIN);
        let digits = _mm256_set1_epi16(ALL as i16);
        let zero = _mm256_setzero_si256();
        let three = _mm256_set1_epi16(3);
        let one = _mm256_set1_epi16(1);
        let mut v = load(b);
        loop {
            let pop = popcounts(v);
            if any(_mm256_cmpgt_epi16(min, pop)) {
                return false;
            }
            let asserted = _mm256_and_si256(v, _mm256_cmpeq_epi16(pop, min));
            let ro = row_others(v);
            let co = col_others(v);
            let ra = row_others(asserted);
            let ca = col_others(asserted);
            let asserted_cells = _mm256_and_si256(asserted, cell);
            let other_rows =
                col_others(_mm256_or_si256(asserted_cells, row_others(asserted_cells)));
            let cells = _mm256_and_si256(v, cell);
            let row_union = _mm256_or_si256(cells, row_others(cells));
            let col_union = _mm256_or_si256(cells, col_others(cells));
            let union = _mm256_and_si256(
                triad,
                _mm256_or_si256(
                    _mm256_and_si256(in_row, row_union),
                    _mm256_andnot_si256(in_row, col_union),
                ),
            );
            let union_pop = popcounts(union);
            let hidden = _mm256_andnot_si256(_mm256_and_si256(ro, co), _mm256_and_si256(cell, v));
            let no_hidden = _mm256_cmpeq_epi16(hidden, zero);
            let y = _mm256_or_si256(_mm256_and_si256(v, no_hidden), hidden);
            let gone = _mm256_or_si256(
                _mm256_or_si256(_mm256_and_si256(in_row, ra), _mm256_and_si256(in_col, ca)),
                _mm256_or_si256(
                    _mm256_and_si256(cell, other_rows),
                    _mm256_and_si256(union, _mm256_cmpeq_epi16(union_pop, three)),
                ),
            );
            let next = _mm256_andnot_si256(gone, y);
            let missing_row = _mm256_andnot_si256(_mm256_or_si256(v, ro), digits);
            let missing_col = _mm256_andnot_si256(_mm256_or_si256(v, co), digits);
            let several = _mm256_andnot_si256(
                _mm256_cmpeq_epi16(
                    _mm256_and_si256(hidden, _mm256_sub_epi16(hidden, one)),
                    zero,
                ),
                _mm256_set1_epi16(-1),
            );
            let bad = _mm256_or_si256(
                _mm256_or_si256(
                    _mm256_and_si256(in_row, missing_row),
                    _mm256_and_si256(in_col, missing_col),
                ),
                _mm256_or_si256(
                    several,
                    _mm256_and_si256(triad, _mm256_cmpgt_epi16(three, union_pop)),
                ),
            );
            if any(bad) {
                return false;
            }
            if !any(_mm256_xor_si256(next, v)) {
                // SAFETY: `Lanes` is 32 bytes; unaligned stores accept any address.
                unsafe { _mm256_storeu_si256(b.as_mut_ptr().cast(), v) };
                return true;
            }
            v = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    /// Every puzzle of the samples, searched to 2 solutions by both variants: same count,
    /// same first solution, same counters.
    /// The vector box propagation against the portable one on boxes from random
    /// candidate sets (mostly contradictions) and from the sample puzzles' states.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn vector_settle_matches_portable() {
        if !x86::supported() {
            return;
        }
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut settled = 0;
        for _ in 0..20_000 {
            let mut b = boxes::OPEN;
            // Narrow a few lanes at random.
            for _ in 0..(next() % 6) {
                let r = (next() % 4) as usize;
                let c = (next() % 4) as usize;
                let keep = (next() as u16) | (next() as u16);
                b[r] &= !(u64::from(!keep & 0x1FF) << (16 * c));
            }
            let mut portable = b;
            let mut vector = b;
            let p = boxes::settle(&mut portable);
            // SAFETY: checked with `supported` above.
            let v = unsafe { x86::settle(&mut vector) };
            assert_eq!(p, v, "{b:x?}");
            if p {
                assert_eq!(portable, vector, "{b:x?}");
                settled += 1;
            }
        }
        assert!(settled > 100, "{settled}");
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn feature_variant_matches_portable() {
        if !x86::supported() {
            return;
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
        let mut checked = 0;
        for name in ["top1465.txt", "hardest_1106.txt", "serg_multi.txt"] {
            let text = std::fs::read_to_string(dir.join(name)).unwrap();
            for line in text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            {
                let grid: Grid = line.parse().unwrap();
                let state = State::from_givens(grid.cells().try_into().unwrap()).unwrap();
                let mut portable = Run::new(2);
                begin::<Portable>(&mut portable, state);
                let mut fast = Run::new(2);
                // SAFETY: checked with `supported` above.
                unsafe { x86::start(&mut fast, state) };
                assert_eq!(portable.count, fast.count, "{line}");
                assert_eq!(portable.first, fast.first, "{line}");
                assert_eq!(portable.stats, fast.stats, "{line}");
                checked += 1;
            }
        }
        assert!(checked >= 300);
    }
}
