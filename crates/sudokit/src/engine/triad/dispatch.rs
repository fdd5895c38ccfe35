//! Runtime choice of the instruction set the search is compiled for.
//!
//! The search ([`super::search::descend`], inlined with the propagation loop) is
//! instantiated twice: a portable variant ([`Portable`]: [`super::state::step`], with
//! [`super::boxes::restrict`] on four `u64` words per box and the band code on scalar
//! lanes), and on x86-64 a variant compiled with `avx2` and `popcnt` ([`super::avx2`]:
//! a box in one 256-bit vector, a band's configurations in a 128-bit one). [`start`]
//! checks the CPU (`is_x86_feature_detected!` caches the answer) and runs the best
//! variant; both give identical results, which the tests below check on random states,
//! band step by band step, and on the shipped samples, search by search.
//!
//! Besides [`super::avx2`], this is the only place in the engine with `unsafe`: calling
//! a function compiled for CPU features is sound only when the CPU has them.

#![allow(unsafe_code)]

#[cfg(target_arch = "x86_64")]
use super::avx2;
use super::search::{begin, descend};
use super::state::{self, State};
use super::variant::Recurse;
use crate::engine::nine::Run;

/// The portable variant.
pub struct Portable;

impl Recurse for Portable {
    fn recurse(run: &mut Run, state: &mut State) {
        descend::<Portable>(run, state, true);
    }

    #[inline(always)]
    fn step<const K: usize>(s: &mut State) -> Option<u8> {
        state::step(s, K)
    }
}

/// Propagates the givens of `state` and runs the search with the best variant this CPU
/// supports.
pub fn start(run: &mut Run, state: State) {
    #[cfg(target_arch = "x86_64")]
    if avx2::supported() {
        // SAFETY: `supported` has just confirmed every feature `avx2::start` is compiled
        // for.
        unsafe { avx2::start(run, state) };
        return;
    }
    begin::<Portable>(run, state);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::nine::{check_variants_agree, xorshift};

    /// The vector band step against the portable one on random states: boxes with a
    /// few lanes narrowed and bands with a few configurations and eliminations.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn vector_step_matches_portable() {
        if !avx2::supported() {
            return;
        }
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        let (mut changed, mut broken) = (0, 0);
        for _ in 0..20_000 {
            let mut s = State::from_givens(&[0; 81]).unwrap();
            for b in &mut s.boxes {
                for w in b.iter_mut() {
                    // Clear a few random bits of the digit lanes.
                    *w &= !(next() & next() & next() & 0x01FF_01FF_01FF_01FF);
                }
            }
            for band in &mut s.bands {
                for p in 0..6 {
                    band.cfg[p] &= !(next() as u16 & next() as u16 & next() as u16);
                    band.pending[p] |= next() as u16 & next() as u16 & next() as u16 & 0x1FF;
                }
            }
            for k in 0..6 {
                let (mut portable, mut vector) = (s, s);
                let p = state::step(&mut portable, k);
                // SAFETY: checked with `supported` above.
                let v = unsafe { avx2::step(&mut vector, k) };
                assert_eq!(p, v, "k {k}: {s:x?}");
                if p.is_some() {
                    assert_eq!(portable, vector, "k {k}: {s:x?}");
                    changed += usize::from(p != Some(0));
                } else {
                    broken += 1;
                }
            }
        }
        assert!(changed > 1000 && broken > 1000, "{changed} {broken}");
    }

    /// Every puzzle of the samples, searched to 2 solutions by both variants: same count,
    /// same first solution, same counters.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn feature_variant_matches_portable() {
        if !avx2::supported() {
            return;
        }
        let state = |cells: &[u8; 81]| State::from_givens(cells).unwrap();
        check_variants_agree(
            |cells, run| begin::<Portable>(run, state(cells)),
            // SAFETY: checked with `supported` above.
            |cells, run| unsafe { avx2::start(run, state(cells)) },
        );
    }
}
