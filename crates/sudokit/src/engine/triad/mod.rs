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
//! Experimental, and slower than `fast` so far. Measured on the first 4,000 puzzles of
//! `puzzles5_forum_hardest_1905_11+` (single thread, release build, `peer-compare
//! --engine triad`, AVX2 variant):
//! - branch points per puzzle: 46.7 for a first solution, 86.7 counting to 2 (guesses,
//!   one per branch entered: 90.0 and 173.4); `fast` makes 100.1 and 202.1 guesses on
//!   two-candidate cells, so about 50 and 100 branch points. Configuration branching
//!   with triads saves only about 7% of the branch points here.
//! - instructions (callgrind, whole timing loop): 2.16 G against 0.78 G for `fast`
//!   (first solution), 4.05 G against 1.54 G (count to 2): 2.6–2.8× more.
//! - CPU time: 0.43× the `sudoku` crate (first solution) where `fast` stands at 1.07×;
//!   0.44× on top1465 and 0.19× on the 17-clue set.
//!
//! Where the time goes: a branch point costs about eight box propagations (two rounds
//! each) and eight band exchanges. Left to try: band-to-box messages as vector shuffles
//! instead of per-configuration loops (the band code is now about a fifth of the
//! instructions), pending eliminations per band applied in one step (tdoku's design),
//! and checking why the branch points stay well above the figure tdoku's write-up
//! reports for its solver.
//!
//! The portable lane code is plain integer Rust (SIMD within a register: a matrix row
//! per `u64`); [`dispatch`] runs the search compiled for AVX2 when the CPU has it, with
//! each box in one vector register.

mod band;
mod boxes;
mod dispatch;
mod search;
mod state;

use crate::engine::{Engine, Search, SolveError};
use crate::grid::Grid;
use crate::layout::Layout;

use search::Run;
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
        layout.size() == 9 && layout.is_classic()
    }

    fn search(&self, puzzle: &Grid, limit: u64) -> Result<Search, SolveError> {
        let layout = puzzle.layout();
        if !self.supports(layout) {
            return Err(SolveError::Unsupported {
                engine: self.name(),
                size: layout.size(),
            });
        }
        let mut run = Run::new(limit);
        let start = puzzle.cells().try_into().ok().and_then(State::from_givens);
        match start {
            Some(state) => dispatch::start(&mut run, state),
            None => run.stats.nodes += 1,
        }
        let solution = run
            .first
            .and_then(|cells| Grid::from_cells(layout.clone(), cells.to_vec()));
        Ok(Search {
            count: run.count,
            solution,
            stats: run.stats,
        })
    }

    /// Clashing givens fail the first propagation.
    fn rejects_clashes(&self, layout: &Layout) -> bool {
        self.supports(layout)
    }
}
