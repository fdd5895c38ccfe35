//! `sudokit._sudokit`: the native half of the `sudokit` Python package.
//!
//! A thin layer over the library's public API: `grid` and `puzzle` are the two
//! board classes, `logic` the logic solver's steps and ratings, `generate` makes
//! puzzles, `batch` runs many puzzles in parallel outside the GIL, `read` turns
//! Python input into checked puzzles, `solving` picks engines by name, and `errors`
//! holds the exceptions. The pure-Python package (`python/sudokit/`) re-exports
//! everything and adds the benchmark script and `sudokit.dask` (the batch functions
//! over Dask, pandas and pyarrow collections).
//!
//! Every batch function (`solve_many`, `count_many`, `rate_many`, `generate_many`)
//! takes `errors=`: `"raise"` stops at the first failure, `"return"` puts each
//! failure's exception object in its place and answers the rest.
//!
//! Adding a feature of the library is one method on `Puzzle` (or one function below)
//! that calls it, plus its line in the stubs.

mod batch;
mod errors;
mod generate;
mod grid;
mod logic;
mod puzzle;
mod read;
mod solving;

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;
use sudokit::engine::Budget;
use sudokit::rating::rate_unique;
use sudokit::Grid;

use batch::{Errors, Options};

/// Solves many puzzles in parallel, outside the GIL; returns a list in input order
/// holding a ``Grid`` per solved puzzle and ``None`` per puzzle without a solution
/// (``strict=True`` raises ``NoSolution`` instead).
///
/// ``puzzles`` is any iterable of strings (any format the library reads, one puzzle
/// each), ``Puzzle``s or ``Grid``s. ``threads`` defaults to one per core.
/// ``progress(done, total)``, when given, is called about ten times a second and once
/// at the end; if it raises, the batch stops and the exception propagates. The first
/// puzzle that cannot be read raises ``ParseError`` (or ``InvalidPuzzle``), its message
/// starting with its position; ``errors="return"`` puts each failure's exception
/// object in its puzzle's place instead and answers the rest. ``time_limit`` (seconds,
/// for each puzzle) makes a puzzle whose search runs longer raise ``GaveUp``.
///
/// >>> grids = sudokit.solve_many(["1..4.........32.", "12....3.....4..."], threads=2)
/// >>> [str(g) if g else None for g in grids]
/// ['1234341221434321', None]
/// >>> sudokit.solve_many(["1...2...3...4...", "x"])
/// Traceback (most recent call last):
/// ...
/// sudokit.ParseError: puzzles[1]: line 1: 1 cells is not a puzzle: a one-line puzzle has n² cells (81 for 9×9, 256 for 16×16, 625 for 25×25)
/// >>> sudokit.solve_many(["1..4.........32.", "11.............."], errors="return")
/// [Grid('1234341221434321'), InvalidPuzzle('digit 1 appears twice in row 1: r1c1 and r1c2')]
#[pyfunction]
#[pyo3(signature = (puzzles, *, engine = None, strict = false, size = None, threads = None, progress = None, time_limit = None, errors = "raise"))]
#[allow(clippy::too_many_arguments)]
fn solve_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    engine: Option<PyBackedStr>,
    strict: bool,
    size: Option<usize>,
    threads: Option<usize>,
    progress: Option<Bound<'py, PyAny>>,
    time_limit: Option<f64>,
    errors: &str,
) -> PyResult<Vec<Py<PyAny>>> {
    let errors = Errors::named(errors)?;
    let engine = solving::engine(engine.as_deref())?;
    let time_limit = solving::time_limit(time_limit)?;
    let options = Options { threads, progress };
    let solve = |grid: &Grid| solving::solve(engine.as_ref(), grid, strict, time_limit);
    batch::run(py, puzzles, size, options, errors, solve, |found| {
        found.map(grid::PyGrid::new).into_py_any(py)
    })
}

/// Counts the solutions of many puzzles in parallel, outside the GIL, each count
/// stopping at ``limit``; arguments as for ``solve_many``.
///
/// >>> sudokit.count_many(["1..4.........32.", "1...............", "12....3.....4..."], limit=10)
/// [1, 10, 0]
#[pyfunction]
#[pyo3(signature = (puzzles, limit = 2, *, engine = None, size = None, threads = None, progress = None, time_limit = None, errors = "raise"))]
#[allow(clippy::too_many_arguments)]
fn count_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: u64,
    engine: Option<PyBackedStr>,
    size: Option<usize>,
    threads: Option<usize>,
    progress: Option<Bound<'py, PyAny>>,
    time_limit: Option<f64>,
    errors: &str,
) -> PyResult<Vec<Py<PyAny>>> {
    let errors = Errors::named(errors)?;
    let limit = solving::limit(limit)?;
    let engine = solving::engine(engine.as_deref())?;
    let time_limit = solving::time_limit(time_limit)?;
    let options = Options { threads, progress };
    let count = |grid: &Grid| solving::count(engine.as_ref(), grid, limit, time_limit);
    batch::run(py, puzzles, size, options, errors, count, |n| {
        n.into_py_any(py)
    })
}

/// Rates many puzzles in parallel, outside the GIL, as ``Puzzle.rate()`` does (the
/// same ``techniques``, ``without`` and ``uniqueness``); returns a list in input order
/// holding a ``Rating`` per puzzle.
///
/// A puzzle that cannot be rated (unreadable, breaking the rules, without a solution
/// or with several) gets its exception object in its place (``ParseError``,
/// ``InvalidPuzzle``, ``NoSolution``, ``MultipleSolutions``) and the others are rated:
/// candidate lists often hold such puzzles. ``errors="raise"`` raises the first
/// instead, as ``solve_many`` does. Other arguments as for ``solve_many``.
///
/// >>> ratings = sudokit.rate_many(["..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", "." * 81])
/// >>> ratings[0].level, ratings[1]
/// ('easy', MultipleSolutions('more than one solution'))
#[pyfunction]
#[pyo3(signature = (puzzles, *, techniques = None, without = None, uniqueness = true, size = None, threads = None, progress = None, errors = "return"))]
#[allow(clippy::too_many_arguments)]
fn rate_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    techniques: Option<PyBackedStr>,
    without: Option<PyBackedStr>,
    uniqueness: bool,
    size: Option<usize>,
    threads: Option<usize>,
    progress: Option<Bound<'py, PyAny>>,
    errors: &str,
) -> PyResult<Vec<Py<PyAny>>> {
    let errors = Errors::named(errors)?;
    let options = Options { threads, progress };
    let selection = logic::Selection::new(techniques, without, uniqueness);
    selection.with_solver(false, |solver| {
        let rate = |grid: &Grid| Ok(rate_unique(grid, solver, Budget::UNLIMITED)?);
        batch::run(py, puzzles, size, options, errors, rate, |rated| {
            logic::PyRating::from(rated).into_py_any(py)
        })
    })?
}

#[pymodule]
fn _sudokit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("ENGINES", PyTuple::new(m.py(), sudokit::engine::NAMES)?)?;
    m.add_class::<grid::PyGrid>()?;
    m.add_class::<puzzle::PyPuzzle>()?;
    m.add_class::<logic::PyStep>()?;
    m.add_class::<logic::PyRating>()?;
    m.add_class::<logic::PySeRating>()?;
    m.add_class::<logic::PySeStep>()?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(count_many, m)?)?;
    m.add_function(wrap_pyfunction!(rate_many, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate_many, m)?)?;
    errors::register(m)
}
