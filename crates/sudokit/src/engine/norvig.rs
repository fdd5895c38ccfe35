//! The `norvig` engine: Peter Norvig's constraint propagation and search
//! ("Solving Every Sudoku Puzzle", 2006), on every layout.
//!
//! Each cell holds the set of values still possible there (a [`Mask`]). `assign` puts a
//! value in a cell by eliminating every other value; `eliminate` removes one value and
//! applies Norvig's two rules:
//!
//! 1. a cell reduced to one value eliminates that value from its peers;
//! 2. a unit left with one place for a value assigns the value there.
//!
//! A cell with no value left, or a unit with no place for a value, is a contradiction
//! and the branch fails. Search is depth-first on the open cell with the fewest values
//! (ties go to the first cell in row-major order, as Python's `min` over the square
//! names does), trying its values in increasing order on a copy of the state, as the
//! original copies `values` for every branch.
//!
//! The original `eliminate` and `assign` call each other recursively; here the pending
//! eliminations sit on an explicit stack, processed last-in first-out, so a 25×25 board
//! cannot overflow the thread's stack. The state reached and the contradictions found
//! are the same: both rules are applied until nothing changes.

use crate::candidates::{bit, Mask};
use crate::engine::frame::{self, Query};
use crate::engine::{Engine, Search, SolveError};
use crate::grid::Grid;
use crate::layout::Layout;

/// Norvig's propagate-and-search engine (see the module docs). It has no options.
///
/// ```
/// use sudokit::engine::{Norvig, Query};
/// let puzzle: sudokit::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()
///         .unwrap();
/// let (found, counters) = Norvig.search_counted(&puzzle, &Query::up_to(2)).unwrap();
/// assert_eq!(found.count, 1);
/// assert!(found.solution.unwrap().is_solution_of(&puzzle));
/// assert!(counters.assignments >= 81 - 32);
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Norvig;

/// Norvig-specific counters, next to the common [`Stats`](crate::Stats).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NorvigCounters {
    /// Calls of `assign`: the givens, the branches tried and every rule-2 placement.
    pub assignments: u64,
    /// Values actually removed from a cell by `eliminate`.
    pub eliminations: u64,
}

struct Run<'a> {
    layout: &'a Layout,
    record: &'a mut frame::Run<Vec<Mask>>,
    counters: NorvigCounters,
    /// Pending `eliminate(cell, value)` calls.
    pending: Vec<(usize, Mask)>,
}

impl Run<'_> {
    /// `assign(values, s, d)`: eliminates every other value of `cell`; `false` on a
    /// contradiction.
    fn assign(&mut self, values: &mut [Mask], cell: usize, d: Mask) -> bool {
        self.pending.clear();
        self.queue_assign(values, cell, d);
        self.drain(values)
    }

    fn queue_assign(&mut self, values: &[Mask], cell: usize, d: Mask) {
        self.counters.assignments += 1;
        let mut others = values[cell] & !d;
        while others != 0 {
            let d2 = others & others.wrapping_neg();
            others &= others - 1;
            self.pending.push((cell, d2));
        }
    }

    /// Runs the pending eliminations with both rules until none is left.
    fn drain(&mut self, values: &mut [Mask]) -> bool {
        while let Some((cell, d)) = self.pending.pop() {
            if values[cell] & d == 0 {
                continue; // already eliminated
            }
            values[cell] &= !d;
            self.counters.eliminations += 1;
            let left = values[cell];
            // (1) A cell reduced to one value eliminates it from its peers.
            if left == 0 {
                return false;
            }
            if left & (left - 1) == 0 {
                for &p in self.layout.peers(cell) {
                    self.pending.push((p, left));
                }
            }
            // (2) A unit reduced to one place for `d` puts it there.
            for &u in self.layout.units_of(cell) {
                let mut places = self.layout.units()[u]
                    .cells
                    .iter()
                    .filter(|&&c| values[c] & d != 0);
                match (places.next(), places.next()) {
                    (None, _) => return false,
                    (Some(&only), None) => self.queue_assign(values, only, d),
                    _ => {}
                }
            }
        }
        true
    }

    /// `search(values)`: depth-first on the cell with the fewest values.
    fn search(&mut self, values: Vec<Mask>) {
        if !self.record.enter() {
            return;
        }
        let mut best: Option<(u32, usize)> = None;
        for (cell, &m) in values.iter().enumerate() {
            let n = m.count_ones();
            if n > 1 && best.is_none_or(|(bn, _)| n < bn) {
                best = Some((n, cell));
            }
        }
        let Some((_, cell)) = best else {
            self.record.found(|| values);
            return;
        };
        let mut choices = values[cell];
        while choices != 0 {
            let d = choices & choices.wrapping_neg();
            choices &= choices - 1;
            self.record.stats.guesses += 1;
            let mut copy = values.clone();
            if self.assign(&mut copy, cell, d) {
                self.search(copy);
            } else {
                self.record.stats.backtracks += 1;
            }
            if self.record.done() {
                return;
            }
        }
    }
}

impl Norvig {
    /// Searches like [`Engine::search`] and also returns the Norvig-specific counters.
    pub fn search_counted(
        &self,
        puzzle: &Grid,
        query: &Query,
    ) -> Result<(Search, NorvigCounters), SolveError> {
        let layout = puzzle.layout();
        let body = |record: &mut frame::Run<Vec<Mask>>| {
            let mut run = Run {
                layout,
                record,
                counters: NorvigCounters::default(),
                pending: Vec::new(),
            };
            // parse_grid: start with every value everywhere and assign each given.
            let mut values = vec![layout.all_digits(); layout.cell_count()];
            let consistent = puzzle
                .cells()
                .iter()
                .enumerate()
                .filter(|(_, &v)| v != 0)
                .all(|(cell, &v)| run.assign(&mut values, cell, bit(v)));
            if consistent {
                run.search(values);
            } else {
                run.record.stats.nodes += 1;
                run.record.stats.backtracks += 1;
            }
            run.counters
        };
        let cells = |masks: Vec<Mask>| masks.iter().map(|m| m.trailing_zeros() as u8 + 1).collect();
        frame::run(self, puzzle, query, body, cells)
    }
}

impl Engine for Norvig {
    fn name(&self) -> &'static str {
        "norvig"
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
    fn givens_alone_solve_an_easy_puzzle() {
        // Norvig's first example: propagation alone solves it, so search sees one node.
        let g: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let (s, c) = Norvig.search_counted(&g, &Query::first()).unwrap();
        assert_eq!(s.stats.nodes, 1);
        assert_eq!(s.stats.guesses, 0);
        assert!(c.eliminations > 0);
        assert!(s.solution.unwrap().is_solution_of(&g));
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        let g: Grid = "1..1............".parse().unwrap();
        assert_eq!(Norvig.solve(&g).unwrap().count, 0);
    }
}
