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
//! Experimental: it now runs level with the `sudoku` crate on the hardest puzzles, still
//! behind `fast` everywhere. Measured single-thread, release build, AVX2 variant, with
//! `peer-compare --engine triad --reps 3` (CPU time, best of 3, ratio to the `sudoku`
//! crate in the same run, whole files of `../shared/data/`; `fast` with
//! `peer-compare --reps 5` in the same hour, idle machine, runs still move by about 5%):
//!
//! | set | guesses / puzzle (1st, lim2) | 1st vs crate | lim2 vs crate | `fast` 1st, lim2 |
//! |---|---:|---:|---:|---:|
//! | SE 11+ (forum hardest 1905 11+) | 65.2, 123.3 | 0.99× | 1.04× | 1.29×, 1.32× |
//! | forum hardest 1106 | 96.8, 221.1 | 0.89× | 1.17× | 1.10×, 1.48× |
//! | top1465 | 10.1, 17.7 | 1.03× | 1.05× | 1.33×, 1.39× |
//! | 17-clue | 0.74, 1.12 | 0.72× | 0.76× | 1.25×, 1.29× |
//! | serg benchmark | 6.35, 8.35 | 0.91× | 0.80× | 0.89×, 0.83× |
//!
//! Branch points per puzzle, for the first solution and to count 2 (about half the
//! guesses): SE 11+ 34.2 and 61.6, top1465 5.86 and 8.87, 17-clue 0.46 and 0.56.
//!
//! The propagation matches what tdoku's write-up reports for its SIMD solver (7.9% and
//! 78.7% of top1465 and 17-clue puzzles without a guess; 6.13, 0.48 and 35.85 guesses
//! per puzzle): about 20% fewer branch points than `fast` on SE 11+ (84.5 guesses on
//! two-candidate cells, about 42 branch points). Each branch point still costs about
//! 1.6 times as much: on the first 4,000 SE 11+ puzzles (`valgrind --tool=callgrind`,
//! `--only sudokit-first` / `sudokit-limit2`) the timing loop runs 0.89 G instructions
//! against 0.73 G for `fast` and 0.84 G for the crate (first solution), and 1.66 G
//! against 1.41 G and 1.71 G (count to 2); it ran 1.73 G and 3.22 G before the band
//! code moved to vector permutes. Guesses in [`crate::Stats`] count each branch entered
//! (about two per branch point).
//!
//! Where the time goes now (SE 11+, first solution): the box rounds about half, the
//! band restrictions (both ways) about a third; per branch point about 18 box
//! propagations (34 rounds of about 66 vector instructions), 20 band pulls and 14
//! pushes. What was tried and left out: a band pulls only when the part of a box it
//! sees (its triads and its minirows' digit unions) changed (the check cost more than
//! the pulls it saved, +4%); bands before boxes, or vertical bands first, in the
//! propagation queue (+20%, +4%: the fixpoint, and so the search, does not depend on the
//! order, but the work does). Left to try: fewer box rounds (a cheaper test that a round
//! changed nothing; most calls end with a round that only confirms), popcounts shared
//! between the lane and the minirow-union counts, and an entry of the givens that
//! settles fewer boxes (the 17-clue and serg sets are entry-bound).
//!
//! The portable lane code is plain integer Rust (SIMD within a register: a matrix row
//! per `u64`); [`dispatch`] runs the search compiled for AVX2 when the CPU has it
//! ([`avx2`]: each box in one vector register, each band's configurations in another,
//! moved between the two with dword permutes).

// The docs above link this module's private parts, for `cargo doc --document-private-items`.
#![allow(rustdoc::private_intra_doc_links)]

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
