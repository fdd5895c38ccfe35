//! The `fast` engine: classic 9×9 boards only, built for speed.
//!
//! The state is bit-parallel and band-wise: for each digit, three 27-bit words (one per
//! band of three rows) say where the digit can still go ([`state`]). Propagation works
//! on whole bands with table look-ups ([`tables`]): the row/box matching rule gives
//! locked candidates and hidden singles in rows and boxes, a box confined to one column
//! clears that column from the other bands, and a bit-sliced count finds naked singles;
//! once those stall, hidden singles in columns. Search ([`search`]) branches on a
//! two-candidate cell (the one with the most open peers, and while more than 50 cells
//! are open, also the most two-candidate peers sharing a digit) and stops at the limit.
//! [`dispatch`] runs the search compiled for the CPU's bit-manipulation and AVX2
//! instructions when it has them, else a portable build. A search that runs past
//! 65,536 nodes (64 times what the hardest benchmark puzzle takes) starts again from
//! the givens reduced by Hall's rule on every unit ([`nine::hall`]), which takes it out
//! of the regions with no solution a placement excluded by a hidden subset leaves.
//!
//! Every rule only removes candidates, so the portable and the x86-64 builds reach the
//! same fixpoint and take the same branches (tests compare them on states along random
//! searches from the samples); the engine finds no solution for clashing givens by
//! itself ([`crate::Engine::rejects_clashes`]). The engine's only `unsafe` is in
//! [`dispatch`] and [`wide`]. Changes are kept on measured time against the `sudoku`
//! crate, not on instruction counts (a mispredicted branch costs as much as a few dozen
//! instructions here): every change tried, kept or left out, is logged with its figures
//! in `docs/perf/fast.md`.
//!
//! Sources of the ideas (the code here is written from these descriptions):
//! - JCZSolve by zhouyundong, champagne and JasonLion (forum.enjoysudoku.com, "3.77us
//!   solver" thread): digits stored band by band, the update that shrinks rows to
//!   minirows and looks up the locked-candidate result, the pairing of the naked-single
//!   scan with the search for bivalue cells.
//! - The `sudoku` crate (emerentius, AGPL-3.0), a Rust port of JCZSolve: the notes that a
//!   bivalue cell nearly always exists and that a few cells are worth comparing when none
//!   does. It is not a dependency of this library; `sudokit-bench` runs it side by side.
//! - tdoku by Tom Dillon ("A fast Sudoku solver", t-dillon.github.io/tdoku): the analysis
//!   of which propagation pays off on hard puzzles (hidden singles, locked candidates in
//!   box-bands, triads) and the benchmark data sets used here.

// The docs above link this module's private parts, for `cargo doc --document-private-items`.
#![allow(rustdoc::private_intra_doc_links)]

mod dispatch;
mod exclude;
mod propagate;
mod search;
mod state;
mod tables;
mod variant;
#[cfg(target_arch = "x86_64")]
mod wide;

use crate::engine::nine::{self, Run};
use crate::engine::{Engine, Query, Search, SolveError};
use crate::grid::Grid;
use crate::layout::Layout;

pub(crate) use exclude::differs_on;
use state::State;

/// The `fast` engine (see the module docs). Classic 9×9 boards only; other layouts get
/// [`SolveError::Unsupported`].
///
/// ```
/// use sudokit::engine::{Engine, Fast, Query};
/// let puzzle: sudokit::Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse()
///         .unwrap();
/// let found = Fast.search(&puzzle, &Query::up_to(2)).unwrap();
/// assert_eq!(found.count, 1);
/// assert!(found.solution.unwrap().is_solution_of(&puzzle));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Fast;

impl Engine for Fast {
    fn name(&self) -> &'static str {
        "fast"
    }

    fn supports(&self, layout: &Layout) -> bool {
        nine::supports(layout)
    }

    fn search(&self, puzzle: &Grid, query: &Query) -> Result<Search, SolveError> {
        nine::search(self, puzzle, query, start)
    }

    /// Clashing givens are caught as the state is built (`State::from_givens`).
    fn rejects_clashes(&self, layout: &Layout) -> bool {
        self.supports(layout)
    }
}

/// Searches from the givens `cells` (row-major, 0 = empty) within `run`; clashing
/// givens find nothing, and count as one node that failed, as in the other engines.
/// A search past [`nine::RESTART_NODES`] starts again, from the givens reduced by
/// [`nine::hall::reduced`].
fn start(cells: &[u8; 81], run: &mut Run) {
    let plain = |attempt: &mut Run| dispatch::start(attempt, cells);
    nine::restarting(cells, run, plain, |run, cands| {
        if let Some(mut state) = State::from_givens(cells) {
            state.keep(cands);
            dispatch::search(run, state);
        }
    });
    if run.stats.nodes == 0 {
        run.stats.nodes = 1;
        run.stats.backtracks = 1;
    }
}

/// The state with every given placed; `None` when two givens clash (or a value is
/// out of range).
pub(crate) fn givens(cells: &[u8]) -> Option<State> {
    State::from_givens(cells.try_into().ok()?)
}
