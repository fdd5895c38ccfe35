//! The engine: applies steps easiest first, to a fixpoint.
//!
//! At every round the [`Solver`] asks its techniques in order of rating (Sudoku
//! Explainer's scale, catalogue order between equals) for steps; the first technique
//! that finds any wins the round. If its steps place digits (singles), all those of the
//! lowest rating are applied one after the other (those that no longer change anything
//! are dropped): they were found in the same state, so each stays sound after the
//! others, and placing them together gives the same hardest step as one per round for a
//! fraction of the work. A step that only eliminates is applied alone, as Sudoku
//! Explainer and HoDoKu do, so the step count and score do not include eliminations
//! that the next singles would have made unnecessary.

use serde::{Deserialize, Serialize};

use super::step::{FindOptions, Step};
use super::technique::Technique;
use super::{Finder, TechniqueSet, FAMILIES};
use crate::candidates::Candidates;

/// How a run of the solver ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// Every cell is placed.
    Solved,
    /// No enabled technique finds anything more.
    Stuck,
    /// A cell lost its last candidate: the state (or the puzzle) has no solution.
    Contradiction,
}

/// The logic solver: an ordered list of techniques.
#[derive(Debug, Clone)]
pub struct Solver {
    order: Vec<(Technique, Finder)>,
    opts: FindOptions,
}

impl Solver {
    /// A solver using the implemented techniques of `set`, easiest first; it writes
    /// explanations (see [`Solver::explain`]).
    pub fn new(set: TechniqueSet) -> Solver {
        let mut order: Vec<(Technique, Finder)> = FAMILIES
            .iter()
            .flat_map(|f| f.iter())
            .copied()
            .filter(|&(t, _)| set.contains(t))
            .collect();
        order.sort_by_key(|&(t, _)| (t.info().se_tenths, t));
        Solver {
            order,
            opts: FindOptions::default(),
        }
    }

    /// Whether steps carry their sentence (on by default; the rater turns it off).
    pub fn explain(mut self, on: bool) -> Solver {
        self.opts.explain = on;
        self
    }

    /// The techniques used, in the order they are tried.
    pub fn techniques(&self) -> impl Iterator<Item = Technique> + '_ {
        self.order.iter().map(|&(t, _)| t)
    }

    /// Fills `out` with every step of the easiest technique that finds any in `c`
    /// (nothing when stuck).
    pub fn next_steps_into(&self, c: &Candidates, out: &mut Vec<Step>) {
        out.clear();
        for &(_, f) in &self.order {
            f(c, out, &self.opts);
            if !out.is_empty() {
                return;
            }
        }
    }

    /// Every step of the easiest technique that finds any in `c`.
    pub fn next_steps(&self, c: &Candidates) -> Vec<Step> {
        let mut out = Vec::new();
        self.next_steps_into(c, &mut out);
        out
    }

    /// The next step: the first of the easiest ones, lowest rating first.
    pub fn hint(&self, c: &Candidates) -> Option<Step> {
        self.next_steps(c).into_iter().min_by_key(|s| s.rating)
    }

    /// Solves `c` by logic as far as the techniques go, calling `visit` with each step
    /// applied and the state after it.
    pub fn solve(&self, c: &mut Candidates, mut visit: impl FnMut(&Step, &Candidates)) -> Outcome {
        let mut steps = Vec::new();
        loop {
            if let Some(end) = finished(c) {
                return end;
            }
            self.next_steps_into(c, &mut steps);
            let Some(low) = steps.iter().map(|s| s.rating).min() else {
                return Outcome::Stuck;
            };
            // Placements of one rating go together; an elimination step goes alone, as
            // the others it came with may not be needed once it is applied.
            let mut changed = false;
            for step in steps.iter().filter(|s| s.rating == low) {
                if step.changes(c) && step.apply(c) {
                    changed = true;
                    visit(step, c);
                    if step.placements.is_empty() {
                        break;
                    }
                }
            }
            if !changed {
                return Outcome::Stuck;
            }
        }
    }
}

/// `Solved` when every cell is placed, `Contradiction` when an open cell has no
/// candidate left, `None` otherwise.
fn finished(c: &Candidates) -> Option<Outcome> {
    // Branch-free over the board; the cells are few and this runs once a round.
    let (mut full, mut dead) = (true, false);
    for (cell, &m) in c.masks().iter().enumerate() {
        let open = c.value(cell) == 0;
        full &= !open;
        dead |= open & (m == 0);
    }
    if dead {
        Some(Outcome::Contradiction)
    } else {
        full.then_some(Outcome::Solved)
    }
}
