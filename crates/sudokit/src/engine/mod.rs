//! Solving engines: one contract, several implementations.
//!
//! Every engine implements [`Engine::search`]: find solutions of a puzzle as a [`Query`]
//! asks (up to its limit, keeping the first or not, within its [`Budget`]) and return
//! how many were found, the first one, and statistics. [`Engine::solve`] (the first
//! solution) and [`Engine::count`] (a count alone; `limit = 2` is the uniqueness check)
//! are built on it. Every engine's search runs in one frame (the `frame` module). An
//! engine that can search from a state with candidates removed (`generic`, `cdcl`) also
//! answers [`Engine::search_differing`], the generator's uniqueness test; the others
//! say `None`. [`Auto`] searches with [`Cdcl`] from 25×25 up ([`CDCL_FROM`]).
//!
//! Engines never panic on bad puzzles: a puzzle with a conflict or no solution gives a
//! count of 0. The CLI validates puzzles first ([`crate::Grid::validate`]) so that it can
//! say *why* a puzzle fails.
//!
//! The engines are listed in [`NAMES`] and built by name with [`by_name`]; [`Auto`]
//! picks the best engine for each layout.
//!
//! The classic engines follow the project's seed documents: [`Norvig`] (propagation and
//! depth-first search), [`Backtrack`] (bitset backtracking with look-ahead), [`Dlx`]
//! (exact cover on dancing links) and [`BoardSearch`] (the coursework's breadth-first
//! and best-first searches). [`Cdcl`] learns clauses from its conflicts, as SAT solvers
//! do. Engines with options are plain structs with public fields;
//! `by_name` builds their defaults, and a program sets the fields itself:
//!
//! ```
//! use sudokit::engine::{Backtrack, BoardSearch, Engine};
//! let puzzle: sudokit::Grid = "1...2...3...4...".parse().unwrap();
//! let two_ahead = Backtrack { lookahead: 2 };
//! let triples = BoardSearch { subsets: 3, collapse: false, max_nodes: 10_000, ..BoardSearch::bfs() };
//! assert_eq!(two_ahead.count(&puzzle, 5).unwrap(), 5);
//! assert_eq!(triples.count(&puzzle, 5).unwrap(), 5);
//! ```

pub mod backtrack;
pub mod bfs;
pub mod dlx;
pub mod fast;
mod frame;
pub mod generic;
pub(crate) mod nine;
pub mod norvig;
#[cfg(feature = "triad")]
mod triad;

use std::fmt;

use thiserror::Error;

use crate::grid::Grid;
use crate::layout::Layout;

pub use backtrack::Backtrack;
pub use bfs::BoardSearch;
pub use dlx::Dlx;
pub use fast::Fast;
pub use frame::{Budget, GiveUp, Query};
pub use generic::{Cdcl, Generic};
pub use norvig::Norvig;
#[cfg(feature = "triad")]
pub use triad::Triad;

/// Counters an engine keeps while searching.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes visited (states examined).
    pub nodes: u64,
    /// Branches tried at cells (or columns) with more than one choice.
    pub guesses: u64,
    /// Branches that ended in a contradiction.
    pub backtracks: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.nodes += o.nodes;
        self.guesses += o.guesses;
        self.backtracks += o.backtracks;
    }
}

/// The outcome of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    /// Solutions found, at most the limit asked for.
    pub count: u64,
    /// The first solution found.
    pub solution: Option<Grid>,
    /// What the search cost.
    pub stats: Stats,
}

impl Search {
    /// Whether the count reached the limit (so more solutions may exist).
    pub fn reached(&self, limit: u64) -> bool {
        self.count >= limit
    }
}

/// Why an engine could not answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The engine does not handle this board.
    #[error("engine `{engine}` does not handle {size}×{size} boards; try `generic`")]
    Unsupported {
        /// Engine name.
        engine: &'static str,
        /// Board size.
        size: usize,
    },
    /// The search gave up before its end: its budget, or the engine's own bound, ran
    /// out.
    #[error("engine `{engine}` gave up after {nodes} nodes: {reason}")]
    GaveUp {
        /// Engine name.
        engine: &'static str,
        /// Nodes visited when it gave up.
        nodes: u64,
        /// What ran out.
        reason: GiveUp,
    },
    /// No engine of that name.
    #[error("unknown engine `{name}`; choose one of: {}{hint}", NAMES.join(", "))]
    UnknownEngine {
        /// The name given.
        name: String,
        /// How to get the engine when it exists but was left out of this build (empty
        /// otherwise).
        hint: &'static str,
    },
}

/// A solving engine.
///
/// ```
/// use sudokit::engine::{Engine, Generic, Query};
/// let puzzle: sudokit::Grid = "1...2...3...4...".parse().unwrap();
/// let found = Generic.search(&puzzle, &Query::up_to(1000)).unwrap();
/// assert!(found.count > 1);
/// assert!(found.solution.unwrap().is_solution_of(&puzzle));
/// ```
pub trait Engine: Send + Sync + fmt::Debug {
    /// The name used by `--engine`.
    fn name(&self) -> &'static str;

    /// Whether the engine handles this layout.
    fn supports(&self, layout: &Layout) -> bool;

    /// Searches as `query` asks (see [`Query`]).
    fn search(&self, puzzle: &Grid, query: &Query) -> Result<Search, SolveError>;

    /// Whether the engine itself finds no solution on this layout for a puzzle with a
    /// digit twice in a unit (it checks the givens as it enters them). A caller that
    /// tells invalid puzzles from unsolvable ones may then run [`Grid::validate`] only
    /// when nothing was found, instead of before every search.
    fn rejects_clashes(&self, _layout: &Layout) -> bool {
        false
    }

    /// The first solution, if any, with no budget ([`Query::first`]).
    fn solve(&self, puzzle: &Grid) -> Result<Search, SolveError> {
        self.search(puzzle, &Query::first())
    }

    /// The number of solutions, counting no further than `limit` and keeping none of
    /// them, with no budget ([`Query::count`]): `count(puzzle, 2) == Ok(1)` is the
    /// uniqueness check.
    ///
    /// ```
    /// use sudokit::engine::{Engine, Fast};
    /// let puzzle: sudokit::Grid =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ///         .parse()
    ///         .unwrap();
    /// assert_eq!(Fast.count(&puzzle, 2).unwrap(), 1);
    /// ```
    fn count(&self, puzzle: &Grid, limit: u64) -> Result<u64, SolveError> {
        Ok(self.search(puzzle, &Query::count(limit))?.count)
    }

    /// Searches, as `query` asks, the solutions of `puzzle` that differ from `known`
    /// (digits per cell, row-major) on at least one cell of `cells`; `None` when the
    /// engine cannot, because it searches only from givens.
    ///
    /// For `cells = [c1, …, ck]` the solutions fall into `k` disjoint cases, the `i`-th
    /// with `c1 … c(i-1)` holding their digits of `known` and `ci` another digit, each
    /// searched from a state with one candidate removed. When `puzzle` with the digits
    /// of `known` on `cells` filled in has exactly one solution, a count of one here is
    /// the same answer as a count of two of `puzzle`, without finding that solution
    /// first: the generator's uniqueness test. A cell outside the board is no place to
    /// differ; an empty or out-of-range digit of `known` differs from every solution.
    ///
    /// ```
    /// use sudokit::engine::{Engine, Generic, Query};
    /// let puzzle: sudokit::Grid = "1...2...3...4...".parse().unwrap();
    /// let known = Generic.solve(&puzzle).unwrap().solution.unwrap();
    /// let all = Generic.count(&puzzle, 1000).unwrap();
    /// let every: Vec<usize> = (0..16).collect();
    /// let others = Generic.search_differing(&puzzle, known.cells(), &every, &Query::count(1000));
    /// assert_eq!(others.unwrap().unwrap().count, all - 1);
    /// ```
    fn search_differing(
        &self,
        _puzzle: &Grid,
        _known: &[u8],
        _cells: &[usize],
        _query: &Query,
    ) -> Option<Result<Search, SolveError>> {
        None
    }
}

/// Picks the best engine for each puzzle's layout: [`Fast`] on 9×9, [`Cdcl`] from
/// 25×25 up ([`CDCL_FROM`]), [`Generic`] between.
#[derive(Debug, Clone, Copy, Default)]
pub struct Auto;

impl Auto {
    /// The engine `Auto` uses for a layout.
    ///
    /// ```
    /// use sudokit::engine::{Auto, Engine};
    /// let name = |n| Auto.engine_for(&sudokit::Layout::classic(n).unwrap()).name();
    /// assert_eq!((name(9), name(16), name(25)), ("fast", "generic", "cdcl"));
    /// ```
    pub fn engine_for(&self, layout: &Layout) -> &'static dyn Engine {
        if Fast.supports(layout) {
            &Fast
        } else if layout.size() >= CDCL_FROM {
            &Cdcl
        } else {
            &Generic
        }
    }
}

impl Engine for Auto {
    fn name(&self) -> &'static str {
        "auto"
    }

    fn supports(&self, _layout: &Layout) -> bool {
        true
    }

    fn search(&self, puzzle: &Grid, query: &Query) -> Result<Search, SolveError> {
        self.engine_for(puzzle.layout()).search(puzzle, query)
    }

    fn search_differing(
        &self,
        puzzle: &Grid,
        known: &[u8],
        cells: &[usize],
        query: &Query,
    ) -> Option<Result<Search, SolveError>> {
        self.engine_for(puzzle.layout())
            .search_differing(puzzle, known, cells, query)
    }

    fn rejects_clashes(&self, layout: &Layout) -> bool {
        self.engine_for(layout).rejects_clashes(layout)
    }
}

/// The board size from which [`Auto`] searches with [`Cdcl`]: to solve, to count and
/// for differing solutions (the generator's uniqueness test). On big boards with few
/// givens, and on the sparse boards a generator's removals leave, learning settles in
/// thousands of conflicts what `generic` takes millions of nodes to refute; with many
/// givens both take milliseconds.
pub const CDCL_FROM: usize = 25;

/// An engine whose every search is bounded by `budget` as well as by the query's own
/// (the first of the two to run out ends it): a way to bound code that takes an engine
/// and searches many times, such as the generator.
///
/// ```
/// use sudokit::engine::{Budget, Budgeted, Engine, Generic, SolveError};
/// let empty = sudokit::Grid::empty(sudokit::Layout::classic(9).unwrap());
/// let bounded = Budgeted { engine: &Generic, budget: Budget::nodes(10) };
/// assert!(matches!(bounded.count(&empty, 1000), Err(SolveError::GaveUp { .. })));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Budgeted<'e> {
    /// The engine that searches.
    pub engine: &'e dyn Engine,
    /// The bound added to every query.
    pub budget: Budget,
}

impl Budgeted<'_> {
    /// `query` within this engine's budget as well as its own.
    fn bound(&self, query: &Query) -> Query {
        query.within(query.budget.and(self.budget))
    }
}

impl Engine for Budgeted<'_> {
    fn name(&self) -> &'static str {
        self.engine.name()
    }

    fn supports(&self, layout: &Layout) -> bool {
        self.engine.supports(layout)
    }

    fn search(&self, puzzle: &Grid, query: &Query) -> Result<Search, SolveError> {
        self.engine.search(puzzle, &self.bound(query))
    }

    fn search_differing(
        &self,
        puzzle: &Grid,
        known: &[u8],
        cells: &[usize],
        query: &Query,
    ) -> Option<Result<Search, SolveError>> {
        self.engine
            .search_differing(puzzle, known, cells, &self.bound(query))
    }

    fn rejects_clashes(&self, layout: &Layout) -> bool {
        self.engine.rejects_clashes(layout)
    }
}

/// The engine names, `triad` last when it is built.
macro_rules! names {
    ($($extra:literal)?) => {
        &["auto", "fast", "generic", "norvig", "backtrack", "dlx", "bfs", "best-first", "cdcl" $(, $extra)?]
    };
}

/// The engine names `--engine` accepts.
#[cfg(feature = "triad")]
pub const NAMES: &[&str] = names!("triad");

/// The engine names `--engine` accepts (`triad` needs the `triad` feature).
#[cfg(not(feature = "triad"))]
pub const NAMES: &[&str] = names!();

/// Builds an engine by name (see [`NAMES`]).
///
/// ```
/// let e = sudokit::engine::by_name("generic").unwrap();
/// assert_eq!(e.name(), "generic");
/// assert!(sudokit::engine::by_name("nope").is_err());
/// ```
pub fn by_name(name: &str) -> Result<Box<dyn Engine>, SolveError> {
    match name {
        "auto" => Ok(Box::new(Auto)),
        "fast" => Ok(Box::new(Fast)),
        "generic" => Ok(Box::new(Generic)),
        "norvig" => Ok(Box::new(Norvig)),
        "backtrack" => Ok(Box::new(Backtrack::default())),
        "dlx" => Ok(Box::new(Dlx)),
        "bfs" => Ok(Box::new(BoardSearch::bfs())),
        "best-first" => Ok(Box::new(BoardSearch::best_first())),
        "cdcl" => Ok(Box::new(Cdcl)),
        #[cfg(feature = "triad")]
        "triad" => Ok(Box::new(Triad)),
        #[cfg(not(feature = "triad"))]
        "triad" => Err(SolveError::UnknownEngine {
            name: name.to_string(),
            hint: " (`triad` is experimental: build with `--features triad` to use it)",
        }),
        _ => Err(SolveError::UnknownEngine {
            name: name.to_string(),
            hint: "",
        }),
    }
}
