//! The two builds of the fish walk: portable, and on x86-64 one compiled with
//! `popcnt`, chosen at run time.
//!
//! The walk counts the cells of 128-bit sets in its innermost loops: the fins of each
//! set of covers, and each cover's share of the base in the cover bound. The baseline
//! x86-64 target has no `popcnt`, so there `count_ones` is a sequence of about twenty
//! instructions per count. The walk's two recursive steps, [`Walk::bases_from`] and
//! [`Walk::covers_from`] (with the tests they inline), are written once and entered
//! through a [`Variant`]: [`Portable`] calls them as they are, [`Popcnt`] through
//! functions compiled with `popcnt`, so that its recursion stays in that code. Both
//! find the same fish in the same order (the test below compares them).
//!
//! This is the only `unsafe` of the logic solver: calling a function compiled for a
//! CPU feature is sound only on a CPU that has it. A [`Popcnt`] can only be made by
//! [`Popcnt::detect`], on such a CPU; its safe methods rely on that.

use super::{Fish, Walk};

/// How the walk's recursive steps are entered.
pub(super) trait Variant: Copy {
    /// [`Walk::bases_from`], in this variant's code.
    fn bases<F: FnMut(Fish) -> bool>(self, walk: &mut Walk<'_, F, Self>, at: Bases);

    /// [`Walk::covers_from`], in this variant's code.
    fn covers<F: FnMut(Fish) -> bool>(self, walk: &mut Walk<'_, F, Self>, at: Covers);
}

/// Where the walk of base sets goes on: the first candidate unit to try, and the
/// union, endo fins and count of endo fins of the base sets taken, and whether one of
/// them holds a cell gone since the search last met no fish, and the candidates a
/// fish on base sets among them may still remove.
#[derive(Clone, Copy)]
pub(super) struct Bases {
    pub from: usize,
    pub union: u128,
    pub endo: u128,
    pub endo_count: u32,
    pub hit: bool,
    pub targets: u128,
}

/// Where the walk of cover sets goes on: the first cover to try, the base candidates
/// and endo fins, and the union and cannibal candidates of the covers taken.
#[derive(Clone, Copy)]
pub(super) struct Covers {
    pub from: usize,
    pub base: u128,
    pub endo: u128,
    pub union: u128,
    pub cannibal: u128,
}

/// The walk compiled for the baseline target.
#[derive(Clone, Copy)]
pub(super) struct Portable;

impl Variant for Portable {
    fn bases<F: FnMut(Fish) -> bool>(self, walk: &mut Walk<'_, F, Self>, at: Bases) {
        walk.bases_from(at);
    }

    fn covers<F: FnMut(Fish) -> bool>(self, walk: &mut Walk<'_, F, Self>, at: Covers) {
        walk.covers_from(at);
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) use x86::Popcnt;

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod x86 {
    use super::{Bases, Covers, Fish, Variant, Walk};

    /// The walk compiled with `popcnt`, as a value that exists only on a CPU that has
    /// it: [`Popcnt::detect`] is the one way to make it.
    #[derive(Clone, Copy)]
    pub(in crate::logic::general_fish) struct Popcnt {
        _detected: (),
    }

    impl Popcnt {
        /// The variant, when this CPU has `popcnt` (the answer is cached by the
        /// standard library).
        #[inline]
        pub(in crate::logic::general_fish) fn detect() -> Option<Popcnt> {
            std::arch::is_x86_feature_detected!("popcnt").then_some(Popcnt { _detected: () })
        }
    }

    impl Variant for Popcnt {
        fn bases<F: FnMut(Fish) -> bool>(self, walk: &mut Walk<'_, F, Self>, at: Bases) {
            // SAFETY: `self` exists, so `detect` found `popcnt`.
            unsafe { bases(walk, at) }
        }

        fn covers<F: FnMut(Fish) -> bool>(self, walk: &mut Walk<'_, F, Self>, at: Covers) {
            // SAFETY: `self` exists, so `detect` found `popcnt`.
            unsafe { covers(walk, at) }
        }
    }

    /// [`Walk::bases_from`] compiled with `popcnt`.
    ///
    /// # Safety
    /// The CPU must have `popcnt` (a [`Popcnt`] proves it).
    #[target_feature(enable = "popcnt")]
    unsafe fn bases<F: FnMut(Fish) -> bool>(walk: &mut Walk<'_, F, Popcnt>, at: Bases) {
        walk.bases_from(at);
    }

    /// [`Walk::covers_from`] compiled with `popcnt`.
    ///
    /// # Safety
    /// The CPU must have `popcnt` (a [`Popcnt`] proves it).
    #[target_feature(enable = "popcnt")]
    unsafe fn covers<F: FnMut(Fish) -> bool>(walk: &mut Walk<'_, F, Popcnt>, at: Covers) {
        walk.covers_from(at);
    }
}
