//! A board of digits: the puzzle given and the solution found are both [`Grid`]s.

use crate::error::PuzzleError;
use crate::layout::{cell_name, LayoutRef};

/// Digits per cell (`0` = empty) on a shared [`Layout`](crate::Layout).
///
/// ```
/// use sudokit::Grid;
/// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// assert_eq!(g.size(), 9);
/// assert_eq!(g.get(0), 4);
/// assert_eq!(g.clue_count(), 17);
/// assert!(g.validate().is_ok());
/// ```
#[derive(Clone)]
pub struct Grid {
    layout: LayoutRef,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid on `layout`.
    pub fn empty(layout: impl Into<LayoutRef>) -> Grid {
        let layout = layout.into();
        let cells = vec![0; layout.cell_count()];
        Grid { layout, cells }
    }

    /// A grid from its cells in row-major order; `None` if the count is not `n * n` or
    /// a value is over `n`.
    pub fn from_cells(layout: impl Into<LayoutRef>, cells: Vec<u8>) -> Option<Grid> {
        let layout = layout.into();
        let n = layout.size();
        // The largest value by a fold rather than `any`: no early exit, so it vectorises.
        let largest = cells.iter().fold(0, |m, &v| m.max(v));
        if cells.len() != layout.cell_count() || largest as usize > n {
            return None;
        }
        Some(Grid { layout, cells })
    }

    /// A grid from cells its maker knows to be right for `layout`: as many as the
    /// layout has, none over its size (the reader's plain 9×9 path decodes only `0`–`9`).
    /// Checked in debug builds only.
    pub(crate) fn from_cells_in_range(layout: LayoutRef, cells: Vec<u8>) -> Grid {
        debug_assert!(cells.len() == layout.cell_count());
        debug_assert!(cells.iter().all(|&v| usize::from(v) <= layout.size()));
        Grid { layout, cells }
    }

    /// The layout this grid lives on.
    #[inline]
    pub fn layout(&self) -> &LayoutRef {
        &self.layout
    }

    /// Board size `n`.
    #[inline]
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// The digit in `cell` (0 when empty).
    #[inline]
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Put `digit` (0 to clear) in `cell`.
    ///
    /// # Panics
    /// If `digit > n` or `cell` is off the board.
    #[inline]
    pub fn set(&mut self, cell: usize, digit: u8) {
        assert!(
            digit as usize <= self.size(),
            "digit {digit} is over the board size"
        );
        self.cells[cell] = digit;
    }

    /// All cells, row-major.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Number of filled cells.
    pub fn clue_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Checks that no digit appears twice in a unit; the error names the digit, the
    /// unit and both cells.
    pub fn validate(&self) -> Result<(), PuzzleError> {
        // One pass over the filled cells with a digit mask per unit; the cells of a
        // conflict are looked up only when there is one.
        if self.layout.size() == 9 && self.layout.is_classic() && classic_nine_ok(&self.cells) {
            return Ok(());
        }
        let units = self.layout.units().len();
        // Room for the 27 units of a 9×9 board (and every smaller one) without a heap
        // allocation or a large clear.
        let mut stack = [0u64; 32];
        let mut heap = Vec::new();
        let seen: &mut [u64] = if units <= stack.len() {
            &mut stack[..units]
        } else {
            heap.resize(units, 0);
            &mut heap
        };
        for (cell, &d) in self.cells.iter().enumerate() {
            if d == 0 {
                continue;
            }
            let bit = 1u64 << (d - 1);
            for &u in self.layout.units_of(cell) {
                if seen[u] & bit != 0 {
                    return Err(self.conflict(u, d, cell));
                }
                seen[u] |= bit;
            }
        }
        Ok(())
    }

    /// The conflict of digit `d` in unit `u`, found again at `cell`.
    fn conflict(&self, u: usize, d: u8, cell: usize) -> PuzzleError {
        let unit = &self.layout.units()[u];
        let first = unit
            .cells
            .iter()
            .copied()
            .find(|&c| self.cells[c] == d)
            .unwrap_or(cell);
        let n = self.size();
        PuzzleError::Conflict {
            digit: d,
            unit: unit.name(),
            first: cell_name(n, first),
            second: cell_name(n, cell),
        }
    }

    /// Whether `self` is a full, valid grid that keeps every given of `puzzle`.
    ///
    /// This is the check every test and benchmark applies to an engine's answer.
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.size() == puzzle.size()
            && self.layout.units().len() == puzzle.layout.units().len()
            && self.is_full()
            && self.validate().is_ok()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&p, &s)| p == 0 || p == s)
    }
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        self.layout == other.layout && self.cells == other.cells
    }
}

impl Eq for Grid {}

impl std::hash::Hash for Grid {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.size().hash(state);
        self.cells.hash(state);
    }
}

/// Whether the 81 cells of a classic 9×9 grid (row-major, 0 = empty) have no digit
/// twice in a row, column or box: the common case, checked with constant arithmetic;
/// [`Grid::validate`] then locates a conflict with the general pass.
pub(crate) fn classic_nine_ok(cells: &[u8]) -> bool {
    let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    // Eight cells at a time, so that runs of empty cells cost one test.
    for (chunk, bytes) in cells.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..bytes.len()].copy_from_slice(bytes);
        let mut filled = u64::from_le_bytes(word);
        while filled != 0 {
            let byte = filled.trailing_zeros() as usize / 8;
            filled &= !(0xff << (8 * byte));
            let cell = 8 * chunk + byte;
            let bit = 1u16 << (cells[cell] - 1);
            let (r, c) = (cell / 9, cell % 9);
            let b = r / 3 * 3 + c / 3;
            if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                return false;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
    }
    true
}
