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
//!
//! [`Engine::search_differing`] runs the same search on cases of one board: the
//! puzzle's givens are entered once, and for each cell asked about, a copy with the
//! known digit removed there is searched before the digit is placed for the cases
//! after it. Its guesses take the known grid's digit first (in the chosen cell, or the
//! known cell among the chosen unit digit's places), so a solution that differs from
//! the known one in few cells is met before the search wanders far from it.

mod alldiff;
mod learn;
mod propagate;

use crate::engine::frame::{self, Query};
use crate::engine::{Engine, Search, SolveError};
use crate::grid::Grid;
use crate::layout::Layout;

pub use learn::Cdcl;
use propagate::{Board, Propagator};

/// The generic engine (see the module docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Generic;

/// One search: the propagation rules of the layout and the record the frame keeps.
struct Run<'a> {
    prop: Propagator<'a>,
    record: &'a mut frame::Run<Vec<u8>>,
    /// A digit per cell to guess first where it is still a candidate.
    prefer: Option<&'a [u8]>,
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
            let (cell, d) = self.prop.choose(&s, self.prefer);
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

    /// Searches the solutions of the propagated board `s` that differ from `known` on
    /// `cells`, case by case ([`Engine::search_differing`]): the `i`-th case is the
    /// board with `known`'s digit removed from the `i`-th cell, after which the digit
    /// is placed on the board for the cases after it.
    fn search_differing(&mut self, mut s: Board, known: &[u8], cells: &[usize]) {
        let (size, board) = (self.prop.size(), s.values.len());
        for &cell in cells.iter().filter(|&&c| c < board) {
            let d = known.get(cell).copied().unwrap_or(0);
            if d == 0 || usize::from(d) > size || !(s.values[cell] == d || s.allows(cell, d)) {
                // Every solution differs here; none is left for the later cases.
                self.search(s);
                return;
            }
            if s.values[cell] != 0 {
                continue;
            }
            let mut case = s.clone();
            if self.prop.exclude(&mut case, cell, d) {
                self.search(case);
            } else {
                self.record.stats.backtracks += 1;
            }
            if self.record.done() || !self.prop.assign(&mut s, cell, d) {
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
        let body = |record: &mut frame::Run<Vec<u8>>| {
            from_givens(puzzle, record, None, |run, state| run.search(state));
        };
        Ok(frame::run(self, puzzle, query, body, |cells| cells)?.0)
    }

    fn search_differing(
        &self,
        puzzle: &Grid,
        known: &[u8],
        cells: &[usize],
        query: &Query,
    ) -> Option<Result<Search, SolveError>> {
        let body = |record: &mut frame::Run<Vec<u8>>| {
            from_givens(puzzle, record, Some(known), |run, state| {
                run.search_differing(state, known, cells);
            });
        };
        Some(frame::run(self, puzzle, query, body, |cells| cells).map(|(search, ())| search))
    }
}

/// Enters the givens of `puzzle` and hands the propagated board to `then`; givens that
/// clash or leave a cell or a unit digit without a place are one dead node.
fn from_givens<'a>(
    puzzle: &'a Grid,
    record: &'a mut frame::Run<Vec<u8>>,
    prefer: Option<&'a [u8]>,
    then: impl FnOnce(&mut Run<'a>, Board),
) {
    let (prop, mut state) = Propagator::new(puzzle.layout());
    let mut run = Run {
        prop,
        record,
        prefer,
    };
    if run.prop.givens(&mut state, puzzle.cells()) {
        then(&mut run, state);
    } else {
        run.record.stats.nodes += 1;
        run.record.stats.backtracks += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{full_grid, reduce, Removal, Rng, Symmetry};

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

    /// The solutions of `puzzle` that agree with `known` on `cells`, counted with
    /// those digits filled in (none when one of them replaces a given).
    fn agreeing(puzzle: &Grid, known: &Grid, cells: &[usize]) -> u64 {
        let mut g = puzzle.clone();
        for &c in cells {
            if ![0, known.get(c)].contains(&puzzle.get(c)) {
                return 0;
            }
            g.set(c, known.get(c));
        }
        Generic.count(&g, u64::MAX).unwrap()
    }

    /// Solutions of `puzzle` that differ from `known` on `cells`, up to `limit`.
    fn differing(puzzle: &Grid, known: &[u8], cells: &[usize], limit: u64) -> Search {
        Generic
            .search_differing(puzzle, known, cells, &Query::up_to(limit))
            .expect("generic searches from candidates")
            .unwrap()
    }

    /// Every solution either agrees with `known` on `cells` or differs there: on sparse
    /// 4×4 and 6×6 puzzles the two counts add up to the whole count, whether or not
    /// `known` solves the puzzle, and a differing solution found is a solution that
    /// differs.
    #[test]
    fn differing_and_agreeing_solutions_make_up_the_count() {
        let mut rng = Rng::new(8);
        for n in [4, 6] {
            let layout = Layout::classic(n).unwrap();
            let cells = layout.cell_count();
            for round in 0..60 {
                let known = full_grid(&layout, &Generic, &mut rng).unwrap();
                let source = full_grid(&layout, &Generic, &mut rng).unwrap();
                let base = if round % 2 == 0 { &known } else { &source };
                let mut puzzle = Grid::empty(layout.clone());
                for _ in 0..cells / 3 + rng.below(cells / 2) {
                    let c = rng.below(cells);
                    puzzle.set(c, base.get(c));
                }
                let mut order: Vec<usize> = (0..cells).collect();
                rng.shuffle(&mut order);
                let group = &order[..1 + rng.below(5)];
                let all = Generic.count(&puzzle, u64::MAX).unwrap();
                let agree = agreeing(&puzzle, &known, group);
                let found = differing(&puzzle, known.cells(), group, u64::MAX);
                assert_eq!(found.count + agree, all, "{puzzle} {group:?}");
                if let Some(other) = found.solution {
                    assert!(other.is_solution_of(&puzzle));
                    assert!(group.iter().any(|&c| other.get(c) != known.get(c)));
                }
            }
        }
    }

    /// A cell off the board is no place to differ; an empty or impossible digit of
    /// `known` differs from every solution.
    #[test]
    fn odd_cells_and_digits_of_the_known_grid() {
        let puzzle: Grid = "1...2...3...4...".parse().unwrap();
        let all = Generic.count(&puzzle, 1000).unwrap();
        let known = Generic.solve(&puzzle).unwrap().solution.unwrap();
        assert_eq!(differing(&puzzle, known.cells(), &[16, 99], 1000).count, 0);
        let mut odd = known.cells().to_vec();
        odd[5] = 0;
        assert_eq!(differing(&puzzle, &odd, &[5, 6], 1000).count, all);
        odd[5] = 9;
        assert_eq!(differing(&puzzle, &odd, &[5, 6], 1000).count, all);
        assert_eq!(differing(&puzzle, &odd[..3], &[5], 1000).count, all);
        let clash: Grid = "11..............".parse().unwrap();
        assert_eq!(differing(&clash, known.cells(), &[2], 1000).count, 0);
    }

    /// Random removals of 1, 2 and 4 clues from puzzles with one solution on 4×4, 6×6,
    /// 8×8 and 16×16: a solution that differs from the grid on the removed cells exists
    /// exactly when counting finds two, and both answers occur often.
    #[test]
    fn differing_search_answers_as_counting_to_two() {
        for (n, rounds) in [(4, 40), (6, 25), (8, 15), (16, 4)] {
            let layout = Layout::classic(n).unwrap();
            let cells = layout.cell_count();
            let orbits = Symmetry::None.orbits(n);
            let mut rng = Rng::new(n as u64);
            let mut answers = [0usize; 2];
            for _ in 0..rounds {
                let solution = full_grid(&layout, &Generic, &mut rng).unwrap();
                let removal = Removal {
                    target_clues: Some(cells * (30 + rng.below(30)) / 100),
                    strict_minimal: false,
                };
                let puzzle = reduce(&solution, &orbits, removal, &Generic, &mut rng).unwrap();
                assert_eq!(Generic.count(&puzzle, 2).unwrap(), 1);
                let mut clues: Vec<usize> = (0..cells).filter(|&c| puzzle.get(c) != 0).collect();
                for _ in 0..8 {
                    rng.shuffle(&mut clues);
                    for size in [1, 2, 4].into_iter().filter(|&k| k <= clues.len()) {
                        let group = &clues[..size];
                        let mut fewer = puzzle.clone();
                        group.iter().for_each(|&c| fewer.set(c, 0));
                        let second = Generic.count(&fewer, 2).unwrap() == 2;
                        let found = differing(&fewer, solution.cells(), group, 1).count == 1;
                        assert_eq!(found, second, "{fewer} {group:?}");
                        answers[usize::from(second)] += 1;
                    }
                }
            }
            let [unique, not] = answers;
            assert!(unique >= 20 && not >= 20, "{n}×{n}: {unique} / {not}");
        }
    }

    /// The search from candidates keeps the frame's budget, through [`Budgeted`] too;
    /// `auto` has it where it picks `generic`, and engines that search from givens
    /// only have none.
    #[test]
    fn differing_search_within_a_budget_and_by_engine() {
        use crate::engine::{Auto, Budget, Budgeted, Norvig, SolveError};
        let sixteen = Grid::empty(Layout::classic(16).unwrap());
        let known = Generic.solve(&sixteen).unwrap().solution.unwrap();
        let every: Vec<usize> = (0..256).collect();
        let query = Query::count(3).within(Budget::nodes(5));
        let bounded = Budgeted {
            engine: &Auto,
            budget: Budget::nodes(5),
        };
        for result in [
            Generic.search_differing(&sixteen, known.cells(), &every, &query),
            bounded.search_differing(&sixteen, known.cells(), &every, &Query::count(3)),
        ] {
            assert!(matches!(result, Some(Err(SolveError::GaveUp { .. }))));
        }
        let unbounded = Auto.search_differing(&sixteen, known.cells(), &every, &Query::count(3));
        assert_eq!(unbounded.unwrap().unwrap().count, 3);
        let nine = Grid::empty(Layout::classic(9).unwrap());
        assert!(Auto
            .search_differing(&nine, &[0; 81], &[0], &Query::first())
            .is_none());
        assert!(Norvig
            .search_differing(&sixteen, known.cells(), &[0], &Query::first())
            .is_none());
    }
}
