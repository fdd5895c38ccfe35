//! The `triad` engine (experimental): classic 9×9 boards, with box-wise state, negative
//! triads and band configurations.
//!
//! This follows the design of tdoku's `dpll_triad_simd` solver as its author describes
//! it (Tom Dillon, "A fast Sudoku solver", t-dillon.github.io/tdoku, from "Getting
//! Vectorized" on); the code is written from that description. Each box is sixteen
//! `u16` lanes ([`boxes`]): nine cells, three negative horizontal triads (digits that
//! may be absent from each minirow) and three negative vertical ones, each digit exactly
//! once per row and per column of that 4×4 matrix. Each of the six bands ([`band`])
//! keeps which of the six configurations (the minirow a digit takes in each box) stay
//! possible for each digit. Boxes and bands trade restrictions until nothing changes
//! ([`state`]): this gives naked and hidden singles, locked candidates and triads
//! (minirows limited to three digits) cheaply. The search ([`search`]) branches on a
//! digit's configuration in the band with the fewest configurations left.
//!
//! Experimental, and slower than `fast` so far. Measured single-thread, release build,
//! AVX2 variant, with `peer-compare --engine triad` (CPU time, best of 3, ratio to the
//! `sudoku` crate in the same run) and `valgrind --tool=callgrind` on `--only`:
//!
//! | set | branch points / puzzle (1st, lim2) | no guess | 1st vs crate | lim2 vs crate | `fast` 1st, lim2 |
//! |---|---:|---:|---:|---:|---:|
//! | SE 11+, first 4,000 | 35.5, 63.6 | 0% | 0.57× | 0.63× | 1.08×, 1.11× |
//! | SE 11+, whole file | 34.2, 61.6 | 0% | | | |
//! | top1465 | 5.86, 8.87 | 7.9% | 0.60× | 0.63× | 1.16×, 1.20× |
//! | 17-clue | 0.46, 0.56 | 78.7% | 0.39× | 0.41× | 1.07×, 1.09× |
//!
//! The propagation matches what tdoku's write-up reports for its SIMD solver (7.9% and
//! 78.7% of top1465 and 17-clue puzzles without a guess; 6.13, 0.48 and 35.85 guesses
//! per puzzle): about 30% fewer branch points than `fast` on SE 11+ (100.1 guesses on
//! two-candidate cells, about 50 branch points). But each branch point costs about 3
//! times as much: on the first 4,000 SE 11+ puzzles the timing loop runs 1.73 G
//! instructions against 0.78 G for `fast` (first solution) and 3.22 G against 1.54 G
//! (count to 2). Guesses in [`crate::Stats`] count each branch entered (about two per
//! branch point).
//!
//! Left to try, where the time goes: the band code (about a quarter to a third of the instructions)
//! as vector shuffles; one
//! elimination message per band applied in a single step instead of re-reading its
//! three boxes; box propagation that computes only what an incoming mask changed rather
//! than a whole round per pass; band-first entry of the givens (tdoku's choice, which
//! matters most on the 17-clue set, where entry dominates).
//!

//! The portable lane code is plain integer Rust (SIMD within a register: a matrix row
//! per `u64`); [`dispatch`] runs the search compiled for AVX2 when the CPU has it, with
//! each box in one vector register.

#[cfg(target_arch = "x86_64")]
mod avx2;
mod band;
mod boxes;
mod dispatch;
mod search;
mod state;

use crate::engine::{nine, Engine, Search, SolveError};
use crate::grid::Grid;
use crate::layout::Layout;

use state::State;

/// The `triad` engine (see the module docs). Classic 9×9 boards only; other layouts get
/// [`SolveError::Unsupported`].
///
/// ```
/// use sudokit::engine::{Engine, Triad};
/// let puzzle: sudokit::Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse()
///         .unwrap();
/// let found = Triad.count(&puzzle, 2).unwrap();
/// assert_eq!(found.count, 1);
/// assert!(found.solution.unwrap().is_solution_of(&puzzle));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Triad;

impl Engine for Triad {
    fn name(&self) -> &'static str {
        "triad"
    }

    fn supports(&self, layout: &Layout) -> bool {
        nine::supports(layout)
    }

    fn search(&self, puzzle: &Grid, limit: u64) -> Result<Search, SolveError> {
        nine::search(self, puzzle, limit, |cells, run| {
            match State::from_givens(cells) {
                Some(state) => dispatch::start(run, state),
                None => run.stats.nodes += 1,
            }
        })
    }

    /// Clashing givens fail the first propagation.
    fn rejects_clashes(&self, layout: &Layout) -> bool {
        self.supports(layout)
    }
}
