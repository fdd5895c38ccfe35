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
//! possible for each digit, and the eliminations its boxes have sent it. Boxes and bands
//! pass messages until no band has anything pending ([`state`]), as tdoku does: a box
//! that changed runs its own rounds to a fixpoint, then reports to its two bands what it
//! asserts (digits placed in a minirow, digits known absent from one); a band applies
//! what is pending, rules out the configurations of a minirow left with exactly three
//! digits, and restricts its three boxes. This gives naked and hidden singles, locked
//! candidates and triads (minirows limited to three digits) cheaply. The search
//! ([`search`]) branches on a digit's configuration in the band with the fewest
//! configurations left.
//!
//! Experimental: it reaches tdoku's branch points but runs behind `fast`, since a box
//! round needs the one before it and `fast`'s scalar band words overlap better in the
//! CPU. The fixpoint does not depend on how the rules are scheduled, so the search tree
//! is the same whatever order boxes and bands run in; the portable and AVX2 builds give
//! identical results (tested on the shipped samples). Its measurements, what helped and
//! what is left to try are logged in `docs/perf/triad.md`.
//!
//! The portable lane code is plain integer Rust (SIMD within a register: a matrix row
//! per `u64`); [`dispatch`] runs the search compiled for AVX2 when the CPU has it
//! ([`avx2`]: each box in one vector register, each band's configurations in a 128-bit
//! one, moved between them with byte shuffles).

// The docs above link this module's private parts, for `cargo doc --document-private-items`.
#![allow(rustdoc::private_intra_doc_links)]

#[cfg(target_arch = "x86_64")]
mod avx2;
mod band;
mod boxes;
mod dispatch;
mod search;
mod state;
mod variant;

use crate::engine::nine::{self, Run};
use crate::engine::{Engine, Query, Search, SolveError};
use crate::grid::Grid;
use crate::layout::Layout;

use state::State;

/// The `triad` engine (see the module docs). Classic 9×9 boards only; other layouts get
/// [`SolveError::Unsupported`].
///
/// ```
/// use sudokit::engine::{Engine, Triad, Query};
/// let puzzle: sudokit::Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse()
///         .unwrap();
/// let found = Triad.search(&puzzle, &Query::up_to(2)).unwrap();
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

    fn search(&self, puzzle: &Grid, query: &Query) -> Result<Search, SolveError> {
        nine::search(self, puzzle, query, start)
    }

    /// Clashing givens fail the first propagation.
    fn rejects_clashes(&self, layout: &Layout) -> bool {
        self.supports(layout)
    }
}

/// Searches from the givens `cells` (row-major, 0 = empty) within `run`; clashing
/// givens fail the first propagation, which counts as a node. A search past
/// [`nine::RESTART_NODES`] starts again from the givens reduced by
/// [`nine::hall::reduced`], as `fast`'s does.
fn start(cells: &[u8; 81], run: &mut Run) {
    let plain = |run: &mut Run| search_state(run, State::from_givens(cells));
    nine::restarting(cells, run, plain, |run, cands| {
        search_state(run, State::from_givens(cells).and_then(|s| s.kept(cands)));
    });
}

/// Propagates `state` and searches from it within `run`; no state (a contradiction
/// found before the search) counts as a node.
fn search_state(run: &mut Run, state: Option<State>) {
    match state {
        Some(state) => dispatch::start(run, state),
        None => run.stats.nodes += 1,
    }
}
