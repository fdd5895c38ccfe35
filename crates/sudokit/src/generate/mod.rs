//! Puzzle generation: random full grids, clue removal with a symmetric pattern, and a
//! filter for the puzzles to keep.
//!
//! A [`Generator`] makes one puzzle per call from a [`Rng`]: a random solution grid
//! ([`full_grid`]), then clues removed orbit by orbit of the [`Symmetry`] while the
//! solution stays unique ([`reduce()`]) — to a puzzle that is minimal with respect to the
//! symmetry, or to a target clue count. [`Generator::generate`] repeats this until a
//! caller's predicate accepts a puzzle (a difficulty filter is such a predicate), up to
//! a bound on attempts; every attempt has its own random stream, so attempts may also
//! be made in parallel ([`Generator::attempt`]) with the same outcome.
//!
//! Reproducibility: everything random comes from the [`Rng`] passed in, so the same seed
//! gives the same puzzle. A batch derives one stream per index
//! ([`Rng::for_index`]), which makes it independent of how it is split across threads.
//! The uniqueness checks use the engine given (normally [`crate::engine::Auto`]); on
//! classic 9×9 boards with `auto` or `fast` they run on bit sets and the `fast` engine's
//! state, with the same answers (see [`reduce`](mod@reduce)).
//!
//! ```
//! use sudokit::engine::Auto;
//! use sudokit::generate::{Generator, Options, Rng};
//! use sudokit::Layout;
//!
//! let generator = Generator::new(Layout::classic(9).unwrap(), Options::default(), &Auto).unwrap();
//! let made = generator.puzzle(&mut Rng::for_index(7, 0)).unwrap();
//! let (same, attempts) = generator.generate(7, 0, |_| true).unwrap();
//! assert_eq!((same, attempts), (made.clone(), 1));
//! assert_eq!(sudokit::count(&made.puzzle, 2), 1);
//! assert!(made.symmetry.holds(made.puzzle.cells(), 9));
//! ```

pub mod cells;
mod classic;
pub mod full;
pub mod pattern;
pub mod reduce;
pub mod unavoidable;

use thiserror::Error;

use crate::engine::{Engine, SolveError};
use crate::grid::Grid;
use crate::layout::LayoutRef;
use crate::transform::TransformError;

/// The generator's random numbers, re-exported from the crate root ([`crate::rng`]),
/// where the symmetry transforms share them.
pub use crate::rng::{self, Rng};
pub use full::full_grid;
pub use pattern::{Symmetry, SymmetryChoice, UnknownSymmetry};
pub use reduce::{is_unique, reduce, Removal};

/// Why generation failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// The uniqueness engine could not answer.
    #[error(transparent)]
    Engine(#[from] SolveError),
    /// The board is not a classic one.
    #[error(transparent)]
    Transform(#[from] TransformError),
    /// No completion was found for the random seedings.
    #[error("could not complete a random {size}×{size} grid")]
    NoFullGrid {
        /// Board size.
        size: usize,
    },
    /// The target clue count is more than the board has cells.
    #[error("a target of {target} clues is more than the {cells} cells of the board")]
    TargetTooHigh {
        /// The target asked for.
        target: usize,
        /// Cells on the board.
        cells: usize,
    },
    /// No attempt gave an accepted puzzle.
    #[error("no puzzle matched after {attempts} attempts; allow more with --max-attempts or widen the request (symmetry, clue count, difficulty)")]
    NoMatch {
        /// Puzzles made and rejected.
        attempts: u64,
    },
}

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The symmetry of the clue pattern.
    pub symmetry: SymmetryChoice,
    /// Stop at this many clues instead of going on to a minimal puzzle; a puzzle that
    /// ends above the target is rejected.
    pub target_clues: Option<usize>,
    /// Remove single clues at the end so the puzzle is minimal in the plain sense.
    pub strict_minimal: bool,
    /// Puzzles made before [`Generator::generate`] gives up.
    pub max_attempts: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            symmetry: SymmetryChoice::default(),
            target_clues: None,
            strict_minimal: false,
            max_attempts: 1000,
        }
    }
}

/// A generated puzzle with its solution and the symmetry of its pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// The symmetry of its pattern of givens (the strict-minimal pass may break it by
    /// removing single clues).
    pub symmetry: Symmetry,
}

/// Makes puzzles for one layout with one set of options.
#[derive(Debug)]
pub struct Generator<'e> {
    layout: LayoutRef,
    options: Options,
    engine: &'e dyn Engine,
    /// The orbits of each symmetry the options may use, computed once.
    orbits: Vec<(Symmetry, Vec<Vec<usize>>)>,
}

impl<'e> Generator<'e> {
    /// A generator for a classic layout; `engine` answers the uniqueness checks.
    pub fn new(
        layout: impl Into<LayoutRef>,
        options: Options,
        engine: &'e dyn Engine,
    ) -> Result<Generator<'e>, GenerateError> {
        let layout = layout.into();
        if !layout.is_classic() {
            return Err(TransformError::NotClassic.into());
        }
        if let Some(target) = options.target_clues {
            if target > layout.cell_count() {
                return Err(GenerateError::TargetTooHigh {
                    target,
                    cells: layout.cell_count(),
                });
            }
        }
        let symmetries = match options.symmetry {
            SymmetryChoice::Fixed(s) => vec![s],
            SymmetryChoice::Random => Symmetry::ALL.to_vec(),
        };
        let orbits = symmetries
            .into_iter()
            .map(|s| (s, s.orbits(layout.size())))
            .collect();
        Ok(Generator {
            layout,
            options,
            engine,
            orbits,
        })
    }

    /// The options in use.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// A random full solution grid.
    pub fn full_grid(&self, rng: &mut Rng) -> Result<Grid, GenerateError> {
        full_grid(&self.layout, self.engine, rng)
    }

    /// One puzzle: a random grid reduced with the options' symmetry. With a target
    /// clue count the puzzle may end above it (when its pattern cannot go lower).
    pub fn puzzle(&self, rng: &mut Rng) -> Result<Generated, GenerateError> {
        // `orbits` holds one symmetry when it is fixed, else all of them in order.
        let pick = match self.options.symmetry {
            SymmetryChoice::Fixed(_) => 0,
            SymmetryChoice::Random => rng.below(Symmetry::ALL.len()),
        };
        let (symmetry, orbits) = &self.orbits[pick];
        let solution = self.full_grid(rng)?;
        let removal = Removal {
            target_clues: self.options.target_clues,
            strict_minimal: self.options.strict_minimal,
        };
        let puzzle = reduce(&solution, orbits, removal, self.engine, rng)?;
        Ok(Generated {
            puzzle,
            solution,
            symmetry: *symmetry,
        })
    }

    /// Attempt `attempt` at puzzle `index` of the batch made from `seed`: a puzzle
    /// from its own random stream ([`Rng::for_attempt`]), so attempts can be made in
    /// any order or in parallel with the same results.
    pub fn attempt(&self, seed: u64, index: u64, attempt: u64) -> Result<Generated, GenerateError> {
        self.puzzle(&mut Rng::for_attempt(seed, index, attempt))
    }

    /// Whether a puzzle reaches the target clue count (if any).
    pub fn on_target(&self, made: &Generated) -> bool {
        let clues = made.puzzle.clue_count();
        !matches!(self.options.target_clues, Some(t) if clues > t)
    }

    /// Puzzle `index` of the batch made from `seed`: attempts `0, 1, 2, …` until one
    /// reaches the target clue count and `accept` takes it, at most
    /// [`Options::max_attempts`]. Returns the puzzle and the number of attempts made.
    pub fn generate(
        &self,
        seed: u64,
        index: u64,
        mut accept: impl FnMut(&Generated) -> bool,
    ) -> Result<(Generated, u64), GenerateError> {
        let attempts = self.options.max_attempts.max(1);
        for attempt in 0..attempts {
            let made = self.attempt(seed, index, attempt)?;
            if self.on_target(&made) && accept(&made) {
                return Ok((made, attempt + 1));
            }
        }
        Err(GenerateError::NoMatch { attempts })
    }
}

/// A puzzle that clues are removed from while its solution stays unique.
pub(crate) trait Removable {
    /// Whether `cell` is given.
    fn is_given(&self, cell: usize) -> bool;
    /// How many cells are given.
    fn clue_count(&self) -> usize;
    /// Removes the given cells `group` when the solution stays unique (and says
    /// whether it did); otherwise leaves the puzzle as it was.
    fn remove(&mut self, group: &[usize]) -> Result<bool, GenerateError>;
}
