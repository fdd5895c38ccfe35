//! The `backtrack` engine: depth-first search over digit bitsets with look-ahead, after
//! the "0 ms" LeetCode solution (seed 003), generalised from 9-bit tables to `u64` masks
//! so that it runs on every classic layout.
//!
//! The state is one bitset of used digits per row, column and box; a cell's choices are
//! the digits in none of its three sets. The open cells are sorted once, most
//! constrained last (ties in row-major order, as the seed's follow-up suggests), and the
//! search fills them from the end of the list. Before filling a cell it looks
//! [`Backtrack::lookahead`] cells further down the list: if any has no choice left the
//! branch is a blind alley and returns at once; otherwise the most constrained of them
//! is swapped into the current place. There is no other propagation: this is plain
//! backtracking, kept fast by its bit tricks and its ordering.

use crate::candidates::Mask;
use crate::engine::frame::{self, Query};
use crate::engine::{Engine, Search, SolveError};
use crate::grid::Grid;
use crate::layout::Layout;

/// The bitset backtracking engine (see the module docs).
///
/// `by_name("backtrack")` builds the seed's one level of look-ahead; set the field for
/// another depth:
///
/// ```
/// use sudokit::engine::{Backtrack, Query};
/// let puzzle: sudokit::Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse()
///         .unwrap();
/// let two = Backtrack { lookahead: 2 };
/// let (found, counters) = two.search_counted(&puzzle, &Query::first()).unwrap();
/// assert!(found.solution.unwrap().is_solution_of(&puzzle));
/// assert!(counters.swaps > 0);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Backtrack {
    /// How many cells ahead to look before filling one: 1 as in the seed, 2 as its
    /// follow-up suggests, 0 for none.
    pub lookahead: usize,
}

impl Default for Backtrack {
    fn default() -> Self {
        Backtrack { lookahead: 1 }
    }
}

/// Backtrack-specific counters, next to the common [`Stats`](crate::Stats).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BacktrackCounters {
    /// Times the look-ahead swapped a more constrained cell into the current place.
    pub swaps: u64,
    /// Blind alleys the look-ahead found (a cell further down with no choice).
    pub cutoffs: u64,
}

/// An open cell with its row, column and box.
#[derive(Debug, Clone, Copy)]
struct Slot {
    cell: usize,
    row: usize,
    col: usize,
    bx: usize,
}

struct Run<'a> {
    all: Mask,
    lookahead: usize,
    rows: Vec<Mask>,
    cols: Vec<Mask>,
    boxes: Vec<Mask>,
    board: Vec<u8>,
    open: Vec<Slot>,
    record: &'a mut frame::Run<Vec<u8>>,
    counters: BacktrackCounters,
}

impl Run<'_> {
    #[inline]
    fn avail(&self, s: Slot) -> Mask {
        self.all & !(self.rows[s.row] | self.cols[s.col] | self.boxes[s.bx])
    }

    /// Marks `digit` (a one-bit mask) used or free in the slot's three units.
    #[inline]
    fn toggle(&mut self, s: Slot, digit: Mask) {
        self.rows[s.row] ^= digit;
        self.cols[s.col] ^= digit;
        self.boxes[s.bx] ^= digit;
    }

    /// Fills `open[..left]`; returns `true` once the limit is reached.
    fn recurse(&mut self, left: usize) -> bool {
        if !self.record.enter() {
            return true;
        }
        if left == 0 {
            self.record.found(|| self.board.clone());
            return self.record.done();
        }
        let top = left - 1;
        if self.lookahead > 0 && top > 0 {
            let mut best = top;
            let mut best_n = self.avail(self.open[top]).count_ones();
            for i in (top.saturating_sub(self.lookahead)..=top).rev() {
                let n = self.avail(self.open[i]).count_ones();
                if n == 0 {
                    self.counters.cutoffs += 1;
                    self.record.stats.backtracks += 1;
                    return false;
                }
                if n < best_n {
                    best = i;
                    best_n = n;
                }
            }
            if best != top {
                self.open.swap(best, top);
                self.counters.swaps += 1;
            }
        }
        let slot = self.open[top];
        let mut avail = self.avail(slot);
        if avail == 0 {
            self.record.stats.backtracks += 1;
            return false;
        }
        let guessing = avail & (avail - 1) != 0;
        while avail != 0 {
            let digit = avail & avail.wrapping_neg();
            avail &= avail - 1;
            if guessing {
                self.record.stats.guesses += 1;
            }
            self.toggle(slot, digit);
            self.board[slot.cell] = digit.trailing_zeros() as u8 + 1;
            let done = self.recurse(top);
            self.toggle(slot, digit);
            if done {
                return true;
            }
        }
        self.board[slot.cell] = 0;
        false
    }
}

impl Backtrack {
    /// Searches like [`Engine::search`] and also returns the backtrack-specific counters.
    pub fn search_counted(
        &self,
        puzzle: &Grid,
        query: &Query,
    ) -> Result<(Search, BacktrackCounters), SolveError> {
        let body = |record: &mut frame::Run<Vec<u8>>| self.start(puzzle, record);
        frame::run(self, puzzle, query, body, |cells| cells)
    }

    /// Searches from the givens of `puzzle` (a classic layout) within `record`.
    fn start(&self, puzzle: &Grid, record: &mut frame::Run<Vec<u8>>) -> BacktrackCounters {
        let layout = puzzle.layout();
        let n = layout.size();
        let mut run = Run {
            all: layout.all_digits(),
            lookahead: self.lookahead,
            rows: vec![0; n],
            cols: vec![0; n],
            boxes: vec![0; n],
            board: puzzle.cells().to_vec(),
            open: Vec::with_capacity(layout.cell_count()),
            record,
            counters: BacktrackCounters::default(),
        };
        let mut consistent = true;
        for (cell, &v) in puzzle.cells().iter().enumerate() {
            let slot = Slot {
                cell,
                row: layout.row(cell),
                col: layout.col(cell),
                bx: layout.box_of(cell),
            };
            if v == 0 {
                run.open.push(slot);
                continue;
            }
            let digit = 1 << (v - 1);
            // A given already used in one of its units: the puzzle has no solution.
            consistent &= run.avail(slot) & digit != 0;
            run.rows[slot.row] |= digit;
            run.cols[slot.col] |= digit;
            run.boxes[slot.bx] |= digit;
        }
        if consistent {
            // Most constrained last; among equals, the first in row-major order last.
            let mut keyed: Vec<(u32, Slot)> = run
                .open
                .iter()
                .map(|&s| (run.avail(s).count_ones(), s))
                .collect();
            keyed.sort_by(|(na, a), (nb, b)| nb.cmp(na).then(b.cell.cmp(&a.cell)));
            run.open = keyed.into_iter().map(|(_, s)| s).collect();
            let left = run.open.len();
            run.recurse(left);
        } else {
            run.record.stats.nodes += 1;
            run.record.stats.backtracks += 1;
        }
        run.counters
    }
}

impl Engine for Backtrack {
    fn name(&self) -> &'static str {
        "backtrack"
    }

    /// Classic layouts only: the bitsets are per row, column and box.
    fn supports(&self, layout: &Layout) -> bool {
        layout.is_classic()
    }

    fn search(&self, puzzle: &Grid, query: &Query) -> Result<Search, SolveError> {
        Ok(self.search_counted(puzzle, query)?.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lookahead_depth_counts_the_empty_4x4() {
        let g = Grid::empty(Layout::classic(4).unwrap());
        for lookahead in 0..=3 {
            let s = Backtrack { lookahead }.count(&g, u64::MAX).unwrap();
            assert_eq!(s, 288, "lookahead {lookahead}");
        }
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        let g: Grid = "1...1...........".parse().unwrap();
        assert_eq!(Backtrack::default().solve(&g).unwrap().count, 0);
    }

    #[test]
    fn extra_regions_are_refused() {
        let diag: Vec<usize> = (0..4).map(|i| i * 5).collect();
        let layout = std::sync::Arc::new(Layout::with_boxes(2, 2, vec![diag]).unwrap());
        let err = Backtrack::default()
            .solve(&Grid::empty(layout))
            .unwrap_err();
        assert!(matches!(err, SolveError::Unsupported { .. }));
    }
}
