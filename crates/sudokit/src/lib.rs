//! # sudokit
//!
//! A Sudoku toolkit: one small model of a puzzle ([`Layout`], [`Grid`],
//! [`Candidates`]), the common text formats ([`format`](mod@format)) and solving engines that share
//! one contract ([`engine::Engine`]).
//!
//! ```
//! use sudokit::Grid;
//!
//! let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!     .parse()
//!     .unwrap();
//! let solution = sudokit::solve(&puzzle).unwrap();
//! assert!(solution.is_solution_of(&puzzle));
//! assert_eq!(sudokit::count(&puzzle, 2), 1); // unique
//! ```
//!
//! The library does no I/O beyond parsing and formatting strings, starts no threads and
//! keeps no mutable global state; the `sudokit` command, the bindings and the server are
//! thin layers over this API.
//!
//! Feature `serde` (off by default): `Serialize` and `Deserialize` for the logic
//! solver's steps, ratings and techniques and the rater's difficulties.

pub mod candidates;
pub mod canon;
pub mod engine;
pub mod error;
pub mod format;
pub mod generate;
pub mod grid;
pub mod layout;
pub mod leetcode;
pub mod logic;
pub mod rating;
pub mod rng;
pub mod serate;
pub mod transform;

pub use candidates::{Candidates, Mask};
pub use engine::{Engine, Search, SolveError, Stats};
pub use error::{LayoutError, ParseError, PuzzleError};
pub use format::ReadOptions;
pub use grid::Grid;
pub use layout::{Layout, LayoutRef};
pub use leetcode::solve_board;
pub use rating::SolutionsError;

/// The first solution of a puzzle with the best engine for its layout, or `None` when
/// it has none.
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    engine::Auto.solve(puzzle).ok().and_then(|s| s.solution)
}

/// The number of solutions of a puzzle, counting no further than `limit`
/// (`limit = 2` tells unique from not).
pub fn count(puzzle: &Grid, limit: u64) -> u64 {
    engine::Auto.count(puzzle, limit).unwrap_or(0)
}
