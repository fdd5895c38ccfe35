//! Depth-first search over [`State`]s: propagate, and when propagation stalls, branch
//! on the most constrained cell.
//!
//! The branch cell is a cell with two candidates when there is one (nearly always, as
//! the `sudoku` crate's notes on JCZSolve also observe), else the open cell with the
//! fewest candidates among the first open cell of each band. Every branch but the last
//! works on a copy of the state (a few hundred bytes); the last one reuses it. The
//! search stops as soon as `limit` solutions are found, so `limit = 2` proves
//! uniqueness with the least work.

use super::state::State;
use crate::engine::Stats;

/// How a search enters a branch: by calling its own instruction-set variant again.
pub trait Recurse {
    /// Searches the branch `state` (a guess) within `run`.
    fn recurse(run: &mut Run, state: State);
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

    /// Searches from `state` (with its givens placed); `guessed` tells whether the state
    /// comes from a branch (for the backtrack counter). Branches recurse through `I`,
    /// which keeps the whole search in one instruction-set variant (see
    /// [`super::dispatch`]).
    #[inline(always)]
    pub fn search<I: Recurse>(&mut self, mut state: State, mut guessed: bool) {
        loop {
            self.stats.nodes += 1;
            if !state.propagate() {
                self.stats.backtracks += u64::from(guessed);
                return;
            }
            if state.is_solved() {
                if self.count == 0 {
                    self.first = Some(state.digits());
                }
                self.count += 1;
                return;
            }
            let (b, bit) = branch_cell(&state);
            let mut digits = state.digits_at(b, bit);
            if digits == 0 {
                self.stats.backtracks += u64::from(guessed);
                return;
            }
            let mut d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            while digits != 0 {
                self.stats.guesses += 1;
                let mut child = state;
                if child.place(d, b, bit) {
                    I::recurse(self, child);
                }
                if self.count >= self.limit {
                    return;
                }
                state.remove(d, b, bit);
                d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
            }
            // The last candidate is forced once the others have failed.
            self.stats.guesses += 1;
            if !state.place(d, b, bit) {
                self.stats.backtracks += 1;
                return;
            }
            guessed = true;
        }
    }
}

/// The cell to branch on: `(band, bit)`.
#[inline(always)]
fn branch_cell(state: &State) -> (usize, u32) {
    let open = [state.unsolved(0), state.unsolved(1), state.unsolved(2)];
    let mut pairs = [0u32; 3];
    let mut triples = [0u32; 3];
    for b in 0..3 {
        let (_, c2, c3, c4) = state.counts(b);
        pairs[b] = c2 & !c3 & open[b];
        triples[b] = c3 & !c4 & open[b];
    }
    let pool = if pairs != [0; 3] {
        pairs
    } else if triples != [0; 3] {
        triples
    } else {
        open
    };
    let mut best = (0u32, 0, 0);
    for (b, &band) in pool.iter().enumerate() {
        let mut cells = band;
        while cells != 0 {
            let bit = cells & cells.wrapping_neg();
            cells ^= bit;
            let score = 1
                + WEIGHT_OPEN * State::peers_in(&open, b, bit)
                + WEIGHT_PAIRS * State::peers_in(&pairs, b, bit);
            if score > best.0 {
                best = (score, b, bit);
            }
        }
    }
    (best.1, best.2)
}
const WEIGHT_OPEN: u32 = 1;
const WEIGHT_PAIRS: u32 = 0;
