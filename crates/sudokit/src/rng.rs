//! Random numbers for the generator and the symmetry transforms: seedable, and the same
//! on every platform and in every version.
//!
//! The stream is ChaCha8 (`rand_chacha`), whose output is fixed by its specification, so
//! a seed means the same puzzles everywhere. Uniform draws below a bound and shuffles
//! are written here (Lemire's multiply-and-reject method and Fisher–Yates) rather than
//! taken from `rand`, whose algorithms may change value between its versions.
//!
//! [`Rng::for_index`] derives one independent stream per puzzle index from a seed
//! (ChaCha's 64-bit stream number), so a batch is reproducible however it is split
//! across threads.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// A seedable random number generator with a fixed algorithm.
///
/// ```
/// use sudokit::generate::Rng;
/// let mut a = Rng::for_index(7, 3);
/// let mut b = Rng::for_index(7, 3);
/// assert_eq!(a.below(1000), b.below(1000));
/// ```
#[derive(Debug, Clone)]
pub struct Rng(ChaCha8Rng);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// The generator for item `index` of a batch made from `seed`: the streams of
    /// different indices are independent.
    pub fn for_index(seed: u64, index: u64) -> Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(index);
        Rng(rng)
    }

    /// The generator for attempt `attempt` at item `index` of a batch made from
    /// `seed`: attempts start 2⁴⁰ words apart in the item's stream, so they never
    /// overlap and can be made in any order or in parallel.
    pub fn for_attempt(seed: u64, index: u64, attempt: u64) -> Rng {
        let mut rng = Rng::for_index(seed, index);
        rng.0.set_word_pos(u128::from(attempt) << 40);
        rng
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform number in `0..bound` (`bound ≥ 1`).
    pub fn below(&mut self, bound: usize) -> usize {
        let bound = bound.max(1) as u64;
        // Lemire: the high half of a 64×64 product, rejecting the biased low range.
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let m = (self.next_u64() as u128) * (bound as u128);
            if (m as u64) >= threshold {
                return (m >> 64) as usize;
            }
        }
    }

    /// Shuffles a slice uniformly (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A uniformly random permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_reproducible_and_distinct() {
        let draw = |seed, index| {
            let mut r = Rng::for_index(seed, index);
            (0..8).map(|_| r.next_u64()).collect::<Vec<_>>()
        };
        assert_eq!(draw(1, 0), draw(1, 0));
        assert_ne!(draw(1, 0), draw(1, 1));
        assert_ne!(draw(1, 0), draw(2, 0));
        let first = Rng::for_attempt(1, 0, 0).next_u64();
        assert_eq!(first, draw(1, 0)[0]);
        assert_ne!(Rng::for_attempt(1, 0, 1).next_u64(), first);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = Rng::new(5);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = r.below(7);
            assert!(v < 7);
            seen[v] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(r.below(1), 0);
    }

    #[test]
    fn permutation_is_a_permutation() {
        let mut r = Rng::new(9);
        let mut p = r.permutation(25);
        p.sort_unstable();
        assert_eq!(p, (0..25).collect::<Vec<_>>());
    }
}
