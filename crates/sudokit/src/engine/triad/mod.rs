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
//! Experimental: it now runs ahead of the `sudoku` crate on the hard sets, still behind
//! `fast` everywhere. Measured single-thread, release build, AVX2 variant, with
//! `peer-compare --engine triad --reps 3` (CPU time, best of 3, ratio to the `sudoku`
//! crate in the same run, whole files of `../shared/data/`; `fast` with
//! `peer-compare --reps 5`, measured again after its column-singles change, best of two
//! rounds; runs still move by about 5%):
//!
//! | set | guesses / puzzle (1st, lim2) | 1st vs crate | lim2 vs crate | `fast` 1st, lim2 |
//! |---|---:|---:|---:|---:|
//! | SE 11+ (forum hardest 1905 11+) | 65.2, 123.4 | 1.09× | 1.15× | 1.46×, 1.52× |
//! | forum hardest 1106 | 96.8, 221.2 | 1.00× | 1.34× | 1.24×, 1.68× |
//! | top1465 | 10.1, 17.9 | 1.01× | 1.07× | 1.50×, 1.55× |
//! | 17-clue | 0.75, 1.13 | 0.71× | 0.75× | 1.41×, 1.44× |
//! | serg benchmark | 6.35, 8.35 | 0.91× | 0.82× | 0.99×, 0.93× |
//!
//! tdoku's own SIMD solver, built on the same machine with clang 14 and timed the same
//! way (the README's "tdoku on this machine"), takes the same branch points and runs
//! within 8% of this engine on every set but 1106, where this engine finds first
//! solutions 15% faster.
//!
//! Before the message passing (boxes settled in a queue, each band pulling from its
//! three boxes and pushing back whenever one changed) the same runs gave 0.99×, 0.89×,
//! 1.03×, 0.72× and 0.91× for first solutions. The tree is the same: the fixpoint does
//! not depend on how the rules are scheduled.
//!
//! Branch points per puzzle, for the first solution and to count 2 (about half the
//! guesses): SE 11+ 34.2 and 61.6, top1465 5.86 and 8.87, 17-clue 0.46 and 0.56.
//!
//! The propagation matches what tdoku's write-up reports for its SIMD solver (7.9% and
//! 78.7% of top1465 and 17-clue puzzles without a guess; 6.13, 0.48 and 35.85 guesses
//! per puzzle): about 20% fewer branch points than `fast` on SE 11+ (84.5 guesses on
//! two-candidate cells, about 42 branch points). Guesses in [`crate::Stats`] count each
//! branch entered (about two per branch point).
//!
//! Where the time goes (SE 11+, first solution, counted per branch point): 24 band steps
//! of which 13 find something pending, 37 box restrictions of which 20 change the box,
//! 31 box rounds of about 55 vector instructions, and 8.5 minirows found with three
//! digits. Under callgrind (`valgrind --tool=callgrind`, `--only sudokit-first` /
//! `sudokit-limit2`, the first 4,000 SE 11+ puzzles) the timing loop runs 0.62 G
//! instructions for the first solutions and 1.13 G counting to two, against 0.64 G and
//! 1.23 G for `fast` (0.89 G and 1.66 G before the message passing): fewer than
//! `fast`, yet less fast: its work is long chains of dependent
//! vector operations (a round needs the previous one), and `fast`'s scalar band words
//! overlap better. What helped, measured on the first 1,000 SE 11+ puzzles: the band
//! steps unrolled per band, so that box numbers and table rows are constants and the
//! dispatch is six direct branches instead of a jump table that was mispredicted two
//! times in three (−12% instructions, +9% speed); the three-digit minirow rule run
//! without a test (+1–2%). What did not: the bands of the other orientation first
//! (+3% instructions, same time); the box round's single-candidate test without a
//! popcount, the counts and contradictions looked for on the fixpoint only (same time).
//! The search now takes its state by reference, so that a branch's copy is made once, in
//! the caller's frame, as in the `fast` engine (whole files with `--only`, three
//! alternating runs on the Zen 5 machine: serg 4–7% faster, SE 11+ within the noise).
//! Left to try: an entry of the givens that settles fewer boxes (the 17-clue and serg
//! sets are entry-bound), and making that one copy of the 480-byte state without a
//! `memcpy` call.
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
/// givens fail the first propagation, which counts as a node.
fn start(cells: &[u8; 81], run: &mut Run) {
    match State::from_givens(cells) {
        Some(state) => dispatch::start(run, state),
        None => run.stats.nodes += 1,
    }
}
