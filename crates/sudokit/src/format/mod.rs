//! Reading and writing puzzles as text.
//!
//! - [`read`] turns text holding any number of puzzles (one-line puzzles, multi-line
//!   blocks, whitespace-separated numbers, comments) into [`read::Record`]s, each with
//!   the line it started on and either a [`Grid`] or a [`ParseError`].
//! - [`line`](mod@line) is the one-line form and the single-character alphabets per size.
//! - [`block`] writes the multi-line forms: plain rows and the pretty picture.
//! - [`pencilmark`] reads and writes candidate states (pencilmark grids, Sukaku lines).
//!
//! # Single-character alphabets
//! | size | digits | empty |
//! |---|---|---|
//! | up to 9×9 | `1`–`9` | `.` `0` `_` `*` |
//! | 16×16 | `1`–`9` `A`–`G` (G = 16); or `0`–`9` `A`–`F` (0 = 1, F = 16) when the line marks empties with `.` `_` `*` and has no `G` | `.` `0` `_` `*` |
//! | 25×25 | `A`–`Y` (A = 1); or `1`–`9` `A`–`P` when the line has a digit `1`–`9` | `.` `0` `_` `*` |
//! | other sizes 10–35 | `1`–`9` `A`–`Z` | `.` `0` `_` `*` |
//!
//! Letters may be in either case. Boards over 35×35 use whitespace-separated numbers
//! (`0` for empty), which every size accepts.
//!
//! [`Grid`]'s text forms (`to_line`, `Display`, `Debug`, `FromStr`) are implemented here,
//! so that the model does not depend on its formats.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::grid::Grid;

pub mod block;
pub mod line;
pub mod pencilmark;
pub mod read;

/// How to read puzzles.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// The board size (`9`, `16`, …); inferred from each puzzle when `None`.
    pub size: Option<usize>,
}

/// The output forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// One line per puzzle.
    #[default]
    Line,
    /// One row per line, without separators.
    Block,
    /// One row per line with box rules (`4 8 3 | 9 2 1 | 6 5 7`).
    Pretty,
}

/// Writes a grid in the given form, without a trailing newline.
///
/// ```
/// use sudokit::format::{write, OutputFormat};
/// let g: sudokit::Grid = "1...2...3...4...".parse().unwrap();
/// assert_eq!(write(&g, OutputFormat::Block), "1...\n2...\n3...\n4...");
/// ```
pub fn write(grid: &Grid, format: OutputFormat) -> String {
    match format {
        OutputFormat::Line => line::write(grid),
        OutputFormat::Block => block::write_block(grid),
        OutputFormat::Pretty => block::write_pretty(grid),
    }
}

impl Grid {
    /// The grid as one line (see [`line`](mod@line)).
    pub fn to_line(&self) -> String {
        line::write(self)
    }
}

impl fmt::Display for Grid {
    /// The one-line form; `{:#}` gives the pretty picture with box rules.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str(&block::write_pretty(self))
        } else {
            f.write_str(&self.to_line())
        }
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Grid({}x{}: {})",
            self.size(),
            self.size(),
            self.to_line()
        )
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    /// Reads exactly one puzzle in any supported format, inferring its size.
    fn from_str(s: &str) -> Result<Grid, ParseError> {
        read::parse_one(s, &ReadOptions::default())
    }
}
