//! `sudokit._sudokit`: the native half of the `sudokit` Python package.
//!
//! A thin layer over the library's public API: [`grid`] and [`puzzle`] are the two
//! board classes, [`logic`] the logic solver's steps and ratings, [`generate`] makes
//! puzzles, [`batch`] runs many puzzles in parallel outside the GIL, [`read`] turns
//! Python input into checked puzzles, [`solving`] picks engines by name, and [`errors`]
//! holds the exceptions. The pure-Python package (`python/sudokit/`) re-exports
//! everything and adds the benchmark script.
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

use batch::Options;

/// Solves many puzzles in parallel, outside the GIL; returns a list in input order
/// holding a ``Grid`` per solved puzzle and ``None`` per puzzle without a solution
/// (``strict=True`` raises ``NoSolution`` instead).
///
/// ``puzzles`` is any iterable of strings (any format the library reads, one puzzle
/// each), ``Puzzle``s or ``Grid``s. ``threads`` defaults to one per core.
/// ``progress(done, total)``, when given, is called about ten times a second and once
/// at the end; if it raises, the batch stops and the exception propagates. The first
/// puzzle that cannot be read raises ``ParseError`` (or ``InvalidPuzzle``), its message
/// starting with its position. ``time_limit`` (seconds, for each puzzle) makes a puzzle
/// whose search runs longer raise ``GaveUp``.
///
/// >>> grids = sudokit.solve_many(["1..4.........32.", "12....3.....4..."], threads=2)
/// >>> [str(g) if g else None for g in grids]
/// ['1234341221434321', None]
/// >>> sudokit.solve_many(["1...2...3...4...", "x"])
/// Traceback (most recent call last):
/// ...
/// sudokit.ParseError: puzzles[1]: line 1: 1 cells is not a puzzle: a one-line puzzle has n² cells (81 for 9×9, 256 for 16×16, 625 for 25×25)
#[pyfunction]
#[pyo3(signature = (puzzles, *, engine = None, strict = false, size = None, threads = None, progress = None, time_limit = None))]
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
) -> PyResult<Vec<Option<grid::PyGrid>>> {
    let engine = solving::engine(engine.as_deref())?;
    let time_limit = solving::time_limit(time_limit)?;
    let options = Options { threads, progress };
    let found = batch::run(py, puzzles, size, options, |grid| {
        solving::solve(engine.as_ref(), grid, strict, time_limit)
    })?;
    Ok(found
        .into_iter()
        .map(|g| g.map(grid::PyGrid::new))
        .collect())
}

/// Counts the solutions of many puzzles in parallel, outside the GIL, each count
/// stopping at ``limit``; arguments as for ``solve_many``.
///
/// >>> sudokit.count_many(["1..4.........32.", "1...............", "12....3.....4..."], limit=10)
/// [1, 10, 0]
#[pyfunction]
#[pyo3(signature = (puzzles, limit = 2, *, engine = None, size = None, threads = None, progress = None, time_limit = None))]
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
) -> PyResult<Vec<u64>> {
    let limit = solving::limit(limit)?;
    let engine = solving::engine(engine.as_deref())?;
    let time_limit = solving::time_limit(time_limit)?;
    let options = Options { threads, progress };
    batch::run(py, puzzles, size, options, |grid| {
        solving::count(engine.as_ref(), grid, limit, time_limit)
    })
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
    m.add_function(wrap_pyfunction!(generate::generate, m)?)?;
    errors::register(m)
}
