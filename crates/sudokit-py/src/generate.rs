//! `sudokit.generate`: random puzzles with a unique solution, made in parallel outside
//! the GIL, reproducible from a seed whatever the number of threads.

use std::time::{SystemTime, UNIX_EPOCH};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use sudokit::engine::Auto;
use sudokit::generate::{Generator, Options as GenerateOptions, SymmetryChoice};
use sudokit::logic::Level;
use sudokit::rating::rate;
use sudokit::{Grid, Layout};

use crate::batch::{self, Errors, Options};
use crate::errors::Failure;
use crate::logic;
use crate::puzzle::PyPuzzle;

/// The level called `name` (``"easy"`` … ``"extreme"``).
fn level(name: &str) -> PyResult<Level> {
    Level::ALL
        .into_iter()
        .find(|l| l.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
            PyValueError::new_err(format!(
                "unknown difficulty `{name}`; choose one of: {}",
                names.join(", ")
            ))
        })
}

/// A seed from the clock, for when none is given.
fn fresh_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Generates ``n`` puzzles with a unique solution, in parallel outside the GIL.
///
/// Each puzzle is a random full grid with clues removed, orbit by orbit of the
/// ``symmetry`` of the clue pattern (``none``, ``rotate-180``, ``rotate-90``,
/// ``mirror``, ``flip``, ``diagonal``, ``anti-diagonal``, ``both-diagonals``,
/// ``dihedral``, or ``random``), while the solution stays unique: minimal with
/// respect to the symmetry, or cut to ``clues`` givens; ``strict_minimal`` also drops
/// single clues at the end. ``difficulty`` (``"easy"`` … ``"extreme"``, as
/// ``Puzzle.rate()`` grades) keeps only puzzles of that level, trying up to
/// ``max_attempts`` puzzles for each. The same ``seed`` gives the same puzzles for any
/// ``threads``; without a seed the clock picks one. ``progress`` as for
/// ``solve_many``.
///
/// >>> puzzles = sudokit.generate(2, seed=7)
/// >>> [p.is_unique() for p in puzzles]
/// [True, True]
/// >>> puzzles == sudokit.generate(2, seed=7, threads=1)
/// True
/// >>> sudokit.generate(seed=1, difficulty="easy")[0].rate().level
/// 'easy'
/// >>> sudokit.generate(size=4, symmetry="none", seed=3)[0].size
/// 4
#[pyfunction]
#[pyo3(signature = (n = 1, *, size = 9, symmetry = "rotate-180".to_string(), clues = None,
                    strict_minimal = false, difficulty = None, seed = None,
                    max_attempts = 1000, threads = None, progress = None))]
#[allow(clippy::too_many_arguments)]
pub fn generate<'py>(
    py: Python<'py>,
    n: i64,
    size: usize,
    symmetry: String,
    clues: Option<usize>,
    strict_minimal: bool,
    difficulty: Option<PyBackedStr>,
    seed: Option<u64>,
    max_attempts: u64,
    threads: Option<usize>,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Vec<Py<PyPuzzle>>> {
    let n = usize::try_from(n)
        .map_err(|_| PyValueError::new_err(format!("n must be 0 or more, got {n}")))?;
    let maker = Maker::new(
        size,
        &symmetry,
        clues,
        strict_minimal,
        difficulty,
        max_attempts,
    )?;
    let seed = seed.unwrap_or_else(fresh_seed);
    let made = batch::run_indexed(py, n, Options { threads, progress }, |index| {
        maker.make(seed, index as u64)
    })?;
    made.into_iter()
        .map(|puzzle| PyPuzzle::create(py, puzzle?))
        .collect()
}

/// Generates the puzzles of ``seed`` at the given ``indices`` (any iterable of ints
/// 0 or more), in parallel outside the GIL; returns a list in the order of
/// ``indices``.
///
/// Puzzle ``i`` of a seed is the same whichever call, process or machine makes it:
/// ``generate_many([i], seed=s)[0] == generate(i + 1, seed=s)[i]``, with the same
/// options. So a range of indices can be cut into pieces made anywhere, and the
/// pieces together are the whole batch. Options as for ``generate``; ``seed`` is
/// required.
///
/// A puzzle that cannot be made (no puzzle of the ``difficulty`` within
/// ``max_attempts``) gets its ``GenerateError`` object in its place, and the others
/// are made; ``errors="raise"`` raises the first instead.
///
/// >>> part = sudokit.generate_many(range(3, 6), seed=7)
/// >>> part == sudokit.generate(6, seed=7)[3:]
/// True
/// >>> sudokit.generate_many([0], seed=1, difficulty="extreme", max_attempts=1)
/// [GenerateError('no puzzle matched after 1 attempts; allow more with --max-attempts or widen the request (symmetry, clue count, difficulty)')]
#[pyfunction]
#[pyo3(signature = (indices, *, seed, size = 9, symmetry = "rotate-180".to_string(),
                    clues = None, strict_minimal = false, difficulty = None,
                    max_attempts = 1000, threads = None, progress = None, errors = "return"))]
#[allow(clippy::too_many_arguments)]
pub fn generate_many<'py>(
    py: Python<'py>,
    indices: &Bound<'py, PyAny>,
    seed: u64,
    size: usize,
    symmetry: String,
    clues: Option<usize>,
    strict_minimal: bool,
    difficulty: Option<PyBackedStr>,
    max_attempts: u64,
    threads: Option<usize>,
    progress: Option<Bound<'py, PyAny>>,
    errors: &str,
) -> PyResult<Vec<Py<PyAny>>> {
    let errors = Errors::named(errors)?;
    let maker = Maker::new(
        size,
        &symmetry,
        clues,
        strict_minimal,
        difficulty,
        max_attempts,
    )?;
    let indices = indices
        .try_iter()?
        .map(|i| i?.extract::<u64>())
        .collect::<PyResult<Vec<u64>>>()?;
    let options = Options { threads, progress };
    let made = batch::run_indexed(py, indices.len(), options, |i| maker.make(seed, indices[i]))?;
    batch::values(py, made, errors, |puzzle| {
        Ok(PyPuzzle::create(py, puzzle)?.into_any())
    })
}

/// What `generate` and `generate_many` share: the generator for their options and the
/// level puzzles must have.
struct Maker {
    generator: Generator<'static>,
    wanted: Option<Level>,
}

impl Maker {
    fn new(
        size: usize,
        symmetry: &str,
        clues: Option<usize>,
        strict_minimal: bool,
        difficulty: Option<PyBackedStr>,
        max_attempts: u64,
    ) -> PyResult<Maker> {
        let layout = Layout::classic(size).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let symmetry: SymmetryChoice =
            symmetry
                .parse()
                .map_err(|e: sudokit::generate::UnknownSymmetry| {
                    PyValueError::new_err(e.to_string())
                })?;
        let wanted = difficulty.as_deref().map(level).transpose()?;
        let options = GenerateOptions {
            symmetry,
            target_clues: clues,
            strict_minimal,
            max_attempts,
        };
        let generator = Generator::new(layout, options, &Auto).map_err(Failure::from)?;
        Ok(Maker { generator, wanted })
    }

    /// Puzzle `index` of the batch made from `seed`.
    fn make(&self, seed: u64, index: u64) -> Result<Grid, Failure> {
        let accept = |made: &sudokit::generate::Generated| {
            self.wanted
                .is_none_or(|level| rate(&made.puzzle, logic::solver(false)).level == level)
        };
        Ok(self.generator.generate(seed, index, accept)?.0.puzzle)
    }
}
