//! Runtime choice of the instruction set the search is compiled for.
//!
//! The search ([`Run::search`], fully inlined with the box and band code) is
//! instantiated twice: a portable variant, and on x86-64 a variant compiled with `avx2`
//! and `popcnt`, in which the compiler packs each box's four row words into one vector
//! register. [`search`] checks the CPU (`is_x86_feature_detected!` caches the answer)
//! and runs the best variant; both give identical results, which the test below checks
//! on the shipped samples.
//!
//! This is the only place in the engine with `unsafe`: calling a function compiled for
//! CPU features is sound only when the CPU has them.

use super::search::{Recurse, Run};
use super::state::State;

/// The portable variant.
pub struct Portable;

impl Recurse for Portable {
    fn recurse(run: &mut Run, state: State) {
        run.search::<Portable>(state, true);
    }
}

/// Runs the search from a propagated `state` with the best variant this CPU supports.
pub fn search(run: &mut Run, state: State) {
    #[cfg(target_arch = "x86_64")]
    if x86::supported() {
        // SAFETY: `supported` has just confirmed every feature `x86::search` is compiled
        // for.
        unsafe { x86::search(run, state, false) };
        return;
    }
    run.search::<Portable>(state, false);
}

#[cfg(target_arch = "x86_64")]
pub mod x86 {
    //! The variant compiled with `avx2` and `popcnt`.

    use super::{Recurse, Run, State};

    /// Whether this CPU has every feature [`search`] is compiled for.
    #[inline]
    pub fn supported() -> bool {
        std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")
    }

    /// The search compiled for `avx2` and `popcnt`.
    ///
    /// # Safety
    /// The CPU must support those features ([`supported`]).
    #[target_feature(enable = "avx2,popcnt")]
    pub unsafe fn search(run: &mut Run, state: State, guessed: bool) {
        run.search::<Avx2>(state, guessed);
    }

    /// Branches of the feature variant stay in it.
    pub struct Avx2;

    impl Recurse for Avx2 {
        fn recurse(run: &mut Run, state: State) {
            // SAFETY: `Avx2` is only used by `search`, which runs only after `supported`
            // confirmed the features.
            unsafe { search(run, state, true) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    /// Every puzzle of the samples, searched to 2 solutions by both variants: same count,
    /// same first solution, same counters.
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
                let mut state = State::from_givens(grid.cells().try_into().unwrap()).unwrap();
                assert!(state.propagate_all(), "{line}");
                let mut portable = Run::new(2);
                portable.search::<Portable>(state, false);
                let mut fast = Run::new(2);
                // SAFETY: checked with `supported` above.
                unsafe { x86::search(&mut fast, state, false) };
                assert_eq!(portable.count, fast.count, "{line}");
                assert_eq!(portable.first, fast.first, "{line}");
                assert_eq!(portable.stats, fast.stats, "{line}");
                checked += 1;
            }
        }
        assert!(checked >= 300);
    }
}
