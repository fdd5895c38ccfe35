//! A fast hasher for the solver's own maps, keyed by cell sets and search keys.
//!
//! The standard `HashMap` hashes with SipHash, keyed at random to resist crafted
//! keys; the maps here hold cell sets and small tuples the solver makes itself, and
//! are looked up on every state a search reaches, so the cost of SipHash (about a
//! hundred instructions for a `u128`) is spent for nothing. [`FastHasher`] folds each
//! word in with an xor and a multiply by an odd constant, then mixes the high half
//! into the low one, where the table takes its bucket index.
//!
//! Source: the multiply-and-xor scheme of Firefox's and rustc's "Fx" hash; the
//! constant is 2^64 divided by the golden ratio, made odd.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A map with [`FastHasher`].
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// The hasher of [`FastMap`]: not resistant to crafted keys, which the solver's maps
/// never hold.
#[derive(Default, Clone, Copy)]
pub(crate) struct FastHasher(u64);

const MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(MULTIPLIER);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    #[inline]
    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    /// Cell sets that differ in one cell, anywhere on the board, fall in different
    /// buckets of a small table: the low bits the table reads see every word.
    #[test]
    fn sets_one_cell_apart_spread_over_a_small_table() {
        let build = BuildHasherDefault::<FastHasher>::default();
        let base: u128 = 0b1011 << 20;
        let mut buckets = std::collections::HashSet::new();
        for x in 0..81 {
            buckets.insert(build.hash_one(base ^ 1 << x) & 127);
        }
        assert!(buckets.len() > 40, "{} buckets of 128", buckets.len());
    }

    /// A map keeps what is put in it, as the standard one does.
    #[test]
    fn the_map_finds_what_it_holds() {
        let mut m: FastMap<(u8, u128), usize> = FastMap::default();
        for i in 0..1000usize {
            m.insert((i as u8, (i as u128) << (i % 100)), i);
        }
        assert_eq!(m.len(), 1000);
        for i in 0..1000usize {
            assert_eq!(m.get(&(i as u8, (i as u128) << (i % 100))), Some(&i));
        }
    }
}
