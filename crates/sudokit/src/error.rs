//! The library's typed errors: bad layouts, unreadable puzzles and invalid puzzles.
//!
//! Every message names where the problem is (line, column, cells) and what was
//! expected, so the CLI and the bindings can show it to a person as it is.

use thiserror::Error;

/// A board shape that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LayoutError {
    /// The size has no `r × c` box split with `r, c ≥ 2` (for example a prime size).
    #[error("size {size} has no box shape: use a size that is a product of two numbers ≥ 2 (4, 6, 8, 9, 12, 16, 25, …)")]
    NoBoxShape {
        /// The size asked for.
        size: usize,
    },
    /// The size is over [`crate::layout::MAX_SIZE`].
    #[error("size {size} is too large: boards up to 64×64 are supported")]
    TooLarge {
        /// The size asked for.
        size: usize,
    },
    /// A box dimension is below 2.
    #[error("boxes of {box_rows}×{box_cols} are too small: each side needs at least 2 cells")]
    BoxTooSmall {
        /// Rows per box.
        box_rows: usize,
        /// Columns per box.
        box_cols: usize,
    },
    /// An extra region does not hold exactly `n` distinct cells of the board.
    #[error("an extra region must hold exactly {size} distinct cells of the board")]
    BadRegion {
        /// The board size.
        size: usize,
    },
}

/// Text that cannot be read as a puzzle.
///
/// Lines and columns are 1-based and count from the start of the text given to the
/// reader.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A character that is neither a digit of the board nor an empty-cell mark.
    #[error("line {line}, column {column}: unexpected character {found:?}; expected {expected}")]
    BadChar {
        /// Line of the character.
        line: usize,
        /// Column of the character.
        column: usize,
        /// The character found.
        found: char,
        /// What would have been accepted.
        expected: String,
    },
    /// A number outside `0..=n` in whitespace-separated input.
    #[error("line {line}, column {column}: value {value} is out of range for a {size}×{size} board (0 for empty, 1 to {size})")]
    OutOfRange {
        /// Line of the value.
        line: usize,
        /// Column where the value starts.
        column: usize,
        /// The value found.
        value: u64,
        /// The board size.
        size: usize,
    },
    /// A one-line puzzle whose length is not the square of a board size.
    #[error("line {line}: {found} cells is not a puzzle: a one-line puzzle has n² cells (81 for 9×9, 256 for 16×16, 625 for 25×25)")]
    BadLength {
        /// Line of the puzzle.
        line: usize,
        /// Number of cells found.
        found: usize,
    },
    /// A line whose length does not match the size asked for.
    #[error("line {line}: expected {expected} cells for a {size}×{size} puzzle (or a row of {size}), found {found}")]
    WrongLength {
        /// Line of the puzzle.
        line: usize,
        /// Cells found.
        found: usize,
        /// Cells expected.
        expected: usize,
        /// The board size given.
        size: usize,
    },
    /// A row inside a multi-line block with the wrong number of cells.
    #[error("line {line}: a row of a {size}×{size} block needs {size} cells, found {found}")]
    RowLength {
        /// Line of the row.
        line: usize,
        /// Cells found.
        found: usize,
        /// The block's size.
        size: usize,
    },
    /// A multi-line block that stopped before its last row.
    #[error(
        "line {line}: the {size}×{size} block starting here has only {rows} of its {size} rows"
    )]
    IncompleteBlock {
        /// First line of the block.
        line: usize,
        /// Rows read.
        rows: usize,
        /// The block's size.
        size: usize,
    },
    /// A line longer than any puzzle, with a comment, can be: read no further than
    /// that.
    #[error("line {line}: line of {length} bytes is too long for a puzzle: a puzzle line, comment included, has at most {limit} bytes")]
    LineTooLong {
        /// The line.
        line: usize,
        /// Its length in bytes.
        length: usize,
        /// The longest line read as a puzzle.
        limit: usize,
    },
    /// A size with no classic layout.
    #[error("line {line}: {source}")]
    Layout {
        /// Line where the size was inferred.
        line: usize,
        /// Why the size is not usable.
        source: LayoutError,
    },
    /// Text with no puzzle in it.
    #[error("no puzzle found: the input is empty or holds only comments")]
    Empty,
    /// More than one puzzle where exactly one was expected.
    #[error("line {line}: expected one puzzle, found a second one here")]
    TrailingPuzzle {
        /// Line where the second puzzle starts.
        line: usize,
    },
}

/// A puzzle that breaks the rules before any solving: the same digit twice in a unit.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A digit appears twice in one unit.
    #[error("digit {digit} appears twice in {unit}: {first} and {second}")]
    Conflict {
        /// The repeated digit.
        digit: u8,
        /// The unit, for example `row 3`.
        unit: String,
        /// The first cell, for example `r3c1`.
        first: String,
        /// The second cell, for example `r3c7`.
        second: String,
    },
}

/// A puzzle without exactly one solution where one is needed: rating, hints and
/// explanations use techniques that assume the solution is unique, so they refuse
/// other puzzles instead of reporting nonsense (see [`crate::rating::check_unique`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolutionsError {
    /// The givens break a rule (the same digit twice in a unit).
    #[error("invalid puzzle: {0}")]
    Invalid(#[from] PuzzleError),
    /// No solution at all.
    #[error("no solution")]
    NoSolution,
    /// Two solutions or more.
    #[error("more than one solution")]
    Multiple,
}
