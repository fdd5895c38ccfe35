//! Sudoku Explainer's rater: the ER/EP/ED ratings `serate` gives with the technique
//! set of Sudoku Explainer 1.2.1, and the path that earns them.
//!
//! Design: SE solves one hint at a time. Its producers run in a fixed order and the
//! first hint any of them yields is applied (`basic.rs`, then `chain.rs`, with the unique
//! loops, BUG and aligned exclusions in between). Each producer scans in
//! SE's order (blocks, then columns, then rows; values and cells ascending; subsets in
//! the order of their bit patterns), because the first hint found decides the path.
//! The chaining producers collect all their hints and yield the easiest: by rating,
//! then by chain complexity, then by kind (`chain.rs`).
//!
//! ER is the highest rating on the path; ED is ER after the first step; EP is ER when
//! the first cell is placed (a hint that places a cell: singles, direct hints, chains
//! whose conclusion is a value).
//!
//! Invariants: the board is a classic 9×9 one with exactly one solution (checked by
//! [`crate::rating::check_unique`] first); every hint applied is sound, so the board
//! stays consistent with the solution. Ratings are `f64` computed as SE computes them
//! (a base plus 0.1 added once per length step), so hints sort exactly as in SE.
//!
//! Source: Sudoku Explainer 1.2.1 by Nicolas Juillerat and its `serate` entry point
//! (gsf), as kept in the SukakuExplainer project; facts and ratings only.

// Regions, positions and values are indices into SE's tables, named as SE names them.
#![allow(clippy::needless_range_loop)]

mod aligned;
mod basic;
mod board;
mod chain;
mod unique;

use std::fmt;
use std::time::Instant;

use crate::candidates::Candidates;
use crate::engine::Budget;
use crate::grid::Grid;
use crate::logic::Rating;
use crate::rating::{check_unique, check_unique_state, SolutionsError};

pub(crate) use board::Board;

/// Sudoku Explainer's three ratings of a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SeRating {
    /// ER: the highest rating on the path.
    pub er: Rating,
    /// EP: the highest rating up to the first placement.
    pub ep: Rating,
    /// ED: the rating of the first step.
    pub ed: Rating,
}

impl fmt::Display for SeRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.er, self.ep, self.ed)
    }
}

/// One step of SE's path: the technique, its rating and what it changes.
#[derive(Debug, Clone, PartialEq)]
pub struct SeStep {
    /// SE's name of the technique (`"Hidden Single"`, `"Dynamic Forcing Chains"`).
    pub technique: String,
    /// The rating of this step.
    pub rating: Rating,
    /// The cell (row-major index) and digit placed, if any.
    pub placement: Option<(usize, u8)>,
    /// The eliminations (cell, digit), in cell order.
    pub eliminations: Vec<(usize, u8)>,
}

impl fmt::Display for SeStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}:", self.rating, self.technique)?;
        if let Some((cell, d)) = self.placement {
            write!(f, " r{}c{}={}", cell / 9 + 1, cell % 9 + 1, d)?;
        }
        if !self.eliminations.is_empty() {
            let text: Vec<String> = self
                .eliminations
                .iter()
                .map(|&(c, d)| format!("r{}c{}<>{}", c / 9 + 1, c % 9 + 1, d))
                .collect();
            write!(f, " {}", text.join(", "))?;
        }
        Ok(())
    }
}

/// SE's rating with the path that earned it.
#[derive(Debug, Clone, PartialEq)]
pub struct SeReport {
    /// ER/EP/ED.
    pub rating: SeRating,
    /// Every step, in order.
    pub steps: Vec<SeStep>,
}

/// Why a puzzle got no SE rating.
#[derive(Debug, thiserror::Error)]
pub enum SeError {
    /// The puzzle is not a classic 9×9 one.
    #[error("SE ratings are defined for classic 9×9 puzzles only; give a 9×9 puzzle")]
    Unsupported,
    /// The puzzle has not exactly one solution (or the check gave up).
    #[error(transparent)]
    Solutions(#[from] SolutionsError),
    /// The budget ran out before the rating was found.
    #[error("unrated after the time limit; raise --time-limit to rate it")]
    GaveUp,
    /// No technique applies, nested chains of level 4 included (SE has nothing
    /// further; not met on any puzzle so far).
    #[error("no Sudoku Explainer technique applies up to nested level 4; the puzzle is beyond this rater")]
    Beyond,
}

/// The deadline check shared by the producers.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Clock {
    deadline: Option<Instant>,
}

impl Clock {
    /// Has the deadline passed?
    pub(crate) fn spent(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// A hint: its rating, name, eliminations (in SE's order), and the cell it places.
#[derive(Debug, Clone)]
pub(crate) struct Hint {
    pub rating: f64,
    pub name: &'static str,
    pub removals: Vec<(u8, u16)>,
    pub place: Option<(u8, u8)>,
}

impl Hint {
    fn apply(&self, b: &mut Board) {
        for &(cell, mask) in &self.removals {
            b.cands[cell as usize] &= !mask;
        }
        if let Some((cell, v)) = self.place {
            b.place(cell as usize, v);
        }
    }
}

/// SE's rating of `puzzle` (ER/EP/ED), or why there is none.
pub fn rate(puzzle: &Grid, budget: Budget) -> Result<SeRating, SeError> {
    explain(puzzle, budget).map(|r| r.rating)
}

/// SE's rating of `puzzle` with its path.
pub fn explain(puzzle: &Grid, budget: Budget) -> Result<SeReport, SeError> {
    if puzzle.size() != 9 || !puzzle.layout().is_classic() {
        return Err(SeError::Unsupported);
    }
    check_unique(puzzle)?;
    let mut values = [0u8; 81];
    for (i, v) in values.iter_mut().enumerate() {
        *v = puzzle.get(i);
    }
    let clock = Clock {
        deadline: budget.deadline,
    };
    solve(Board::from_values(&values), clock)
}

/// SE's rating and path from a candidate state (a puzzle's or a pencilmark grid's),
/// which must have exactly one solution.
pub fn explain_state(c: &Candidates, budget: Budget) -> Result<SeReport, SeError> {
    if c.layout().size() != 9 || !c.layout().is_classic() {
        return Err(SeError::Unsupported);
    }
    check_unique_state(c)?;
    let mut b = Board::from_values(&[0; 81]);
    for cell in 0..81 {
        b.values[cell] = c.value(cell);
        b.cands[cell] = if b.values[cell] == 0 {
            (c.mask(cell) << 1) as u16
        } else {
            0
        };
    }
    let clock = Clock {
        deadline: budget.deadline,
    };
    solve(b, clock)
}

/// Runs SE's loop on a board: one hint at a time until solved.
pub(crate) fn solve(mut b: Board, clock: Clock) -> Result<SeReport, SeError> {
    let mut er = 0.0f64;
    let mut ep = 0.0f64;
    let mut ed = 0.0f64;
    let mut steps = Vec::new();
    let mut chains = chain::Producers::new();
    while !b.is_solved() {
        if clock.spent() {
            return Err(SeError::GaveUp);
        }
        let hint = match first_hint(&b) {
            Some(h) => h,
            None => chains.first_hint(&b, clock)?.ok_or(SeError::Beyond)?,
        };
        if hint.rating > er {
            er = hint.rating;
        }
        hint.apply(&mut b);
        steps.push(to_step(&hint));
        if ep == 0.0 {
            if ed == 0.0 {
                ed = er;
            }
            if hint.place.is_some() {
                ep = er;
            }
        }
    }
    Ok(SeReport {
        rating: SeRating {
            er: tenths(er),
            ep: tenths(ep),
            ed: tenths(ed),
        },
        steps,
    })
}

/// The first hint SE finds before the chains, if any: its producers in its order.
fn first_hint(b: &Board) -> Option<Hint> {
    let mut first = None;
    let sink = &mut |f: basic::Found| {
        first = Some(f.hint);
        true
    };
    let _ = basic::up_to_wings(b, sink)
        || unique::loops(b, sink)
        || basic::quads(b, sink)
        || unique::bug(b, sink)
        || aligned::pairs(b, sink);
    first
}

/// A rating as SE prints it: rounded to tenths.
fn tenths(x: f64) -> Rating {
    Rating((x * 10.0).round() as u16)
}

fn to_step(h: &Hint) -> SeStep {
    let mut eliminations = Vec::new();
    let mut removals = h.removals.clone();
    removals.sort_unstable_by_key(|r| r.0);
    for (cell, mask) in removals {
        for v in 1..=9u8 {
            if mask & (1 << v) != 0 {
                eliminations.push((cell as usize, v));
            }
        }
    }
    SeStep {
        technique: h.name.to_string(),
        rating: tenths(h.rating),
        placement: h.place.map(|(c, v)| (c as usize, v)),
        eliminations,
    }
}

/// Orders entries of a map keyed by cell as SE's hash maps iterate them: by
/// `cell mod capacity` (the capacity grows with the entry count), then in insertion
/// order. The order decides which consequences a nested chain meets first.
pub(crate) fn hash_order(entries: &mut [(u8, u16)]) {
    let n = entries.len();
    let cap: u8 = if n <= 12 {
        16
    } else if n <= 24 {
        32
    } else if n <= 48 {
        64
    } else {
        128
    };
    entries.sort_by_key(|e| e.0 & (cap - 1));
}
