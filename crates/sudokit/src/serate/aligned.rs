//! Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5), as SE finds them.
//!
//! Candidate cells have two or more values and no peer with one; their excluders are
//! the peers with two values (two or three for triplets). For two or three candidate
//! cells with two or more common excluders, a combination of their values is allowed
//! unless two peers take the same value or it takes every value of an excluder; a
//! value in no allowed combination goes. Pairs of candidate cells come in SE's order
//! ((0,1), (0,2), (1,2), (0,3), …); a triplet adds one cell of the pair's excluders.

use super::basic::{Found, Sink};
use super::board::{bits, Board, PEERS};
use super::{hash_order, Hint};

fn sees(a: u8, b: u8) -> bool {
    PEERS[a as usize].contains(&b)
}

/// Candidate cells and their excluders (a cell mask), with at most `max` values per
/// excluder.
fn candidates(b: &Board, max: u32) -> Vec<(u8, u128)> {
    let mut out = Vec::new();
    for c in 0..81u8 {
        if b.cands[c as usize].count_ones() < 2 {
            continue;
        }
        let mut single = false;
        let mut excl = 0u128;
        for &p in &PEERS[c as usize] {
            let n = b.cands[p as usize].count_ones();
            if n == 1 {
                single = true;
            } else if n >= 2 && n <= max {
                excl |= 1u128 << p;
            }
        }
        if !single && excl != 0 {
            out.push((c, excl));
        }
    }
    out
}

/// The eliminations of an aligned exclusion on `cells` (two or three), with the
/// excluders `excluders` (a cell mask), or `None` when there are none.
fn exclusion(b: &Board, cells: &[u8], excluders: u128) -> Option<Vec<(u8, u16)>> {
    let n = cells.len();
    let mut vals = [[0u8; 9]; 3];
    let mut lens = [0usize; 3];
    for (i, &c) in cells.iter().enumerate() {
        for v in bits(u128::from(b.cands[c as usize])) {
            vals[i][lens[i]] = v;
            lens[i] += 1;
        }
    }
    let mut seen = [[false; 3]; 3];
    for i in 0..n {
        for j in i + 1..n {
            seen[i][j] = sees(cells[i], cells[j]);
        }
    }
    // The value sets of `n` values or fewer that take every value of an excluder, as
    // a bit set indexed by the value set.
    let mut covering = [0u64; 16];
    for e in bits(excluders) {
        let e = b.cands[e as usize];
        if let Some(spare) = n.checked_sub(e.count_ones() as usize) {
            mark_supersets(&mut covering, e, spare);
        }
    }
    // Candidates not yet in an allowed combination: none left, nothing goes.
    let mut missing: usize = lens.iter().sum();
    let mut allowed = [0u16; 3];
    let mut idx = [0usize; 3];
    loop {
        let mut combo = [0u8; 3];
        for i in 0..n {
            combo[i] = vals[i][idx[i]];
        }
        let mut ok = true;
        'pairs: for i in 0..n {
            for j in i + 1..n {
                if combo[i] == combo[j] && seen[i][j] {
                    ok = false;
                    break 'pairs;
                }
            }
        }
        if ok {
            let used = combo[..n].iter().fold(0u16, |m, &v| m | (1 << v));
            ok = covering[used as usize >> 6] & (1 << (used & 63)) == 0;
        }
        if ok {
            for i in 0..n {
                let bit = 1 << combo[i];
                if allowed[i] & bit == 0 {
                    allowed[i] |= bit;
                    missing -= 1;
                }
            }
            if missing == 0 {
                return None;
            }
        }
        let mut z = 0;
        loop {
            if z == n {
                let mut removals: Vec<(u8, u16)> = cells
                    .iter()
                    .zip(&allowed)
                    .filter_map(|(&c, &a)| {
                        let rm = b.cands[c as usize] & !a;
                        (rm != 0).then_some((c, rm))
                    })
                    .collect();
                hash_order(&mut removals);
                return (!removals.is_empty()).then_some(removals);
            }
            idx[z] += 1;
            if idx[z] < lens[z] {
                break;
            }
            idx[z] = 0;
            z += 1;
        }
    }
}

/// Marks in `covering` (a bit set indexed by value sets) every value set that holds
/// `set` and up to `spare` more values.
fn mark_supersets(covering: &mut [u64; 16], set: u16, spare: usize) {
    covering[set as usize >> 6] |= 1 << (set & 63);
    if spare > 0 {
        for v in bits(u128::from(0x3fe & !set)) {
            mark_supersets(covering, set | 1 << v, spare - 1);
        }
    }
}

/// Cell pairs in SE's order: (0,1), (0,2), (1,2), (0,3), …
fn pairs_of(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|j| (0..j).map(move |i| (i, j)))
}

/// Aligned pair exclusion.
pub(crate) fn pairs(b: &Board, sink: &mut Sink) -> bool {
    let cand = candidates(b, 2);
    if cand.len() < 2 {
        return false;
    }
    for (i, j) in pairs_of(cand.len()) {
        let excl = cand[i].1 & cand[j].1;
        if excl.count_ones() < 2 {
            continue;
        }
        if let Some(removals) = exclusion(b, &[cand[i].0, cand[j].0], excl) {
            let found = Found::eliminates(6.2, "Aligned Pair Exclusion", removals, None);
            if sink(found) {
                return true;
            }
        }
    }
    false
}

/// Aligned triplet exclusion: the first one SE finds.
pub(crate) fn triplets(b: &Board) -> Option<Hint> {
    let cand = candidates(b, 3);
    if cand.len() < 3 {
        return None;
    }
    let mut index = [usize::MAX; 81];
    let mut all = 0u128;
    for (k, &(c, _)) in cand.iter().enumerate() {
        index[c as usize] = k;
        all |= 1u128 << c;
    }
    for (i, j) in pairs_of(cand.len()) {
        let ((c0, e0), (c1, e1)) = (cand[i], cand[j]);
        let pair = e0 & e1;
        let not_pair = !((1u128 << c0) | (1u128 << c1));
        // SE's order: the first cell's excluders, then the second's.
        let first = e0 & all & not_pair;
        let second = e1 & !e0 & all & not_pair;
        for t in bits(first).chain(bits(second)) {
            let excl = pair & cand[index[t as usize]].1;
            if excl.count_ones() < 2 {
                continue;
            }
            if let Some(removals) = exclusion(b, &[c0, c1, t], excl) {
                return Some(Hint {
                    rating: 7.5,
                    name: "Aligned Triplet Exclusion",
                    removals,
                    place: None,
                });
            }
        }
    }
    None
}
