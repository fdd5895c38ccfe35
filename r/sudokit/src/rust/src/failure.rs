//! Why a puzzle got no answer, with the library's message and a code the R side turns
//! into a condition class.
//!
//! | code | R condition class | meaning |
//! |---|---|---|
//! | 1 | `sudokit_parse_error` | the text is not a puzzle |
//! | 2 | `sudokit_invalid_puzzle` | a digit twice in a unit |
//! | 3 | `sudokit_no_solution` | a valid puzzle without a solution |
//! | 4 | `sudokit_solve_error` | the engine could not answer |
//! | 5 | `sudokit_generate_error` | no puzzle matched the options |

use std::fmt;

/// Why a puzzle got no answer.
#[derive(Debug)]
pub enum Failure {
    /// Unreadable text.
    Parse(sudokit::ParseError),
    /// A rule broken by the givens.
    Invalid(sudokit::PuzzleError),
    /// No solution, where one was asked for.
    NoSolution,
    /// The engine could not answer.
    Solve(sudokit::SolveError),
    /// Generation failed.
    Generate(sudokit::generate::GenerateError),
}

impl Failure {
    /// The code the R side maps to a condition class (see the module's table).
    pub fn code(&self) -> i32 {
        match self {
            Failure::Parse(_) => 1,
            Failure::Invalid(_) => 2,
            Failure::NoSolution => 3,
            Failure::Solve(_) => 4,
            Failure::Generate(_) => 5,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Parse(e) => e.fmt(f),
            Failure::Invalid(e) => e.fmt(f),
            Failure::NoSolution => {
                f.write_str("no solution: the puzzle's givens admit no completion")
            }
            Failure::Solve(e) => e.fmt(f),
            Failure::Generate(e) => e.fmt(f),
        }
    }
}

/// `?` turns each of the library's errors into its failure.
macro_rules! failure_from {
    ($($error:ty => $variant:ident),* $(,)?) => {
        $(impl From<$error> for Failure {
            fn from(e: $error) -> Failure {
                Failure::$variant(e)
            }
        })*
    };
}

failure_from! {
    sudokit::ParseError => Parse,
    sudokit::PuzzleError => Invalid,
    sudokit::SolveError => Solve,
    sudokit::generate::GenerateError => Generate,
}
