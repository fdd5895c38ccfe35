//! The one-puzzle API: text in, a value with one JSON shape out, the same for the
//! browser package (`bindings`) and the server (`sudokit serve`).
//!
//! Input is what the command reads for one puzzle: a one-line puzzle of any size, a
//! block, or (for [`hint`], [`explain`] and [`rate`]) a pencilmark grid or a Sukaku
//! line, decided as `sudokit hint` decides it ([`read`]). Steps, difficulties and
//! outcomes are the library's own serialisation (feature `serde`); the wrappers
//! ([`Hint`], [`Explanation`], [`Rated`], [`Check`]) add only what one puzzle needs,
//! in the shape `sudokit explain --json --grid` and `sudokit rate --json` print.
//!
//! Every search runs within the [`Budget`] given: the server passes a deadline, the
//! browser a node count (WebAssembly in a browser has no monotonic clock the standard
//! library can read). A spent budget is [`ApiError::GaveUp`]. Logic steps are
//! polynomial and bounded by the board; they take no budget.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use sudokit::canon::{self, CanonError};
use sudokit::engine::{Auto, Budget, Budgeted, Engine, Query};
use sudokit::format::pencilmark::{self, PencilmarkError};
use sudokit::format::read::{parse_one, records};
use sudokit::generate::{GenerateError, Generator, Options, SymmetryChoice};
use sudokit::logic::{Level, Order, Outcome, Solver, Step, TechniqueSet};
use sudokit::rating::{check_unique_state, rate_unique, rate_unique_state};
use sudokit::rating::{Difficulty, Rater, SolutionsError};
use sudokit::{Candidates, Grid, Layout, LayoutError, ParseError, PuzzleError, SolveError};

/// Why a request has no answer. Each message says what was wrong and, where it helps,
/// what to send instead.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ApiError {
    /// The text is not a puzzle.
    #[error("not a puzzle: {0}")]
    Parse(#[from] ParseError),
    /// The text is neither a puzzle nor a pencilmark grid.
    #[error("not a puzzle ({puzzle}) nor a pencilmark grid ({pencilmark})")]
    Unreadable {
        /// Why it is not a puzzle.
        puzzle: ParseError,
        /// Why it is not a pencilmark grid.
        pencilmark: PencilmarkError,
    },
    /// A Sukaku line that cannot be read.
    #[error("not a Sukaku line: {0}")]
    Pencilmark(#[from] PencilmarkError),
    /// A pencilmark grid where only a puzzle will do.
    #[error("{0} takes a puzzle (givens only); pencilmark grids and Sukaku lines work with hint, explain and rate")]
    NeedsPuzzle(&'static str),
    /// The givens break a rule.
    #[error("invalid puzzle: {0}")]
    Invalid(#[from] PuzzleError),
    /// Logic needs exactly one solution and the puzzle has not.
    #[error(transparent)]
    Solutions(SolutionsError),
    /// The puzzle has no solution.
    #[error("no solution")]
    NoSolution,
    /// The search ran out of its budget.
    #[error(transparent)]
    GaveUp(SolveError),
    /// The engine does not handle this board.
    #[error(transparent)]
    Solve(SolveError),
    /// Generation failed.
    #[error(transparent)]
    Generate(GenerateError),
    /// The canonical form is not defined for this board.
    #[error(transparent)]
    Canon(#[from] CanonError),
    /// A board size with no layout.
    #[error(transparent)]
    Layout(#[from] LayoutError),
    /// A request option with a bad value.
    #[error("{0}")]
    Option(String),
}

impl ApiError {
    /// Whether the error is a spent budget (the server answers it with its own status).
    pub fn gave_up(&self) -> bool {
        matches!(self, ApiError::GaveUp(_))
    }
}

impl From<SolveError> for ApiError {
    fn from(e: SolveError) -> ApiError {
        match e {
            SolveError::GaveUp { .. } => ApiError::GaveUp(e),
            e => ApiError::Solve(e),
        }
    }
}

impl From<SolutionsError> for ApiError {
    fn from(e: SolutionsError) -> ApiError {
        match e {
            SolutionsError::GaveUp(e) => e.into(),
            SolutionsError::Invalid(e) => ApiError::Invalid(e),
            e => ApiError::Solutions(e),
        }
    }
}

impl From<GenerateError> for ApiError {
    fn from(e: GenerateError) -> ApiError {
        match e {
            GenerateError::Engine(e) => e.into(),
            e => ApiError::Generate(e),
        }
    }
}

/// What one text holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A puzzle: its givens.
    Puzzle(Grid),
    /// A candidate state: a pencilmark grid or a Sukaku line.
    Candidates(Candidates),
}

/// The lengths of Sukaku lines (`n³` for the pencilmark sizes 6, 8 and 9). A 64-cell
/// line is an 8×8 puzzle or a 4×4 Sukaku line: a Sukaku line when it is not a valid
/// puzzle.
const SUKAKU: [usize; 3] = [216, 512, 729];

/// Reads one puzzle or candidate state, as `sudokit hint` decides: a single word of
/// `n³` digits and dots is a Sukaku line; text that reads as one puzzle is a puzzle;
/// else a pencilmark grid.
pub fn read(text: &str) -> Result<Input, ApiError> {
    let text = text.trim();
    let sukaku_shape = !text.contains(char::is_whitespace)
        && text.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    let puzzle = parse_one(text, &Default::default());
    let as_puzzle_valid = puzzle.as_ref().is_ok_and(|g| g.validate().is_ok());
    if sukaku_shape && (SUKAKU.contains(&text.len()) || (text.len() == 64 && !as_puzzle_valid)) {
        return Ok(Input::Candidates(pencilmark::read(text)?));
    }
    match puzzle {
        Ok(g) => Ok(Input::Puzzle(g)),
        Err(e) => match pencilmark::read(text) {
            Ok(c) => Ok(Input::Candidates(c)),
            // One line that is no grid: the puzzle reader's message says more.
            Err(_) if !text.contains('\n') => Err(e.into()),
            Err(p) => Err(ApiError::Unreadable {
                puzzle: e,
                pencilmark: p,
            }),
        },
    }
}

/// Reads a puzzle for `what` (the request's name); a candidate state is an error.
pub fn read_puzzle(text: &str, what: &'static str) -> Result<Grid, ApiError> {
    match read(text)? {
        Input::Puzzle(g) => Ok(g),
        Input::Candidates(_) => Err(ApiError::NeedsPuzzle(what)),
    }
}

/// The first solution of a puzzle as one line; invalid givens and no solution are
/// errors.
pub fn solve(text: &str, budget: Budget) -> Result<String, ApiError> {
    solve_grid(&read_puzzle(text, "solve")?, budget)
}

/// [`solve`] for a puzzle already read.
fn solve_grid(puzzle: &Grid, budget: Budget) -> Result<String, ApiError> {
    puzzle.validate()?;
    let found = Auto.search(puzzle, &Query::first().within(budget))?;
    let solution = found.solution.ok_or(ApiError::NoSolution)?;
    Ok(solution.to_line())
}

/// The solutions of a puzzle (or a candidate state) counted up to `limit` (at least 1;
/// for a candidate state at most [`MAX_STATE_COUNT`]).
pub fn count(text: &str, limit: u64, budget: Budget) -> Result<u64, ApiError> {
    let limit = limit.max(1);
    match read(text)? {
        Input::Puzzle(g) => {
            g.validate()?;
            Ok(Auto.search(&g, &Query::count(limit).within(budget))?.count)
        }
        // The candidates' count takes no budget: it is bounded by the limit instead.
        Input::Candidates(_) if limit > MAX_STATE_COUNT => Err(ApiError::Option(format!(
            "the solutions of a pencilmark grid are counted up to {MAX_STATE_COUNT}; ask for a smaller limit"
        ))),
        Input::Candidates(c) => Ok(c.count_solutions(limit)),
    }
}

/// The largest limit of a count over a candidate state.
pub const MAX_STATE_COUNT: u64 = 10_000;

/// Every puzzle of `text` solved, one line each in input order: the solution, or
/// `error: ` and the reason for a puzzle that has none (the batch goes on).
pub fn solve_many(text: &str, budget: Budget) -> String {
    let mut out = String::with_capacity(text.len());
    for record in records(text, &Default::default()) {
        let answer = record
            .result
            .map_err(ApiError::from)
            .and_then(|g| solve_grid(&g, budget));
        match answer {
            Ok(line) => out.push_str(&line),
            Err(e) => {
                out.push_str("error: line ");
                out.push_str(&record.line.to_string());
                out.push_str(": ");
                out.push_str(&e.to_string());
            }
        }
        out.push('\n');
    }
    out
}

/// A state with exactly one solution, ready for logic, and its label (the puzzle's
/// line or the state's Sukaku line).
fn unique_state(text: &str, budget: Budget) -> Result<(String, Candidates), ApiError> {
    Ok(match read(text)? {
        Input::Puzzle(g) => {
            g.validate()?;
            rate_check(&g, budget)?;
            (g.to_line(), Candidates::from_grid(&g))
        }
        Input::Candidates(c) => {
            check_unique_state(&c)?;
            (pencilmark::write_sukaku(&c), c)
        }
    })
}

/// The one-solution rule (`check_unique`) within `budget`, for valid givens.
fn rate_check(g: &Grid, budget: Budget) -> Result<(), ApiError> {
    match Auto.search(g, &Query::count(2).within(budget))?.count {
        0 => Err(SolutionsError::NoSolution.into()),
        1 => Ok(()),
        _ => Err(SolutionsError::Multiple.into()),
    }
}

/// The logic solver with every technique in HoDoKu's order, as the command's `hint`,
/// `explain` and `rate` use by default, explaining or not.
fn solver(explain: bool) -> Solver {
    Solver::with_order(TechniqueSet::all(), Order::Hodoku).explain(explain)
}

/// The next logical step of a puzzle or state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hint {
    /// The puzzle's line or the state's Sukaku line.
    pub puzzle: String,
    /// The step, `null` when there is none (solved, or the techniques find nothing).
    pub step: Option<Step>,
    /// Whether every cell is filled already.
    pub solved: bool,
}

/// The next step of a puzzle with exactly one solution (or of a state of one).
pub fn hint(text: &str, budget: Budget) -> Result<Hint, ApiError> {
    let (puzzle, c) = unique_state(text, budget)?;
    Ok(Hint {
        puzzle,
        step: solver(true).hint(&c),
        solved: c.to_grid().is_full(),
    })
}

/// One step of an explanation and the candidates after it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExplainedStep {
    /// The step, as the library serialises it.
    #[serde(flatten)]
    pub step: Step,
    /// The candidates after the step, as a Sukaku line (`n³` characters).
    pub candidates: String,
}

/// Every step logic takes, easiest first, and the difficulty: the shape of
/// `sudokit explain --json --grid`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Explanation {
    /// The puzzle's line or the state's Sukaku line.
    pub puzzle: String,
    /// The candidates before the first step, as a Sukaku line.
    pub start: String,
    /// The steps in order.
    pub steps: Vec<ExplainedStep>,
    /// Solved, stuck or contradiction.
    pub outcome: Outcome,
    /// ER/EP/ED, level, score, hardest technique.
    pub difficulty: Difficulty,
    /// The grid where logic ended, as one line.
    pub result: String,
}

/// The whole logical path of a puzzle with exactly one solution.
pub fn explain(text: &str, budget: Budget) -> Result<Explanation, ApiError> {
    let (puzzle, mut c) = unique_state(text, budget)?;
    let start = pencilmark::write_sukaku(&c);
    let mut rater = Rater::new(c.layout().cell_count());
    let mut steps = Vec::new();
    let outcome = solver(true).solve(&mut c, |step, after| {
        rater.add(step);
        steps.push(ExplainedStep {
            step: step.clone(),
            candidates: pencilmark::write_sukaku(after),
        });
    });
    Ok(Explanation {
        puzzle,
        start,
        steps,
        outcome,
        difficulty: rater.finish(outcome),
        result: c.to_grid().to_line(),
    })
}

/// A puzzle and its difficulty: the shape of `sudokit rate --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rated {
    /// The puzzle's line or the state's Sukaku line.
    pub puzzle: String,
    /// ER/EP/ED, level, score, hardest technique, steps and outcome.
    pub difficulty: Difficulty,
}

/// The difficulty of a puzzle with exactly one solution.
pub fn rate(text: &str, budget: Budget) -> Result<Rated, ApiError> {
    let solver = solver(false);
    let (puzzle, difficulty) = match read(text)? {
        Input::Puzzle(g) => (g.to_line(), rate_unique(&g, &solver, budget)?),
        Input::Candidates(c) => (
            pencilmark::write_sukaku(&c),
            rate_unique_state(c, &solver, budget)?,
        ),
    };
    Ok(Rated { puzzle, difficulty })
}

/// The minlex canonical form of a 9×9 puzzle (empty cells as `0`).
pub fn canonical(text: &str) -> Result<String, ApiError> {
    let g = read_puzzle(text, "canonical")?;
    let form = canon::minlex(&g)?;
    Ok(form.cells().iter().map(|&d| char::from(b'0' + d)).collect())
}

/// The candidates of every cell of a grid (givens and entries), row-major: the digits
/// no peer holds, none for a filled cell.
pub fn candidates(text: &str) -> Result<Vec<Vec<u8>>, ApiError> {
    let g = read_puzzle(text, "candidates")?;
    let c = Candidates::from_grid(&g);
    Ok(c.masks()
        .iter()
        .map(|&m| sudokit::candidates::digits(m).collect())
        .collect())
}

/// What [`check`] finds in a grid of givens and entries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// Cells whose digit a peer also holds, ascending.
    pub conflicts: Vec<usize>,
    /// Filled cells.
    pub filled: usize,
    /// Cells of the board.
    pub cells: usize,
    /// Every cell filled and no conflict.
    pub complete: bool,
}

/// The conflicts of a grid: every cell that holds the same digit as a peer.
pub fn check(text: &str) -> Result<Check, ApiError> {
    let g = read_puzzle(text, "check")?;
    let layout = g.layout();
    let conflicts: Vec<usize> = (0..layout.cell_count())
        .filter(|&cell| {
            let d = g.get(cell);
            d != 0 && layout.peers(cell).iter().any(|&p| g.get(p) == d)
        })
        .collect();
    let filled = g.clue_count();
    Ok(Check {
        complete: conflicts.is_empty() && g.is_full(),
        conflicts,
        filled,
        cells: layout.cell_count(),
    })
}

/// What to generate; every field may be left out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct GenerateOptions {
    /// Keep only puzzles of this level: easy, medium, hard, unfair, extreme (9×9).
    pub level: Option<Level>,
    /// Symmetry of the clue pattern (`rotate-180` when left out; `random`, `none`, …).
    pub symmetry: Option<String>,
    /// The same seed gives the same puzzle.
    pub seed: Option<u64>,
    /// Board size (9 when left out).
    pub size: Option<usize>,
    /// Puzzles made before giving up on the level (1000 when left out).
    pub max_attempts: Option<u64>,
}

/// A generated puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Made {
    /// The puzzle as one line.
    pub puzzle: String,
    /// Its solution as one line.
    pub solution: String,
    /// The seed it was made from.
    pub seed: u64,
}

/// A puzzle with exactly one solution, minimal for its symmetry; `seed` is used when
/// the options give none. The engine works within `budget`.
pub fn generate(options: &GenerateOptions, seed: u64, budget: Budget) -> Result<Made, ApiError> {
    let size = options.size.unwrap_or(9);
    let layout = Layout::classic(size)?;
    let symmetry = match &options.symmetry {
        Some(s) => s
            .parse::<SymmetryChoice>()
            .map_err(|e| ApiError::Option(e.to_string()))?,
        None => SymmetryChoice::default(),
    };
    if options.level.is_some() && size != 9 {
        return Err(ApiError::Option(
            "a level needs a 9×9 board (the rater is 9×9); leave out the level or the size".into(),
        ));
    }
    let max_attempts = options.max_attempts.unwrap_or(1000);
    if max_attempts == 0 {
        return Err(ApiError::Option("maxAttempts must be at least 1".into()));
    }
    let engine = Budgeted {
        engine: &Auto,
        budget,
    };
    let opts = Options {
        symmetry,
        max_attempts,
        ..Options::default()
    };
    let generator = Generator::new(layout, opts, &engine)?;
    let seed = options.seed.unwrap_or(seed);
    let rater = solver(false);
    let (made, _) = generator.generate(seed, 0, |m| {
        options
            .level
            .is_none_or(|l| sudokit::rating::rate(&m.puzzle, &rater).level == l)
    })?;
    Ok(Made {
        puzzle: made.puzzle.to_line(),
        solution: made.solution.to_line(),
        seed,
    })
}
