//! The Python exceptions and the one type every binding error goes through on its way
//! to them.
//!
//! Each exception subclasses `ValueError` and carries the library's own message (the
//! same text the `sudokit` command prints), so a message read in Python and in a
//! terminal are the same.

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    sudokit,
    ParseError,
    PyValueError,
    "Text (or a list, or an array) that cannot be read as a puzzle.\n\n\
     The message names the line and column and what was expected."
);
create_exception!(
    sudokit,
    InvalidPuzzle,
    PyValueError,
    "A puzzle that breaks the rules before any solving: the same digit twice in a unit."
);
create_exception!(
    sudokit,
    NoSolution,
    PyValueError,
    "A puzzle without a solution: raised by ``solve(strict=True)``, and by ``hint``,\n\
     ``explain`` and ``rate``, which need exactly one solution."
);
create_exception!(
    sudokit,
    MultipleSolutions,
    PyValueError,
    "A puzzle with more than one solution, raised by ``hint``, ``explain`` and ``rate``:\n\
     their uniqueness techniques assume exactly one solution."
);
create_exception!(
    sudokit,
    GenerateError,
    PyValueError,
    "Generation failed: no puzzle matched within the attempts allowed, or a bad option."
);
create_exception!(
    sudokit,
    SolveError,
    PyValueError,
    "An engine could not answer: unknown engine name, unsupported board, or a search bound."
);
create_exception!(
    sudokit,
    GaveUp,
    SolveError,
    "A search gave up before its end: its ``time_limit`` (or the engine's own bound) ran out."
);

/// Why a puzzle could not be read, checked or solved.
#[derive(Debug)]
pub enum Failure {
    /// Unreadable input.
    Parse(String),
    /// A rule broken by the givens.
    Invalid(sudokit::PuzzleError),
    /// The engine could not answer.
    Solve(sudokit::SolveError),
    /// A `time_limit` that is not a duration.
    TimeLimit(f64),
    /// No solution, where one was required.
    NoSolution,
    /// More than one solution, where exactly one was required.
    Multiple,
    /// Generation failed.
    Generate(sudokit::generate::GenerateError),
    /// Something other than a puzzle where a puzzle was expected.
    Type(String),
}

impl Failure {
    /// The Python exception for this failure, its message prefixed with `prefix`
    /// (empty, or the position of the puzzle in a batch).
    pub fn into_pyerr_at(self, prefix: &str) -> PyErr {
        match self {
            Failure::Parse(msg) => ParseError::new_err(format!("{prefix}{msg}")),
            Failure::Invalid(e) => InvalidPuzzle::new_err(format!("{prefix}{e}")),
            Failure::Solve(e @ sudokit::SolveError::GaveUp { .. }) => {
                GaveUp::new_err(format!("{prefix}{e}"))
            }
            Failure::Solve(e) => SolveError::new_err(format!("{prefix}{e}")),
            Failure::TimeLimit(t) => PyValueError::new_err(format!(
                "{prefix}time_limit={t} is not a duration: give seconds, 0 or more"
            )),
            Failure::NoSolution => NoSolution::new_err(format!("{prefix}no solution")),
            Failure::Multiple => {
                MultipleSolutions::new_err(format!("{prefix}more than one solution"))
            }
            Failure::Generate(e) => GenerateError::new_err(format!("{prefix}{e}")),
            Failure::Type(msg) => PyTypeError::new_err(format!("{prefix}{msg}")),
        }
    }
}

impl From<sudokit::ParseError> for Failure {
    fn from(e: sudokit::ParseError) -> Failure {
        Failure::Parse(e.to_string())
    }
}

impl From<sudokit::PuzzleError> for Failure {
    fn from(e: sudokit::PuzzleError) -> Failure {
        Failure::Invalid(e)
    }
}

impl From<sudokit::SolutionsError> for Failure {
    fn from(e: sudokit::SolutionsError) -> Failure {
        match e {
            sudokit::SolutionsError::Invalid(e) => Failure::Invalid(e),
            sudokit::SolutionsError::NoSolution => Failure::NoSolution,
            sudokit::SolutionsError::Multiple => Failure::Multiple,
            sudokit::SolutionsError::GaveUp(e) => Failure::Solve(e),
        }
    }
}

impl From<sudokit::SolveError> for Failure {
    fn from(e: sudokit::SolveError) -> Failure {
        Failure::Solve(e)
    }
}

impl From<sudokit::generate::GenerateError> for Failure {
    fn from(e: sudokit::generate::GenerateError) -> Failure {
        Failure::Generate(e)
    }
}

impl From<Failure> for PyErr {
    fn from(f: Failure) -> PyErr {
        f.into_pyerr_at("")
    }
}

/// Registers the exception classes on the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("InvalidPuzzle", py.get_type::<InvalidPuzzle>())?;
    m.add("NoSolution", py.get_type::<NoSolution>())?;
    m.add("MultipleSolutions", py.get_type::<MultipleSolutions>())?;
    m.add("SolveError", py.get_type::<SolveError>())?;
    m.add("GaveUp", py.get_type::<GaveUp>())?;
    m.add("GenerateError", py.get_type::<GenerateError>())?;
    Ok(())
}
