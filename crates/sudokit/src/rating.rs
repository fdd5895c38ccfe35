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

use serde::{Deserialize, Serialize};

use crate::candidates::Candidates;
use crate::engine::{Auto, Budget, Engine, Query, SolveError};
use crate::grid::Grid;
use crate::logic::{Family, Level, Outcome, Rating, Solver, Step, Technique};

/// The difficulty of one puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    let mut rater = Rater::default();
    let outcome = solver.solve(&mut c, |step, _| rater.add(step));
    rater.finish(outcome)
}

/// Why [`rate_unique`] gave no rating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unrated {
    /// The puzzle has not exactly one solution: 0, or 2 for more than one.
    Solutions(u64),
    /// Counting the solutions gave up within the budget ([`SolveError::GaveUp`]).
    Engine(SolveError),
}

/// Rates a puzzle that should have exactly one solution; [`Unrated::Solutions`] when
/// it has not, and [`Unrated::Engine`] when counting its solutions ran out of `budget`.
///
/// Logic that fills the grid without a uniqueness technique has proved the solution
/// unique (every other step removes only what no solution holds, and the full grid is
/// one), so the solutions are counted only when it did not: when it got stuck, met a
/// contradiction or assumed uniqueness on the way.
///
/// ```
/// use sudokit::engine::Budget;
/// use sudokit::logic::{Solver, TechniqueSet};
/// use sudokit::rating::{rate_unique, Unrated};
/// let solver = Solver::new(TechniqueSet::all()).explain(false);
/// let g: sudokit::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()
///         .unwrap();
/// assert!(rate_unique(&g, &solver, Budget::UNLIMITED).is_ok());
/// let open: sudokit::Grid = ".".repeat(81).parse().unwrap();
/// assert_eq!(rate_unique(&open, &solver, Budget::UNLIMITED), Err(Unrated::Solutions(2)));
/// ```
pub fn rate_unique(puzzle: &Grid, solver: &Solver, budget: Budget) -> Result<Difficulty, Unrated> {
    let mut rater = Rater::default();
    let mut assumed = false;
    let mut c = Candidates::from_grid(puzzle);
    let outcome = solver.solve(&mut c, |step, _| {
        assumed |= step.technique.family() == Family::Uniqueness;
        rater.add(step);
    });
    if outcome == Outcome::Solved && !assumed {
        return Ok(rater.finish(outcome));
    }
    let query = Query::count(2).within(budget);
    match Auto.search(puzzle, &query).map_err(Unrated::Engine)?.count {
        1 => Ok(rater.finish(outcome)),
        n => Err(Unrated::Solutions(n)),
    }
}

/// Builds a [`Difficulty`] from the steps of a run, for callers that also do something
/// else with each step (`explain` prints them).
#[derive(Debug, Clone, Default)]
pub struct Rater {
    er: Rating,
    ep: Rating,
    ed: Rating,
    level: Option<Level>,
    score: u32,
    hardest: Option<Technique>,
    steps: usize,
    placed: bool,
}

impl Rater {
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
        while self.score > level.max_score() {
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
