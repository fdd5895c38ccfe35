//! Depth-first search over [`State`]s, branching on a digit's configuration in a band.
//!
//! At each branch point ([`State::choice`]) the chosen configuration is first taken on a
//! copy of the state, then refused on the state itself, which the loop goes on with.
//! The search stops as soon as `limit` solutions are found. Each branch entered counts
//! as a guess, as in the other engines.

use super::boxes::Lanes;
use super::state::State;
use crate::engine::Stats;

/// How a search enters a branch: by calling its own instruction-set variant again
/// (see [`super::dispatch`]).
pub trait Recurse {
    /// Searches the branch `state` (a guess, propagated) within `run`.
    fn recurse(run: &mut Run, state: State);

    /// The variant's box propagation ([`super::boxes::settle`]).
    fn settle(b: &mut Lanes) -> bool;
}

/// One search: its limit, what it found and what it cost.
pub struct Run {
    limit: u64,
    /// Solutions found so far (at most `limit`).
    pub count: u64,
    /// The first solution, row-major digits.
    pub first: Option<[u8; 81]>,
    /// Search counters.
    pub stats: Stats,
}

impl Run {
    /// A search that stops at `limit` solutions (at least 1).
    pub fn new(limit: u64) -> Run {
        Run {
            limit: limit.max(1),
            count: 0,
            first: None,
            stats: Stats::default(),
        }
    }

    /// Propagates the givens of `state` and searches from there.
    #[inline(always)]
    pub fn start<I: Recurse>(&mut self, mut state: State) {
        if state.propagate_all::<I>() {
            self.search::<I>(state, false);
        } else {
            self.stats.nodes += 1;
        }
    }

    /// Searches from a propagated `state`; `guessed` tells whether it comes from a
    /// branch (for the backtrack counter). Branches recurse through `I`, which keeps the
    /// whole search in one instruction-set variant.
    #[inline(always)]
    pub fn search<I: Recurse>(&mut self, mut state: State, guessed: bool) {
        let mut propagated = true;
        let mut guessed = guessed;
        loop {
            self.stats.nodes += 1;
            if !propagated {
                self.stats.backtracks += u64::from(guessed);
                return;
            }
            let Some(choice) = state.choice() else {
                match state.digits() {
                    Some(digits) => {
                        if self.count == 0 {
                            self.first = Some(digits);
                        }
                        self.count += 1;
                    }
                    None => self.stats.backtracks += u64::from(guessed),
                }
                return;
            };
            self.stats.guesses += 1;
            let mut child = state;
            if child.take::<I>(choice) {
                I::recurse(self, child);
            } else {
                self.stats.nodes += 1;
                self.stats.backtracks += 1;
            }
            if self.count >= self.limit {
                return;
            }
            self.stats.guesses += 1;
            propagated = state.refuse::<I>(choice);
            guessed = true;
        }
    }
}
