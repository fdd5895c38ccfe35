//! Engines chosen by name, and the two questions asked of them: the first solution,
//! and how many solutions there are.
//!
//! The names are the library's ([`sudokit::engine::NAMES`]); the default is
//! [`sudokit::engine::Auto`], the best engine for each board.

use pyo3::exceptions::PyValueError;
use pyo3::PyResult;
use sudokit::engine::{by_name, Auto};
use sudokit::{Engine, Grid};

use crate::errors::Failure;

/// The engine called `name`, or the automatic choice when there is no name.
pub fn engine(name: Option<&str>) -> Result<Box<dyn Engine>, Failure> {
    Ok(match name {
        None => Box::new(Auto),
        Some(name) => by_name(name)?,
    })
}

/// The first solution of a checked puzzle; no solution is `None`, or an error when
/// `strict`.
pub fn solve(engine: &dyn Engine, puzzle: &Grid, strict: bool) -> Result<Option<Grid>, Failure> {
    match engine.solve(puzzle)?.solution {
        None if strict => Err(Failure::NoSolution),
        found => Ok(found),
    }
}

/// The number of solutions of a checked puzzle, counting no further than `limit`.
pub fn count(engine: &dyn Engine, puzzle: &Grid, limit: u64) -> Result<u64, Failure> {
    Ok(engine.count_only(puzzle, limit)?)
}

/// `limit` as a count limit: at least 1, as the command's `--limit` is.
pub fn limit(limit: u64) -> PyResult<u64> {
    if limit == 0 {
        return Err(PyValueError::new_err(
            "limit must be at least 1 (2 tells a unique puzzle from one with several solutions)",
        ));
    }
    Ok(limit)
}
