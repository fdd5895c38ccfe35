//! Runtime choice of the instruction set the search is compiled for.
//!
//! The search ([`super::search::descend`], fully inlined with the box and band code) is
//! instantiated twice: a portable variant ([`Portable`]: [`super::boxes::settle`] on
//! four `u64` words per box, [`super::band::pull`] and [`super::band::push`] on scalar
//! lanes), and on x86-64 a variant compiled with `avx2` and `popcnt` ([`super::avx2`]:
//! a box in one 256-bit vector, a band's configurations in another). [`start`] checks
//! the CPU (`is_x86_feature_detected!` caches the answer) and runs the best variant; both
//! give identical results, which the tests below check on random boxes and bands and on
//! the shipped samples.
//!
//! Besides [`super::avx2`], this is the only place in the engine with `unsafe`: calling
//! a function compiled for CPU features is sound only when the CPU has them.

#[cfg(target_arch = "x86_64")]
use super::avx2;
use super::band::{self, Configs};
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
    fn settle(b: &mut Lanes) -> Option<bool> {
        boxes::settle(b)
    }

    #[inline(always)]
    fn pull(cfg: &mut Configs, k: usize, boxes: &[Lanes; 9]) -> bool {
        band::pull(cfg, k, boxes)
    }

    #[inline(always)]
    fn push(cfg: &Configs, k: usize, boxes: &mut [Lanes; 9]) -> u16 {
        band::push(cfg, k, boxes)
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
    use crate::engine::nine::check_variants_agree;

    /// A small deterministic random source.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// The vector box propagation against the portable one on boxes from random
    /// candidate sets (mostly contradictions) and from the sample puzzles' states.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn vector_settle_matches_portable() {
        if !avx2::supported() {
            return;
        }
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
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
            let v = unsafe { avx2::settle(&mut vector) };
            assert_eq!(p, v, "{b:x?}");
            if p.is_some() {
                assert_eq!(portable, vector, "{b:x?}");
                settled += 1;
            }
        }
        assert!(settled > 100, "{settled}");
    }

    /// The vector band code against the portable one, both ways, on every band of
    /// random boxes and configurations.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn vector_bands_match_portable() {
        if !avx2::supported() {
            return;
        }
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        for _ in 0..5_000 {
            let mut boxes = [boxes::OPEN; 9];
            for b in &mut boxes {
                for w in b.iter_mut() {
                    // Clear a few random bits of the digit lanes.
                    *w &= !(next() & next() & 0x01FF_01FF_01FF_01FF);
                }
            }
            let mut cfg = band::OPEN;
            for c in &mut cfg[..6] {
                *c &= !(next() as u32 & next() as u32);
            }
            for k in 0..6 {
                let (mut pc, mut vc) = (cfg, cfg);
                let p = band::pull(&mut pc, k, &boxes);
                // SAFETY: checked with `supported` above.
                let v = unsafe { avx2::pull(&mut vc, k, &boxes) };
                assert_eq!((p, pc), (v, vc), "k {k}");
                let (mut pb, mut vb) = (boxes, boxes);
                let p = band::push(&pc, k, &mut pb);
                // SAFETY: as above.
                let v = unsafe { avx2::push(&pc, k, &mut vb) };
                assert_eq!((p, pb), (v, vb), "k {k}");
            }
        }
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
