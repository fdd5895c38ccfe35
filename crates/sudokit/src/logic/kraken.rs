//! Kraken fish, HoDoKu's two types: a finned fish whose fins leave nothing to remove,
//! completed by forcing chains from the fins.
//!
//! Either the fish without its fins holds, or one of the fins is true.
//!
//! - **Type 1**: a candidate the fish without fins would remove (a cover candidate
//!   outside the base sets, or a base candidate in two cover sets) goes when every
//!   fin, taken true, forces it false along a chain.
//! - **Type 2**: where the fish holds, every cover set holds exactly one true base
//!   candidate (one in two cover sets cannot be true: the count would not add up). So
//!   for one cover set, one of its other base candidates or a fin is true, and a
//!   candidate of any digit outside their cells goes when each of them, taken true,
//!   forces it false. A cover set holding only base candidates is skipped (that is a
//!   plain forcing chain on a unit).
//!
//! The fish are those of HoDoKu's Kraken search with its defaults: basic and Franken
//! fish of sizes 2 to 4, at most two fins and no endo fin, some cell seeing every fin,
//! and no elimination of the finned fish itself ([`general_fish`]'s Kraken search).
//! The chains are HoDoKu's tabling through group nodes, without nets
//! (`forcing::ChainTables`); the step names the fish and gives one chain per fin (and
//! per base candidate in type 2). One step per elimination, in board order: the one
//! with the fewest chains, then the first met (sizes rising, then the fish search's
//! own order, type 1 before type 2).
//!
//! HoDoKu leaves Kraken fish out of its default configuration, so they are not on its
//! path; the catalogue rates them 8.0 on Sudoku Explainer's scale.
//!
//! Sources: HoDoKu's fish documentation and its `FishSolver` (the two Kraken types,
//! after the Ultimate Fish Guide on the Sudoku Players' Forum).

use super::bits;
use super::forcing::ChainTables;
use super::general_fish::{self, Fish, Kind, Search};
use super::step::{not_list, FindOptions, Step};
use super::technique::Technique;
use crate::candidates::Candidates;

/// Every Kraken fish of `c`, one step per elimination in board order: of those that
/// remove it, the one with the fewest chains, then the first met.
pub fn find(c: &Candidates, out: &mut Vec<Step>, opts: &FindOptions) {
    let Some(tables) = ChainTables::of(c, opts) else {
        return;
    };
    let n = c.layout().size();
    let mut best: Vec<Option<Found>> = (0..c.layout().cell_count() * n).map(|_| None).collect();
    for size in 2..=4 {
        let search = Search {
            kind: Kind::Franken,
            size,
            finless: false,
            finned: true,
            kraken: true,
        };
        general_fish::search_kraken(
            c,
            search,
            &|d, fins, elims| may_bite(n as u8, &tables, d, fins, elims),
            |fish| {
                kraken(n as u8, &tables, &fish, |kind, starts, elim| {
                    let slot = &mut best[elim.0 * n + elim.1 as usize - 1];
                    if slot
                        .as_ref()
                        .is_none_or(|g| starts.count_ones() < g.starts.count_ones())
                    {
                        *slot = Some(Found {
                            fish: fish.clone(),
                            kind,
                            starts,
                            elim,
                        });
                    }
                });
                opts.expired()
            },
        );
        if opts.expired() {
            return;
        }
    }
    out.extend(best.iter().flatten().map(|f| step(n, &tables, f, opts)));
}

/// A Kraken fish found: the fish, its type, the cells whose candidates prove it (each
/// taken true forces the elimination), and what it removes.
struct Found {
    fish: Fish,
    kind: u8,
    starts: u128,
    elim: (usize, u8),
}

/// Calls `found(type, starts, elimination)` for each elimination of the Kraken fish
/// built on `fish` (on a board of size `n`): the cells whose candidates of the fish's
/// digit prove it (each taken true forces the candidate false), and the candidate.
fn kraken(n: u8, tables: &ChainTables, fish: &Fish, mut found: impl FnMut(u8, u128, (usize, u8))) {
    let d = fish.digit;
    for y in bits(tables.common_offs(fish.fins, d, d) & fish.elims) {
        found(1, fish.fins, (y, d));
    }
    // What the fins force, by digit: type 2 needs it too.
    let mut fins = [0u128; 16];
    for e in 1..=n {
        fins[e as usize - 1] = tables.common_offs(fish.fins, d, e) & !fish.fins;
    }
    if fins.iter().all(|&m| m == 0) {
        return;
    }
    for &cover in &fish.cover_cells {
        let body = cover & fish.body & !fish.cannibal;
        if body == cover {
            continue;
        }
        for e in (1..=n).filter(|&e| fins[e as usize - 1] != 0) {
            let common = fins[e as usize - 1] & tables.common_offs(body, d, e) & !body;
            for y in bits(common) {
                found(2, body | fish.fins, (y, e));
            }
        }
    }
}

/// Whether a fish on digit `d` with `fins`, removing `elims` without them, may make a
/// Kraken fish: the fins force one of those false (type 1), or some candidate outside
/// them false (type 2, which the base candidates must force too).
fn may_bite(n: u8, tables: &ChainTables, d: u8, fins: u128, elims: u128) -> bool {
    tables.common_offs(fins, d, d) & elims != 0
        || (1..=n).any(|e| tables.common_offs(fins, d, e) & !fins != 0)
}

/// The step of the Kraken fish `f`.
fn step(n: usize, tables: &ChainTables, f: &Found, opts: &FindOptions) -> Step {
    let fish = &f.fish;
    let mut s = Step::new(Technique::KrakenFish);
    s.digits.push(fish.digit);
    if f.elim.1 != fish.digit {
        s.digits.push(f.elim.1);
    }
    s.cells = bits(fish.body).collect();
    s.fins = bits(fish.fins).collect();
    s.eliminations = vec![f.elim];
    if opts.explain {
        let chains: Vec<String> = bits(f.starts)
            .map(|x| tables.chain((x, fish.digit), f.elim))
            .collect();
        s.explanation = format!(
            "{} type {}: {}; {} => {}",
            Technique::KrakenFish.name(),
            f.kind,
            general_fish::pattern(n, fish.technique, fish, None),
            chains.join("; "),
            not_list(n, &[f.elim])
        );
    }
    s
}
