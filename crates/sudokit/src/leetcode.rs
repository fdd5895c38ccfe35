//! The LeetCode-style entry point: a 9×9 (or any classic size) board as
//! `Vec<Vec<char>>` with `.` for blanks, solved in place.

use thiserror::Error;

use crate::engine::{Auto, Engine};
use crate::error::PuzzleError;
use crate::format::line::{char_value, detect_alphabet, digit_char};
use crate::grid::Grid;
use crate::layout::Layout;

/// Why a board could not be solved in place.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The board is not `n` rows of `n` cells for a classic size `n`.
    #[error("the board must be n rows of n cells for a classic size (4, 6, 9, 16, …); found {rows} rows")]
    Shape {
        /// Rows found.
        rows: usize,
    },
    /// A character that is not a digit or `.`.
    #[error("row {row}, column {column}: unexpected character {found:?}")]
    BadChar {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        column: usize,
        /// The character.
        found: char,
    },
    /// The givens break the rules.
    #[error(transparent)]
    Invalid(#[from] PuzzleError),
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
}

/// Solves `board` in place, as the LeetCode problem "Sudoku Solver" asks.
///
/// ```
/// let rows = [
///     "53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
///     "7...2...6", ".6....28.", "...419..5", "....8..79",
/// ];
/// let mut board: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
/// sudokit::solve_board(&mut board).unwrap();
/// let first: String = board[0].iter().collect();
/// assert_eq!(first, "534678912");
/// ```
// The signature is LeetCode's, so solutions written for it call this unchanged.
#[allow(clippy::ptr_arg)]
pub fn solve_board(board: &mut Vec<Vec<char>>) -> Result<(), BoardError> {
    let n = board.len();
    if !Layout::is_classic_size(n) || board.iter().any(|row| row.len() != n) {
        return Err(BoardError::Shape { rows: n });
    }
    let layout = Layout::classic(n).map_err(|_| BoardError::Shape { rows: n })?;
    let alphabet = detect_alphabet(n, board.iter().flatten().copied());
    let mut cells = Vec::with_capacity(n * n);
    for (r, row) in board.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let v = char_value(ch, n, alphabet).ok_or(BoardError::BadChar {
                row: r + 1,
                column: c + 1,
                found: ch,
            })?;
            cells.push(v);
        }
    }
    let grid = Grid::from_cells(layout, cells).expect("values checked against the size");
    grid.validate()?;
    let found = Auto.solve(&grid).map_err(|_| BoardError::NoSolution)?;
    let solution = found.solution.ok_or(BoardError::NoSolution)?;
    for (cell, &v) in solution.cells().iter().enumerate() {
        board[cell / n][cell % n] = digit_char(v, n);
    }
    Ok(())
}
