//! The `generic` engine: correct and reasonably fast on every layout, 4×4 to 64×64,
//! including layouts with extra regions.
//!
//! The state and its propagation live in `propagate`: candidate masks per cell and
//! place masks per unit digit, naked and hidden singles as they appear, then
//! intersections and naked and hidden subsets (pairs on small boards, all sizes from
//! 26×26 up through the matching filter of `alldiff`). The search here guesses the
//! candidate `propagate` chooses (from the open cell with the fewest candidates or the
//! unit digit with the fewest places), searches a copy of the board with it placed,
//! then removes it from the board itself and propagates again: every solution with the
//! guess lies in the first part, every other in the second.

mod alldiff;
mod propagate;

use crate::engine::frame::{self, Query};
use crate::engine::{Engine, Search, SolveError};
use crate::grid::Grid;
use crate::layout::Layout;

use propagate::{Board, Propagator};

/// The generic engine (see the module docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Generic;

/// One search: the propagation rules of the layout and the record the frame keeps.
struct Run<'a> {
    prop: Propagator<'a>,
    record: &'a mut frame::Run<Vec<u8>>,
}

impl Run<'_> {
    /// Searches a propagated board: guesses a candidate, searches the board with it
    /// placed, then goes on with the candidate removed, until the board is solved, a
    /// contradiction shows, or the limit (or the budget) is reached.
    fn search(&mut self, mut s: Board) {
        loop {
            if !self.record.enter() {
                return;
            }
            if s.open == 0 {
                self.record.found(|| s.values);
                return;
            }
            let (cell, d) = self.prop.choose(&s);
            self.record.stats.guesses += 1;
            let mut next = s.clone();
            if self.prop.assign(&mut next, cell, d) {
                self.search(next);
            } else {
                self.record.stats.backtracks += 1;
            }
            if self.record.done() {
                return;
            }
            if !self.prop.exclude(&mut s, cell, d) {
                self.record.stats.backtracks += 1;
                return;
            }
        }
    }
}

impl Engine for Generic {
    fn name(&self) -> &'static str {
        "generic"
    }

    fn supports(&self, _layout: &Layout) -> bool {
        true
    }

    fn search(&self, puzzle: &Grid, query: &Query) -> Result<Search, SolveError> {
        let layout = puzzle.layout();
        let body = |record: &mut frame::Run<Vec<u8>>| {
            let (prop, mut state) = Propagator::new(layout);
            let mut run = Run { prop, record };
            if run.prop.givens(&mut state, puzzle.cells()) {
                run.search(state);
            } else {
                run.record.stats.nodes += 1;
                run.record.stats.backtracks += 1;
            }
        };
        Ok(frame::run(self, puzzle, query, body, |cells| cells)?.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_4x4_has_288_solutions() {
        let g = Grid::empty(Layout::classic(4).unwrap());
        let s = Generic.search(&g, &Query::up_to(u64::MAX)).unwrap();
        assert_eq!(s.count, 288);
        assert!(s.solution.unwrap().is_solution_of(&g));
    }

    #[test]
    fn count_stops_at_limit() {
        let g = Grid::empty(Layout::classic(4).unwrap());
        assert_eq!(Generic.count(&g, 10).unwrap(), 10);
        assert_eq!(Generic.count(&g, 0).unwrap(), 1);
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        let g: Grid = "11..............".parse().unwrap();
        let s = Generic.solve(&g).unwrap();
        assert_eq!(s.count, 0);
        assert!(s.solution.is_none());
    }
}
