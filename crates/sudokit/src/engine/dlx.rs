//! The `dlx` engine: the puzzle as an exact-cover problem, solved with Knuth's
//! Algorithm X on dancing links ("Dancing Links", Knuth 2000).
//!
//! Every (cell, digit) a cell may hold is a row of a 0/1 matrix with one column per
//! constraint it meets: the cell is filled, and the digit appears in each unit of the
//! cell (row-digit, column-digit, box-digit, plus region-digit for extra regions). A
//! solution picks rows so that every column holds exactly one 1. Rows are only built for
//! digits the givens allow (a given cell gets its one row; an open cell loses the digits
//! of its given peers), so the givens are simply columns with one row left, chosen first.
//!
//! The matrix is a set of circular doubly linked lists stored in arrays (node indices
//! instead of pointers): node 0 is the root, nodes `1..=columns` the column headers, then
//! four (or more) nodes per row. Algorithm X chooses the column with the fewest rows
//! (Knuth's S heuristic), covers it, tries each of its rows, and uncovers everything on
//! the way back. Counting enumerates covers until the limit.

use crate::candidates::{bit, Mask};
use crate::engine::frame::{self, Query};
use crate::engine::{Engine, Search, SolveError};
use crate::grid::Grid;
use crate::layout::Layout;

/// Knuth's dancing links engine (see the module docs). It has no options.
///
/// ```
/// use sudokit::engine::{Dlx, Query};
/// let puzzle = sudokit::Grid::empty(sudokit::Layout::classic(4).unwrap());
/// let (found, counters) = Dlx.search_counted(&puzzle, &Query::up_to(u64::MAX)).unwrap();
/// assert_eq!(found.count, 288);
/// assert!(counters.updates > 0);
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Dlx;

/// Dancing-links counters, next to the common [`Stats`](crate::Stats).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DlxCounters {
    /// Link updates: nodes unlinked while covering columns (Knuth's measure of work).
    pub updates: u64,
    /// Rows in the matrix built from the puzzle.
    pub rows: u64,
}

/// The linked matrix. Indices are `u32` to keep the arrays compact.
struct Matrix {
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    /// The column header of each node (a header is its own column).
    column: Vec<u32>,
    /// The matrix row of each node: `cell * n + digit - 1`.
    row: Vec<u32>,
    /// Rows left in each column, indexed by header node.
    size: Vec<u32>,
    /// Rows added.
    rows: u64,
}

impl Matrix {
    fn new(columns: usize) -> Matrix {
        let headers = columns + 1;
        let mut m = Matrix {
            left: Vec::with_capacity(headers),
            right: Vec::with_capacity(headers),
            up: Vec::with_capacity(headers),
            down: Vec::with_capacity(headers),
            column: Vec::with_capacity(headers),
            row: Vec::with_capacity(headers),
            size: vec![0; headers],
            rows: 0,
        };
        for i in 0..headers as u32 {
            m.left.push(if i == 0 { columns as u32 } else { i - 1 });
            m.right.push(if i as usize == columns { 0 } else { i + 1 });
            m.up.push(i);
            m.down.push(i);
            m.column.push(i);
            m.row.push(u32::MAX);
        }
        m
    }

    /// Appends a row with a node in each of `columns` (header indices).
    fn add_row(&mut self, row: u32, columns: &[u32]) {
        self.rows += 1;
        let first = self.left.len() as u32;
        let last = first + columns.len() as u32 - 1;
        for (k, &c) in columns.iter().enumerate() {
            let node = first + k as u32;
            self.left.push(if node == first { last } else { node - 1 });
            self.right.push(if node == last { first } else { node + 1 });
            // Insert at the bottom of column `c`.
            let above = self.up[c as usize];
            self.up.push(above);
            self.down.push(c);
            self.down[above as usize] = node;
            self.up[c as usize] = node;
            self.column.push(c);
            self.row.push(row);
            self.size[c as usize] += 1;
        }
    }

    fn cover(&mut self, c: u32, updates: &mut u64) {
        let c = c as usize;
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        *updates += 1;
        let mut i = self.down[c] as usize;
        while i != c {
            let mut j = self.right[i] as usize;
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.size[self.column[j] as usize] -= 1;
                *updates += 1;
                j = self.right[j] as usize;
            }
            i = self.down[i] as usize;
        }
    }

    fn uncover(&mut self, c: u32) {
        let c = c as usize;
        let mut i = self.up[c] as usize;
        while i != c {
            let mut j = self.left[i] as usize;
            while j != i {
                self.size[self.column[j] as usize] += 1;
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u as usize] = j as u32;
                self.up[d as usize] = j as u32;
                j = self.left[j] as usize;
            }
            i = self.up[i] as usize;
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = c as u32;
        self.left[r as usize] = c as u32;
    }

    /// The uncovered column with the fewest rows (the first one on ties).
    fn smallest_column(&self) -> u32 {
        let mut best = self.right[0];
        let mut c = best;
        while c != 0 {
            if self.size[c as usize] < self.size[best as usize] {
                best = c;
                if self.size[c as usize] <= 1 {
                    break;
                }
            }
            c = self.right[c as usize];
        }
        best
    }
}

struct Run<'a> {
    m: Matrix,
    chosen: Vec<u32>,
    record: &'a mut frame::Run<Vec<u32>>,
    counters: DlxCounters,
}

impl Run<'_> {
    /// Algorithm X; returns `true` once the limit is reached.
    fn search(&mut self) -> bool {
        if !self.record.enter() {
            return true;
        }
        if self.m.right[0] == 0 {
            self.record.found(|| self.chosen.clone());
            return self.record.done();
        }
        let c = self.m.smallest_column();
        let rows = self.m.size[c as usize];
        if rows == 0 {
            self.record.stats.backtracks += 1;
            return false;
        }
        self.m.cover(c, &mut self.counters.updates);
        let mut r = self.m.down[c as usize];
        let mut done = false;
        while r != c && !done {
            if rows > 1 {
                self.record.stats.guesses += 1;
            }
            self.chosen.push(self.m.row[r as usize]);
            let mut j = self.m.right[r as usize];
            while j != r {
                self.m
                    .cover(self.m.column[j as usize], &mut self.counters.updates);
                j = self.m.right[j as usize];
            }
            done = self.search();
            let mut j = self.m.left[r as usize];
            while j != r {
                self.m.uncover(self.m.column[j as usize]);
                j = self.m.left[j as usize];
            }
            self.chosen.pop();
            r = self.m.down[r as usize];
        }
        self.m.uncover(c);
        done
    }
}

/// Builds the exact-cover matrix of a puzzle: columns `1..=cells` say "cell filled",
/// then `n` columns per unit say "digit in unit".
fn build(puzzle: &Grid) -> Matrix {
    let layout = puzzle.layout();
    let n = layout.size();
    let cells = layout.cell_count();
    let mut m = Matrix::new(cells + layout.units().len() * n);
    let mut columns = Vec::with_capacity(1 + layout.units_of(0).len());
    for cell in 0..cells {
        let allowed: Mask = match puzzle.get(cell) {
            0 => layout
                .peers(cell)
                .iter()
                .fold(layout.all_digits(), |m, &p| match puzzle.get(p) {
                    0 => m,
                    v => m & !bit(v),
                }),
            v => bit(v),
        };
        let mut digits = allowed;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            columns.clear();
            columns.push(cell as u32 + 1);
            for &u in layout.units_of(cell) {
                columns.push((1 + cells + u * n + d) as u32);
            }
            m.add_row((cell * n + d) as u32, &columns);
        }
    }
    m
}

impl Dlx {
    /// Searches like [`Engine::search`] and also returns the dancing-links counters.
    pub fn search_counted(
        &self,
        puzzle: &Grid,
        query: &Query,
    ) -> Result<(Search, DlxCounters), SolveError> {
        let layout = puzzle.layout();
        let n = layout.size();
        let body = |record: &mut frame::Run<Vec<u32>>| {
            let m = build(puzzle);
            let rows = m.rows;
            let mut run = Run {
                m,
                chosen: Vec::with_capacity(layout.cell_count()),
                record,
                counters: DlxCounters { updates: 0, rows },
            };
            run.search();
            run.counters
        };
        let cells = |chosen: Vec<u32>| {
            let mut cells = vec![0u8; layout.cell_count()];
            for r in chosen {
                let r = r as usize;
                cells[r / n] = (r % n) as u8 + 1;
            }
            cells
        };
        frame::run(self, puzzle, query, body, cells)
    }
}

impl Engine for Dlx {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn supports(&self, _layout: &Layout) -> bool {
        true
    }

    fn search(&self, puzzle: &Grid, query: &Query) -> Result<Search, SolveError> {
        Ok(self.search_counted(puzzle, query)?.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrix_rows_follow_the_givens() {
        // 4×4: 16 cells × 4 digits when empty; a given keeps one row and removes its
        // digit from the 7 peers.
        let empty = Grid::empty(Layout::classic(4).unwrap());
        assert_eq!(
            Dlx.search_counted(&empty, &Query::first()).unwrap().1.rows,
            64
        );
        let one: Grid = "1...............".parse().unwrap();
        assert_eq!(
            Dlx.search_counted(&one, &Query::first()).unwrap().1.rows,
            64 - 3 - 7
        );
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        let g: Grid = "1...1...........".parse().unwrap();
        assert_eq!(Dlx.solve(&g).unwrap().count, 0);
    }

    #[test]
    fn extra_regions_are_covered_too() {
        let diag: Vec<usize> = (0..4).map(|i| i * 5).collect();
        let layout = std::sync::Arc::new(Layout::with_boxes(2, 2, vec![diag]).unwrap());
        let g = Grid::empty(layout);
        let s = Dlx.search(&g, &Query::up_to(u64::MAX)).unwrap();
        let reference = crate::engine::Generic
            .search(&g, &Query::up_to(u64::MAX))
            .unwrap();
        assert_eq!(s.count, reference.count);
        assert!(s.solution.unwrap().is_solution_of(&g));
    }
}
