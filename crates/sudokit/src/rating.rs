//! Difficulty of a puzzle from the steps logic needs to solve it.
//!
//! [`rate`] runs the logic [`Solver`] easiest step first and reports, as Sudoku
//! Explainer does, **ER** (the hardest step of the whole solution), **EP** (the hardest
//! step up to the first placement) and **ED** (the first step), plus HoDoKu's grading:
//! the sum of the steps' base scores and a level (a level is at least the highest
//! level of any technique used, and rises while the score is over the level's limit).
//! A puzzle the techniques cannot finish is reported as such (`outcome` is not
//! `Solved`, the level is `extreme` as HoDoKu grades a puzzle it gives up on, and ER is
//! only a lower bound); it is never finished by guessing.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::candidates::Candidates;
use thiserror::Error;

use crate::engine::{Auto, Budget, Engine, Query, SolveError};
use crate::error::PuzzleError;
use crate::grid::Grid;
use crate::logic::{Family, Level, Outcome, Rating, Solver, Step, Technique};

/// The difficulty of one puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Difficulty {
    /// The hardest step needed (Sudoku Explainer's ER).
    pub er: Rating,
    /// The hardest step up to and including the first placement (EP).
    pub ep: Rating,
    /// The rating of the first step (ED).
    pub ed: Rating,
    /// HoDoKu-style level.
    pub level: Level,
    /// HoDoKu-style score: the sum of the steps' base scores.
    pub score: u32,
    /// The technique of the hardest step (the first one at that rating).
    pub hardest: Option<Technique>,
    /// Steps applied.
    pub steps: usize,
    /// Whether logic finished the puzzle, got stuck, or met a contradiction.
    pub outcome: Outcome,
}

impl Difficulty {
    /// Whether logic alone solved the puzzle.
    pub fn finished(&self) -> bool {
        self.outcome == Outcome::Solved
    }
}

/// Rates a puzzle with `solver` (build it with explanations off for speed:
/// `Solver::new(set).explain(false)`).
///
/// ```
/// use sudokit::logic::{Level, Solver, TechniqueSet, Technique};
/// let g: sudokit::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()
///         .unwrap();
/// let d = sudokit::rating::rate(&g, &Solver::new(TechniqueSet::all()).explain(false));
/// assert!(d.finished());
/// assert_eq!(d.level, Level::Easy);
/// assert_eq!(d.er.to_string(), "1.2"); // hidden singles in boxes all the way
/// assert_eq!(d.hardest, Some(Technique::HiddenSingle));
/// ```
pub fn rate(puzzle: &Grid, solver: &Solver) -> Difficulty {
    rate_state(Candidates::from_grid(puzzle), solver)
}

/// Rates a candidate state (a pencilmark grid, a partly solved puzzle).
pub fn rate_state(mut c: Candidates, solver: &Solver) -> Difficulty {
    let mut rater = Rater::new(c.layout().cell_count());
    let outcome = solver.solve(&mut c, |step, _| rater.add(step));
    rater.finish(outcome)
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
    /// Counting the solutions ran out of its budget ([`Budget`]).
    #[error("{0}")]
    GaveUp(#[from] SolveError),
}

/// Checks that a puzzle has exactly one solution, as rating, hints and explanations
/// need: their uniqueness techniques assume it, and on a puzzle with several solutions
/// (or none) they would report nonsense. Invalid givens, no solution and several
/// solutions are each their own error. The solutions are counted to 2 with the best
/// engine for the layout.
///
/// ```
/// use sudokit::{rating::check_unique, SolutionsError};
/// let g: sudokit::Grid = "1..4.........32.".parse().unwrap();
/// assert_eq!(check_unique(&g), Ok(()));
/// let open: sudokit::Grid = "1...............".parse().unwrap();
/// assert_eq!(check_unique(&open), Err(SolutionsError::Multiple));
/// ```
pub fn check_unique(puzzle: &Grid) -> Result<(), SolutionsError> {
    check_unique_within(puzzle, Budget::UNLIMITED)
}

/// [`check_unique`] with the count within `budget` ([`SolutionsError::GaveUp`] when it
/// runs out).
pub fn check_unique_within(puzzle: &Grid, budget: Budget) -> Result<(), SolutionsError> {
    puzzle.validate()?;
    count_two(puzzle, budget)
}

/// [`check_unique`] for a candidate state (a pencilmark grid): its solutions are the
/// fillings of the open cells from their candidates ([`Candidates::count_solutions`]).
pub fn check_unique_state(c: &Candidates) -> Result<(), SolutionsError> {
    c.to_grid().validate()?;
    solutions(c.count_solutions(2))
}

/// The solutions of a valid puzzle counted to 2 with the best engine for its layout,
/// within `budget`: the one-solution rule's answer.
fn count_two(puzzle: &Grid, budget: Budget) -> Result<(), SolutionsError> {
    solutions(Auto.search(puzzle, &Query::count(2).within(budget))?.count)
}

/// The error for a number of solutions counted to 2.
fn solutions(count: u64) -> Result<(), SolutionsError> {
    match count {
        0 => Err(SolutionsError::NoSolution),
        1 => Ok(()),
        _ => Err(SolutionsError::Multiple),
    }
}

/// The search nodes [`rate_unique`] spends counting the solutions before any logic
/// runs, per 81 cells of the board: the bigger the board, the more nodes a count needs
/// (`auto`'s `cdcl` on a 36×36 board with few givens makes tens of thousands of cheap
/// decisions where logic would run for minutes).
pub const QUICK_COUNT_NODES: u64 = 10_000;

/// Rates a puzzle that must have exactly one solution: the rule and the errors of
/// [`check_unique`], checked with as little counting as can be; the logic and the count
/// run within `budget` ([`SolutionsError::GaveUp`] when it runs out, see
/// [`Solver::solve_within`]).
///
/// The solutions are first counted within [`QUICK_COUNT_NODES`] search nodes (per 81
/// cells), which settles almost every 9×9 puzzle in microseconds: a puzzle with several
/// solutions or none is refused before any logic runs (on such a puzzle the logic would
/// get stuck and try every costly technique at every stuck point). When that count runs
/// out, the logic goes first: logic that fills the grid without a uniqueness technique
/// has proved the solution unique (every other step removes only what no solution holds,
/// and the full grid is one), so the solutions are counted in full only when it did not:
/// when it got stuck, met a contradiction or assumed uniqueness on the way.
///
/// ```
/// use sudokit::engine::Budget;
/// use sudokit::logic::{Solver, TechniqueSet};
/// use sudokit::rating::rate_unique;
/// use sudokit::SolutionsError;
/// let solver = Solver::new(TechniqueSet::all()).explain(false);
/// let g: sudokit::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()
///         .unwrap();
/// assert!(rate_unique(&g, &solver, Budget::UNLIMITED).is_ok());
/// let open: sudokit::Grid = ".".repeat(81).parse().unwrap();
/// assert_eq!(rate_unique(&open, &solver, Budget::UNLIMITED), Err(SolutionsError::Multiple));
/// ```
pub fn rate_unique(
    puzzle: &Grid,
    solver: &Solver,
    budget: Budget,
) -> Result<Difficulty, SolutionsError> {
    puzzle.validate()?;
    let cells = puzzle.layout().cell_count() as u64;
    let quick = Budget::nodes(QUICK_COUNT_NODES * cells.div_ceil(81));
    let counted = match count_two(puzzle, budget.and(quick)) {
        Err(SolutionsError::GaveUp(_)) => false,
        settled => settled.map(|()| true)?,
    };
    let mut rater = Rater::new(puzzle.layout().cell_count());
    let mut assumed = false;
    let mut c = Candidates::from_grid(puzzle);
    let outcome = solver.solve_within(&mut c, budget, |step, _| {
        assumed |= step.technique.family() == Family::Uniqueness;
        rater.add(step);
    })?;
    if !counted && (outcome != Outcome::Solved || assumed) {
        count_two(puzzle, budget)?;
    }
    Ok(rater.finish(outcome))
}

/// Rates a candidate state that must have exactly one solution
/// ([`check_unique_state`]), the logic within `budget`.
pub fn rate_unique_state(
    mut c: Candidates,
    solver: &Solver,
    budget: Budget,
) -> Result<Difficulty, SolutionsError> {
    check_unique_state(&c)?;
    let mut rater = Rater::new(c.layout().cell_count());
    let outcome = solver.solve_within(&mut c, budget, |step, _| rater.add(step))?;
    Ok(rater.finish(outcome))
}

/// Builds a [`Difficulty`] from the steps of a run, for callers that also do something
/// else with each step (`explain` prints them).
///
/// HoDoKu's score limits of the levels are for the 81 cells of a 9×9 board; on other
/// boards the score is weighed per 81 cells before it is held against them, so that a
/// level says how hard the techniques and their number are, not how big the board is.
#[derive(Debug, Clone)]
pub struct Rater {
    cells: usize,
    er: Rating,
    ep: Rating,
    ed: Rating,
    level: Option<Level>,
    score: u32,
    hardest: Option<Technique>,
    steps: usize,
    placed: bool,
}

impl Default for Rater {
    /// A rater for a 9×9 board.
    fn default() -> Rater {
        Rater::new(81)
    }
}

impl Rater {
    /// A rater for a board of `cells` cells.
    pub fn new(cells: usize) -> Rater {
        Rater {
            cells: cells.max(1),
            er: Rating::default(),
            ep: Rating::default(),
            ed: Rating::default(),
            level: None,
            score: 0,
            hardest: None,
            steps: 0,
            placed: false,
        }
    }

    /// Accounts for one applied step.
    pub fn add(&mut self, step: &Step) {
        if self.steps == 0 {
            self.ed = step.rating;
        }
        self.steps += 1;
        if step.rating > self.er {
            self.er = step.rating;
            self.hardest = Some(step.technique);
        }
        if !self.placed {
            self.ep = self.er;
            self.placed = !step.placements.is_empty();
        }
        let info = step.technique.info();
        self.score = self.score.saturating_add(info.score);
        self.level = Some(self.level.map_or(info.level, |l| l.max(info.level)));
    }

    /// Steps accounted for so far.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The difficulty, given how the run ended.
    pub fn finish(self, outcome: Outcome) -> Difficulty {
        let mut level = if outcome == Outcome::Solved {
            self.level.unwrap_or(Level::Easy)
        } else {
            Level::Extreme
        };
        let weighed = u64::from(self.score) * 81 / self.cells as u64;
        while weighed > u64::from(level.max_score()) {
            level = Level::ALL[level as usize + 1];
        }
        Difficulty {
            er: self.er,
            ep: self.ep,
            ed: self.ed,
            level,
            score: self.score,
            hardest: self.hardest,
            steps: self.steps,
            outcome,
        }
    }
}
