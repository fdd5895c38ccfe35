//! `--shard I/N`: a deterministic share of a batch, and the choice of the records a
//! run does (its share, less the records a resumed run already has).
//!
//! A puzzle read from a file belongs to shard `hash(id) mod N`, its id being
//! `<source>:<line>`; the hash is FNV-1a over the id's bytes (Fowler, Noll, Vo), its
//! bits then mixed by MurmurHash3's 64-bit finalizer (Appleby), for FNV-1a's low bits
//! follow the last characters too closely for a modulus. A generated puzzle belongs to
//! shard `index mod N`. Either way every puzzle is in exactly one shard, the same on
//! every machine and in every run.

use std::fmt::Write as _;

use crate::resume::Done;

/// Share `index` of `count` (`0 <= index < count`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which share, from 0.
    pub index: u64,
    /// How many shares.
    pub count: u64,
}

impl Shard {
    /// Reads `I/N`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("expected I/N with 0 <= I < N, for example 0/4, got `{text}`");
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether the puzzle with this id is in the share.
    pub fn has_id(&self, id: &str) -> bool {
        mix(fnv1a(id.as_bytes())) % self.count == self.index
    }

    /// Whether generated puzzle `index` is in the share.
    pub fn has_index(&self, index: u64) -> bool {
        index % self.count == self.index
    }
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// MurmurHash3's finalizer: every bit of the result depends on every bit of `h`.
fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// The records a run does: those of its shard that a resumed run does not have yet.
pub struct Selection {
    shard: Option<Shard>,
    done: Done,
}

impl Selection {
    /// The records of `shard` (all without one) not in `done`.
    pub fn new(shard: Option<Shard>, done: Done) -> Selection {
        Selection { shard, done }
    }

    /// Whether the run leaves nothing out, so no id need be made.
    fn everything(&self) -> bool {
        self.shard.is_none() && self.done.is_empty()
    }

    /// Whether the record of `line` of `source` is to be done; `id` is room for its id.
    pub fn keeps_line(&self, source: &str, line: usize, id: &mut String) -> bool {
        if self.everything() {
            return true;
        }
        id.clear();
        let _ = write!(id, "{source}:{line}");
        self.shard.is_none_or(|s| s.has_id(id)) && !self.done.has(id)
    }

    /// Whether generated puzzle `index` (id `seed:<seed>:<index>`) is to be done.
    pub fn keeps_index(&self, seed: u64, index: u64, id: &mut String) -> bool {
        if self.everything() {
            return true;
        }
        id.clear();
        let _ = write!(id, "{}", GeneratedId { seed, index });
        self.shard.is_none_or(|s| s.has_index(index)) && !self.done.has(id)
    }

    /// Failed records of the resumed run.
    pub fn done_failures(&self) -> u64 {
        self.done.failures
    }
}

/// The id of a generated puzzle: `seed:<seed>:<index>`.
pub struct GeneratedId {
    /// The run's seed.
    pub seed: u64,
    /// The puzzle's index, from 0.
    pub index: u64,
}

impl std::fmt::Display for GeneratedId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seed:{}:{}", self.seed, self.index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_refuse_nonsense() {
        assert_eq!(Shard::parse("2/5"), Ok(Shard { index: 2, count: 5 }));
        for bad in ["5/5", "1/0", "1", "a/2", "-1/2", "1/2/3"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    /// Every id is in exactly one shard, and the shards are of even size even for
    /// ids that differ only in their last characters.
    #[test]
    fn every_id_is_in_one_shard_and_shards_are_even() {
        for count in [2u64, 3, 4, 7] {
            let mut sizes = vec![0u64; count as usize];
            for line in 1..=40_000 {
                let id = format!("data/top1465.txt:{line}");
                let owners: Vec<u64> = (0..count)
                    .filter(|&index| Shard { index, count }.has_id(&id))
                    .collect();
                assert_eq!(owners.len(), 1, "{id}");
                sizes[owners[0] as usize] += 1;
            }
            let even = 40_000 / count;
            for s in sizes {
                assert!(s.abs_diff(even) < even / 20, "{count}: {s}");
            }
        }
    }
}
