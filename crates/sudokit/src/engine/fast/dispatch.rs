//! Runtime choice of the instruction set the search is compiled for.
//!
//! The search is written once ([`super::search::descend`], fully inlined
//! helpers) and instantiated twice: a portable variant for any CPU, and on x86-64 a
//! variant compiled with `popcnt`, `bmi1`, `bmi2`, `lzcnt` and `avx2`, which turns the
//! many population counts and trailing-zero counts into single instructions and lets
//! the compiler vectorise the loops over a band's nine words with 256-bit registers.
//! [`search`] checks the CPU once per call (`is_x86_feature_detected!` caches its
//! answer) and runs the best variant; both give identical results, which the tests
//! below check on the shipped samples.
//!
//! This is the only place in the engine with `unsafe`: calling a function compiled for
//! CPU features is sound only when the CPU has them.

use super::search::{descend, Recurse};
use super::state::State;
use crate::engine::nine::Run;

/// The portable variant.
pub struct Portable;

impl Recurse for Portable {
    fn recurse(run: &mut Run, state: State) {
        descend::<Portable>(run, state, true);
    }
}

/// Runs the search from `state` with the best variant this CPU supports.
pub fn search(run: &mut Run, state: State) {
    #[cfg(target_arch = "x86_64")]
    if x86::supported() {
        // SAFETY: `supported` has just confirmed every feature `x86::search` is compiled
        // for.
        unsafe { x86::search(run, state, false) };
        return;
    }
    descend::<Portable>(run, state, false);
}

#[cfg(target_arch = "x86_64")]
pub mod x86 {
    //! The variant compiled with x86-64 bit-manipulation features.

    use super::{descend, Recurse, Run, State};

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
    pub unsafe fn search(run: &mut Run, state: State, guessed: bool) {
        descend::<Bmi>(run, state, guessed);
    }

    /// Branches of the feature variant stay in it.
    pub struct Bmi;

    impl Recurse for Bmi {
        fn recurse(run: &mut Run, state: State) {
            // SAFETY: `Bmi` is only used by `search`, which runs only after `supported`
            // confirmed the features.
            unsafe { search(run, state, true) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fast::givens;
    use crate::engine::nine::check_variants_agree;

    /// Every puzzle of the samples, searched to 2 solutions by both variants: same count,
    /// same first solution, same counters.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn feature_variant_matches_portable() {
        if !x86::supported() {
            return;
        }
        check_variants_agree(
            |cells, run| descend::<Portable>(run, givens(cells).unwrap(), false),
            // SAFETY: checked with `supported` above.
            |cells, run| unsafe { x86::search(run, givens(cells).unwrap(), false) },
        );
    }
}
