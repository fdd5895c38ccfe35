//! The human-style logic solver as Python sees it: `sudokit.Step` (one deduction) and
//! `sudokit.Rating` (a puzzle's difficulty), behind `Puzzle.hint`, `Puzzle.explain`
//! and `Puzzle.rate`.
//!
//! Cells are given as `(row, col)` pairs, 0-based like `grid[row, col]`; the sentence
//! of a step names them in the usual `r1c1` notation.

use std::sync::OnceLock;
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use sudokit::engine::Budget;
use sudokit::logic::{HintLevel, Order, Outcome, Solver, Step, TechniqueSet};
use sudokit::rating::{check_unique_within, rate_unique, Difficulty};
use sudokit::serate::{self, SeError, SeReport, SeStep};
use sudokit::{Candidates, Grid, SolutionsError};

use crate::errors::{Failure, GaveUp};

/// The solver with every implemented technique in HoDoKu's order, as the command's
/// default; `explain` says whether steps carry their sentence (the rater does not need
/// them).
pub fn solver(explain: bool) -> &'static Solver {
    static EXPLAINING: OnceLock<Solver> = OnceLock::new();
    static QUIET: OnceLock<Solver> = OnceLock::new();
    let cell = if explain { &EXPLAINING } else { &QUIET };
    cell.get_or_init(|| Solver::with_order(TechniqueSet::all(), Order::Hodoku).explain(explain))
}

/// Which techniques the solver may use, chosen as the command line does: `techniques`
/// (comma-separated ids, HoDoKu names or codes, or families; all when `None`), minus
/// `without`, minus the uniqueness family unless `uniqueness`.
pub struct Selection {
    techniques: Option<PyBackedStr>,
    without: Option<PyBackedStr>,
    uniqueness: bool,
}

impl Selection {
    pub fn new(
        techniques: Option<PyBackedStr>,
        without: Option<PyBackedStr>,
        uniqueness: bool,
    ) -> Selection {
        Selection {
            techniques,
            without,
            uniqueness,
        }
    }

    /// Runs `f` with a solver for this selection (the shared one for the default).
    pub fn with_solver<T>(&self, explain: bool, f: impl FnOnce(&Solver) -> T) -> PyResult<T> {
        if self.techniques.is_none() && self.without.is_none() && self.uniqueness {
            return Ok(f(solver(explain)));
        }
        let set = TechniqueSet::select(
            self.techniques.as_deref(),
            self.without.as_deref(),
            self.uniqueness,
        )
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(f(&Solver::with_order(set, Order::Hodoku).explain(explain)))
    }
}

/// One deduction of the logic solver: its technique, the placements and eliminations
/// it makes, and a sentence explaining it.
///
/// >>> step = sudokit.Puzzle("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..").hint()
/// >>> step.technique, step.rating
/// ('Naked Single', 2.3)
/// >>> step.placements
/// [(4, 5, 4)]
#[pyclass(module = "sudokit", name = "Step", frozen)]
pub struct PyStep {
    step: Step,
    size: usize,
}

impl PyStep {
    /// The step told as far as `level` goes ([`Step::graded`]).
    pub fn graded_text(&self, level: HintLevel) -> String {
        self.step.graded(level, self.size)
    }

    fn place(&self, cell: usize) -> (usize, usize) {
        (cell / self.size, cell % self.size)
    }

    fn moves(&self, moves: &[(usize, u8)]) -> Vec<(usize, usize, u8)> {
        moves
            .iter()
            .map(|&(cell, d)| {
                let (r, c) = self.place(cell);
                (r, c, d)
            })
            .collect()
    }
}

#[pymethods]
impl PyStep {
    /// The technique's name, as HoDoKu spells it (``"X-Wing"``).
    #[getter]
    fn technique(&self) -> &'static str {
        self.step.technique.name()
    }

    /// The step's difficulty on Sudoku Explainer's scale (``1.0`` to ``11.9``).
    #[getter]
    fn rating(&self) -> f64 {
        f64::from(self.step.rating.0) / 10.0
    }

    /// The digits placed, as ``(row, col, digit)``.
    #[getter]
    fn placements(&self) -> Vec<(usize, usize, u8)> {
        self.moves(&self.step.placements)
    }

    /// The candidates removed, as ``(row, col, digit)``.
    #[getter]
    fn eliminations(&self) -> Vec<(usize, usize, u8)> {
        self.moves(&self.step.eliminations)
    }

    /// The cells of the pattern that justifies the step, as ``(row, col)``.
    #[getter]
    fn cells(&self) -> Vec<(usize, usize)> {
        self.step.cells.iter().map(|&c| self.place(c)).collect()
    }

    /// The digits of the pattern.
    #[getter]
    fn digits(&self) -> Vec<u16> {
        self.step.digits.iter().map(|&d| u16::from(d)).collect()
    }

    /// The sentence that explains the step.
    #[getter]
    fn text(&self) -> &str {
        &self.step.explanation
    }

    /// The step told as far as ``level`` goes: ``"technique"`` (``'Next: X-Wing'``),
    /// ``"cells"`` (the name and the cells the step involves) or ``"step"`` (the
    /// whole sentence).
    ///
    /// >>> step = sudokit.Puzzle("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..").hint()
    /// >>> step.graded("technique"), step.graded("cells")
    /// ('Next: Naked Single', 'Next: Naked Single, with r5c6')
    #[pyo3(signature = (level = "step"))]
    fn graded(&self, level: &str) -> PyResult<String> {
        Ok(self.graded_text(hint_level(level)?))
    }

    fn __str__(&self) -> &str {
        &self.step.explanation
    }

    fn __repr__(&self) -> String {
        format!("Step({:?}, {:?})", self.technique(), self.step.explanation)
    }
}

/// A puzzle's difficulty from the steps logic needs to solve it: Sudoku Explainer's
/// ``er`` (hardest step), ``ep`` (hardest up to the first placement) and ``ed`` (first
/// step), HoDoKu's ``score`` and ``level``, the ``hardest`` technique, the number of
/// ``steps``, and whether logic ``solved`` it (``outcome`` is ``"solved"``, ``"stuck"``
/// or ``"contradiction"``; when not solved, ``er`` is only a lower bound).
///
/// >>> r = sudokit.Puzzle("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..").rate()
/// >>> r
/// Rating(er=2.3, ep=2.3, ed=2.3, level='easy', hardest='Naked Single', solved=True)
/// >>> r.score > 0, r.steps > 40
/// (True, True)
#[pyclass(module = "sudokit", name = "Rating", frozen, get_all)]
pub struct PyRating {
    /// Sudoku Explainer's ER: the rating of the hardest step.
    er: f64,
    /// Sudoku Explainer's EP: the hardest step up to the first placement.
    ep: f64,
    /// Sudoku Explainer's ED: the rating of the first step.
    ed: f64,
    /// HoDoKu's level: ``"easy"``, ``"medium"``, ``"hard"``, ``"unfair"`` or ``"extreme"``.
    level: &'static str,
    /// HoDoKu's score: the sum of the steps' base scores.
    score: u32,
    /// The technique of the hardest step, or ``None`` when no step was taken.
    hardest: Option<&'static str>,
    /// The number of steps applied.
    steps: usize,
    /// Whether logic alone solved the puzzle.
    solved: bool,
    /// ``"solved"``, ``"stuck"`` or ``"contradiction"``.
    outcome: &'static str,
}

impl From<Difficulty> for PyRating {
    fn from(d: Difficulty) -> PyRating {
        let tenths = |r: sudokit::logic::Rating| f64::from(r.0) / 10.0;
        PyRating {
            er: tenths(d.er),
            ep: tenths(d.ep),
            ed: tenths(d.ed),
            level: d.level.name(),
            score: d.score,
            hardest: d.hardest.map(|t| t.name()),
            steps: d.steps,
            solved: d.finished(),
            outcome: match d.outcome {
                Outcome::Solved => "solved",
                Outcome::Stuck => "stuck",
                Outcome::Contradiction => "contradiction",
            },
        }
    }
}

#[pymethods]
impl PyRating {
    fn __repr__(&self) -> String {
        let hardest = self.hardest.map_or("None".into(), |h| format!("'{h}'"));
        format!(
            "Rating(er={:?}, ep={:?}, ed={:?}, level='{}', hardest={hardest}, solved={})",
            self.er,
            self.ep,
            self.ed,
            self.level,
            if self.solved { "True" } else { "False" }
        )
    }
}

/// The hint level named `level` (`technique`, `cells` or `step`).
pub fn hint_level(level: &str) -> PyResult<HintLevel> {
    level
        .parse()
        .map_err(|e: sudokit::logic::UnknownHintLevel| PyValueError::new_err(e.to_string()))
}

/// The next step from a puzzle's givens: the first of the easiest. Like
/// [`explain`] and [`rating`], for a puzzle with exactly one solution only
/// ([`check_unique_within`]), within `budget`.
pub fn hint(puzzle: &Grid, selection: &Selection, budget: Budget) -> PyResult<Option<PyStep>> {
    check_unique_within(puzzle, budget).map_err(Failure::from)?;
    let step = selection.with_solver(true, |s| {
        s.hint_within(&Candidates::from_grid(puzzle), budget)
    })?;
    let step = step.map_err(|e| Failure::from(SolutionsError::from(e)))?;
    Ok(step.map(|step| PyStep {
        step,
        size: puzzle.size(),
    }))
}

/// Every step logic applies to solve the puzzle, in order, as far as it goes.
pub fn explain(puzzle: &Grid, selection: &Selection, budget: Budget) -> PyResult<Vec<PyStep>> {
    check_unique_within(puzzle, budget).map_err(Failure::from)?;
    let mut steps = Vec::new();
    selection
        .with_solver(true, |s| {
            s.solve_within(&mut Candidates::from_grid(puzzle), budget, |step, _| {
                steps.push(PyStep {
                    step: step.clone(),
                    size: puzzle.size(),
                })
            })
        })?
        .map_err(|e| Failure::from(SolutionsError::from(e)))?;
    Ok(steps)
}

/// The puzzle's difficulty.
pub fn rating(puzzle: &Grid, selection: &Selection, budget: Budget) -> PyResult<PyRating> {
    let rated = selection.with_solver(false, |s| rate_unique(puzzle, s, budget))?;
    Ok(rated.map_err(Failure::from)?.into())
}

/// Sudoku Explainer's ratings of a puzzle, exactly as its ``serate`` gives them (its
/// own solver and path): ``er`` (hardest step), ``ep`` (hardest up to the first
/// placement) and ``ed`` (first step).
///
/// >>> sudokit.Puzzle("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..").rate(scale="se")
/// SeRating(er=1.2, ep=1.2, ed=1.2)
#[pyclass(module = "sudokit", name = "SeRating", frozen, get_all)]
pub struct PySeRating {
    /// ER: the rating of the hardest step.
    er: f64,
    /// EP: the hardest step up to the first placement.
    ep: f64,
    /// ED: the rating of the first step.
    ed: f64,
}

#[pymethods]
impl PySeRating {
    fn __repr__(&self) -> String {
        format!(
            "SeRating(er={:?}, ep={:?}, ed={:?})",
            self.er, self.ep, self.ed
        )
    }
}

/// One step of Sudoku Explainer's path: SE's name of the technique, its ``rating``,
/// the digit placed and the candidates removed, as ``(row, col, digit)``.
///
/// >>> p = sudokit.Puzzle("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
/// >>> steps = p.explain(scale="se")
/// >>> steps[0].technique, len(steps[0].placements), max(s.rating for s in steps)
/// ('Hidden Single', 1, 1.2)
#[pyclass(module = "sudokit", name = "SeStep", frozen)]
pub struct PySeStep {
    step: SeStep,
}

#[pymethods]
impl PySeStep {
    /// SE's name of the technique (``"Hidden Single"``, ``"Dynamic Forcing Chains"``).
    #[getter]
    fn technique(&self) -> &str {
        &self.step.technique
    }

    /// The step's rating on SE's scale.
    #[getter]
    fn rating(&self) -> f64 {
        f64::from(self.step.rating.0) / 10.0
    }

    /// The digit placed, as ``[(row, col, digit)]`` (empty when none).
    #[getter]
    fn placements(&self) -> Vec<(usize, usize, u8)> {
        self.step
            .placement
            .iter()
            .map(|&(c, d)| (c / 9, c % 9, d))
            .collect()
    }

    /// The candidates removed, as ``(row, col, digit)``.
    #[getter]
    fn eliminations(&self) -> Vec<(usize, usize, u8)> {
        self.step
            .eliminations
            .iter()
            .map(|&(c, d)| (c / 9, c % 9, d))
            .collect()
    }

    fn __str__(&self) -> String {
        self.step.to_string()
    }

    fn __repr__(&self) -> String {
        format!("SeStep({:?})", self.step.to_string())
    }
}

/// Sudoku Explainer's path and ratings of a 9×9 puzzle with exactly one solution,
/// within `time_limit` (``GaveUp`` after it).
pub fn se_report(puzzle: &Grid, time_limit: Option<Duration>) -> PyResult<SeReport> {
    let budget = time_limit.map_or(Budget::UNLIMITED, Budget::time);
    serate::explain(puzzle, budget).map_err(|e| match e {
        SeError::Solutions(e) => Failure::from(e).into(),
        SeError::Unsupported => PyValueError::new_err(e.to_string()),
        SeError::GaveUp | SeError::Beyond => GaveUp::new_err(e.to_string()),
    })
}

/// SE's ratings.
pub fn se_rating(r: &SeReport) -> PySeRating {
    let tenths = |r: sudokit::logic::Rating| f64::from(r.0) / 10.0;
    PySeRating {
        er: tenths(r.rating.er),
        ep: tenths(r.rating.ep),
        ed: tenths(r.rating.ed),
    }
}

/// SE's steps.
pub fn se_steps(r: SeReport) -> Vec<PySeStep> {
    r.steps.into_iter().map(|step| PySeStep { step }).collect()
}
