//! Clue removal: from a full grid to a puzzle with a unique solution.
//!
//! Orbits of the chosen symmetry are tried once each, in random order: an orbit is
//! removed when the puzzle keeps exactly one solution. One pass is enough for
//! minimality: if removing an orbit allows a second solution, removing it from any
//! puzzle with fewer clues does too, so a clue that had to stay never becomes
//! removable later. The strict pass then tries single clues the same way.
//!
//! Each removal is decided exactly, cheapest test first. Most early removals are proved
//! safe without a search: the puzzle before the removal has one solution, so if every
//! removed cell is forced again by a naked or hidden single from the givens left, the
//! puzzle after it has that same one solution. When singles do not settle it:
//!
//! - **Classic 9×9 with the `auto` or `fast` engine** (`classic::Classic`, the common case):
//!   a removal that leaves one of the solution's small unavoidable sets
//!   ([`super::unavoidable`]) without a clue has a second solution. Otherwise the
//!   `fast` engine searches for a solution that differs from the known one on the
//!   removed cells: removing a group `G` from a puzzle whose only solution is `S`
//!   leaves a second solution exactly when some solution differs from `S` on `G`, since
//!   one that agrees with `S` on `G` solves the puzzle before the removal. For
//!   `G = {c1, …, ck}` that is `k` searches for one solution, the `i`-th with `c1 …
//!   c(i-1)` given and `S`'s digit excluded at `ci`; each is smaller than counting the
//!   solutions of the puzzle to two, which has to find `S` first
//!   (`engine::fast::differs_on`).
//! - **Any other board or engine** (`Givens`): the same exact test, asked of the
//!   engine through [`Engine::search_differing`] when it can search from a state with
//!   candidates removed (`generic`, and `auto` where it picks `generic`): one search
//!   per removed cell, from the puzzle's propagated state with `S`'s digit removed
//!   there, guessing `S`'s digits first so that a second solution close to `S` shows
//!   early. An engine that searches only from givens, and a grid that is not a full
//!   valid solution (where no puzzle has exactly one solution to start from), count
//!   solutions to two.
//!
//! Every test makes the decisions counting would, so a seed gives the same puzzles
//! whichever runs.
//! How many removals each test settles: `docs/perf/generate.md`.

use crate::candidates::bit;
use crate::engine::{Engine, Fast, Query};
use crate::generate::classic::{self, Classic};
use crate::generate::{GenerateError, Removable, Rng};
use crate::grid::Grid;
use crate::layout::Layout;

/// How far to take the removal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Removal {
    /// Stop removing at this many clues (never go below it).
    pub target_clues: Option<usize>,
    /// After the symmetric pass, try removing single clues too.
    pub strict_minimal: bool,
}

/// Whether a puzzle has exactly one solution.
pub fn is_unique(puzzle: &Grid, engine: &dyn Engine) -> Result<bool, GenerateError> {
    Ok(engine.count(puzzle, 2)? == 1)
}

/// Removes clues from `solution` orbit by orbit (`orbits` partitions the cells) while
/// the solution stays unique, then single clues when `removal.strict_minimal`.
pub fn reduce(
    solution: &Grid,
    orbits: &[Vec<usize>],
    removal: Removal,
    engine: &dyn Engine,
    rng: &mut Rng,
) -> Result<Grid, GenerateError> {
    match classic(solution, engine) {
        Some(digits) => {
            let mut board = Classic::new(digits);
            reduce_with(&mut board, orbits, removal, rng)?;
            let mut puzzle = solution.clone();
            for (c, &d) in board.puzzle().iter().enumerate() {
                puzzle.set(c, d);
            }
            Ok(puzzle)
        }
        None => {
            let mut givens = Givens::new(solution, engine);
            reduce_with(&mut givens, orbits, removal, rng)?;
            Ok(givens.puzzle)
        }
    }
}

/// The digits of `solution` when its removals can be decided by [`Classic`]: a full,
/// valid grid on a classic 9×9 board, with the `fast` engine given directly or picked
/// by `auto` (engines are told apart by [`Engine::name`]).
fn classic(solution: &Grid, engine: &dyn Engine) -> Option<[u8; 81]> {
    let fast = matches!(engine.name(), "auto" | "fast") && Fast.supports(solution.layout());
    let digits: [u8; 81] = solution.cells().try_into().ok()?;
    (fast && classic::is_solution_grid(&digits)).then_some(digits)
}

/// The orbit pass in random order, then the strict pass (see the module docs).
fn reduce_with(
    board: &mut impl Removable,
    orbits: &[Vec<usize>],
    removal: Removal,
    rng: &mut Rng,
) -> Result<(), GenerateError> {
    let floor = removal.target_clues.unwrap_or(0);
    let mut order: Vec<&[usize]> = orbits.iter().map(Vec::as_slice).collect();
    rng.shuffle(&mut order);
    remove_each(board, &order, floor)?;
    if removal.strict_minimal {
        let cells = orbits.iter().map(Vec::len).sum();
        let mut singles: Vec<usize> = (0..cells).filter(|&c| board.is_given(c)).collect();
        rng.shuffle(&mut singles);
        let order: Vec<&[usize]> = singles.iter().map(std::slice::from_ref).collect();
        remove_each(board, &order, floor)?;
    }
    Ok(())
}

/// Tries each group of cells once; keeps it removed when the solution stays unique.
fn remove_each(
    board: &mut impl Removable,
    groups: &[&[usize]],
    floor: usize,
) -> Result<(), GenerateError> {
    for group in groups {
        let clues = board.clue_count();
        if clues <= floor {
            break;
        }
        if clues >= floor + group.len() {
            board.remove(group)?;
        }
    }
    Ok(())
}

/// The puzzle being reduced, with the digits given in each unit.
struct Givens<'a> {
    solution: &'a Grid,
    puzzle: Grid,
    /// Per unit (indexed as [`Layout::units`]): the digits given in it.
    units: Vec<u64>,
    clues: usize,
    /// Whether `solution` is a full grid without a clash, so that the puzzle keeps
    /// exactly one solution from the start and removals can be decided by
    /// [`Engine::search_differing`].
    exact: bool,
    /// Answers when singles do not.
    engine: &'a dyn Engine,
    /// Scratch space for [`Givens::refilled_by_singles`].
    pending: Vec<usize>,
}

impl<'a> Givens<'a> {
    fn new(solution: &'a Grid, engine: &'a dyn Engine) -> Givens<'a> {
        let all = solution.layout().all_digits();
        Givens {
            solution,
            puzzle: solution.clone(),
            units: vec![all; solution.layout().units().len()],
            clues: solution.clue_count(),
            exact: solution.clue_count() == solution.cells().len() && solution.validate().is_ok(),
            engine,
            pending: Vec::new(),
        }
    }

    fn layout(&self) -> &Layout {
        self.solution.layout()
    }

    /// Gives (`on`) or clears the solution digit of `cell`.
    fn set(&mut self, cell: usize, on: bool) {
        let d = self.solution.get(cell);
        let b = bit(d);
        for &u in self.solution.layout().units_of(cell) {
            if on {
                self.units[u] |= b;
            } else {
                self.units[u] &= !b;
            }
        }
        self.puzzle.set(cell, if on { d } else { 0 });
    }

    /// The digits given in the units of `cell`.
    fn seen(&self, cell: usize) -> u64 {
        self.layout()
            .units_of(cell)
            .iter()
            .fold(0, |m, &u| m | self.units[u])
    }

    /// Whether the empty `cell` is forced to its solution digit by a naked single (no
    /// other digit is possible) or a hidden single (no other empty cell of one of its
    /// units can take the digit).
    fn forced(&self, cell: usize) -> bool {
        let b = bit(self.solution.get(cell));
        let layout = self.layout();
        if self.seen(cell) | b == layout.all_digits() {
            return true;
        }
        layout.units_of(cell).iter().any(|&u| {
            layout.units()[u]
                .cells
                .iter()
                .all(|&e| e == cell || self.puzzle.get(e) != 0 || self.seen(e) & b != 0)
        })
    }

    /// With `group` just cleared: whether the puzzle still has one solution, asked as
    /// whether a solution differs from the grid on `group` when the engine can search
    /// from candidates, else by counting to two (see the module docs).
    fn stays_unique(&self, group: &[usize]) -> Result<bool, GenerateError> {
        if self.exact {
            let differing = self.engine.search_differing(
                &self.puzzle,
                self.solution.cells(),
                group,
                &Query::count(1),
            );
            if let Some(found) = differing {
                return Ok(found?.count == 0);
            }
        }
        is_unique(&self.puzzle, self.engine)
    }

    /// With `group` just cleared: whether singles put every cell of it back. The
    /// givens are left as they were.
    fn refilled_by_singles(&mut self, group: &[usize]) -> bool {
        let mut pending = std::mem::take(&mut self.pending);
        pending.clear();
        pending.extend_from_slice(group);
        // Cells put back are moved to the end of `pending`, behind `open` cells left.
        let mut open = pending.len();
        let mut progress = true;
        while progress && open > 0 {
            progress = false;
            let mut i = 0;
            while i < open {
                if self.forced(pending[i]) {
                    let cell = pending[i];
                    self.set(cell, true);
                    open -= 1;
                    pending.swap(i, open);
                    progress = true;
                } else {
                    i += 1;
                }
            }
        }
        for &cell in &pending[open..] {
            self.set(cell, false);
        }
        self.pending = pending;
        open == 0
    }
}

impl Removable for Givens<'_> {
    fn is_given(&self, cell: usize) -> bool {
        self.puzzle.get(cell) != 0
    }

    fn clue_count(&self) -> usize {
        self.clues
    }

    fn remove(&mut self, group: &[usize]) -> Result<bool, GenerateError> {
        for &c in group {
            self.set(c, false);
        }
        let unique = self.refilled_by_singles(group) || self.stays_unique(group)?;
        if unique {
            self.clues -= group.len();
        } else {
            for &c in group {
                self.set(c, true);
            }
        }
        Ok(unique)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Auto, Generic, Search, SolveError};
    use crate::generate::{full_grid, Symmetry};

    /// The 9×9 fast path (unavoidable sets, then searches that exclude the removed
    /// digits) makes the same decisions as counting to two with the generic engine:
    /// from the same grid and random stream, both reductions give the same puzzle, for
    /// every symmetry, with and without the strict pass and a clue target.
    #[test]
    fn fast_path_decides_as_counting_does() {
        let layout = Layout::classic(9).unwrap();
        let mut rng = Rng::new(5);
        for i in 0..180 {
            let symmetry = Symmetry::ALL[i % Symmetry::ALL.len()];
            let removal = Removal {
                target_clues: (i % 4 == 3).then_some(30),
                strict_minimal: i % 3 == 1,
            };
            let solution = full_grid(&layout, &Auto, &mut rng).unwrap();
            let orbits = symmetry.orbits(9);
            let fast = reduce(&solution, &orbits, removal, &Auto, &mut rng.clone()).unwrap();
            let generic = reduce(&solution, &orbits, removal, &Generic, &mut rng).unwrap();
            assert_eq!(fast, generic, "{symmetry:?} {removal:?}");
            assert!(classic(&solution, &Auto).is_some());
            assert!(classic(&solution, &Generic).is_none());
        }
    }

    /// The generic engine's searches alone, without its search from candidates: a
    /// reduction with it counts solutions to two for every removal singles leave open.
    #[derive(Debug)]
    struct Counting;

    impl Engine for Counting {
        fn name(&self) -> &'static str {
            "counting"
        }

        fn supports(&self, _layout: &Layout) -> bool {
            true
        }

        fn search(&self, puzzle: &Grid, query: &Query) -> Result<Search, SolveError> {
            Generic.search(puzzle, query)
        }
    }

    /// On 4×4, 6×6, 8×8, 12×12 and 16×16 (and 25×25 down to a clue target), the search
    /// for a solution that differs on the removed cells makes the same decisions as
    /// counting to two: from the same grid and random stream, both reductions give the
    /// same puzzle, for every symmetry, with and without the strict pass.
    #[test]
    fn differing_search_decides_as_counting_does() {
        let mut rng = Rng::new(9);
        for (n, rounds) in [(4, 30), (6, 30), (8, 20), (12, 9), (16, 6), (25, 1)] {
            let layout = Layout::classic(n).unwrap();
            for i in 0..rounds {
                let symmetry = Symmetry::ALL[i % Symmetry::ALL.len()];
                let removal = Removal {
                    target_clues: (n == 25).then_some(360),
                    strict_minimal: i % 3 == 1,
                };
                let solution = full_grid(&layout, &Generic, &mut rng).unwrap();
                let orbits = symmetry.orbits(n);
                let counted = reduce(&solution, &orbits, removal, &Counting, &mut rng.clone());
                let searched = reduce(&solution, &orbits, removal, &Generic, &mut rng).unwrap();
                assert_eq!(
                    counted.unwrap(),
                    searched,
                    "{n}×{n} {symmetry:?} {removal:?}"
                );
            }
        }
        let grid = full_grid(&Layout::classic(6).unwrap(), &Generic, &mut rng).unwrap();
        let query = Query::first();
        assert!(Generic
            .search_differing(&grid, grid.cells(), &[0], &query)
            .is_some());
        assert!(Counting
            .search_differing(&grid, grid.cells(), &[0], &query)
            .is_none());
    }

    /// A grid that is not a full valid solution takes the counting path, as on any
    /// board (the unavoidable sets and the exclusion search assume a solution grid).
    #[test]
    fn invalid_solution_is_counted() {
        let layout = Layout::classic(9).unwrap();
        let mut grid = full_grid(&layout, &Auto, &mut Rng::new(3)).unwrap();
        let (a, b) = (grid.get(0), grid.get(1));
        grid.set(0, b);
        assert!(classic(&grid, &Auto).is_none());
        let orbits = Symmetry::None.orbits(9);
        assert!(reduce(&grid, &orbits, Removal::default(), &Auto, &mut Rng::new(4)).is_ok());
        grid.set(0, a);
        grid.set(5, 0);
        assert!(classic(&grid, &Auto).is_none());
    }
}
