//! Engines chosen by name, and the two questions asked of them: the first solution,
//! and how many solutions there are.
//!
//! The names are the library's ([`sudokit::engine::NAMES`]); the default is
//! [`sudokit::engine::Auto`], the best engine for each board.

use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::PyResult;
use sudokit::engine::{by_name, Auto, Budget, Query};
use sudokit::{Engine, Grid};

use crate::errors::Failure;

/// The engine called `name`, or the automatic choice when there is no name.
pub fn engine(name: Option<&str>) -> Result<Box<dyn Engine>, Failure> {
    Ok(match name {
        None => Box::new(Auto),
        Some(name) => by_name(name)?,
    })
}

/// The time limit of `time_limit=` (seconds), checked once for a whole batch.
pub fn time_limit(seconds: Option<f64>) -> Result<Option<Duration>, Failure> {
    seconds
        .map(|s| Duration::try_from_secs_f64(s).map_err(|_| Failure::TimeLimit(s)))
        .transpose()
}

/// The budget of a call started now: `time_limit` from now, or none.
pub fn budget(time_limit: Option<Duration>) -> Budget {
    time_limit.map_or(Budget::UNLIMITED, Budget::time)
}

/// A search for `limit` solutions (keeping the first when `keep`), given up after
/// `time_limit` from now.
fn query(limit: u64, keep: bool, time_limit: Option<Duration>) -> Query {
    let query = if keep {
        Query::up_to(limit)
    } else {
        Query::count(limit)
    };
    query.within(budget(time_limit))
}

/// The first solution of a checked puzzle; no solution is `None`, or an error when
/// `strict`.
pub fn solve(
    engine: &dyn Engine,
    puzzle: &Grid,
    strict: bool,
    time_limit: Option<Duration>,
) -> Result<Option<Grid>, Failure> {
    match engine.search(puzzle, &query(1, true, time_limit))?.solution {
        None if strict => Err(Failure::NoSolution),
        found => Ok(found),
    }
}

/// The number of solutions of a checked puzzle, counting no further than `limit`.
pub fn count(
    engine: &dyn Engine,
    puzzle: &Grid,
    limit: u64,
    time_limit: Option<Duration>,
) -> Result<u64, Failure> {
    Ok(engine
        .search(puzzle, &query(limit, false, time_limit))?
        .count)
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
