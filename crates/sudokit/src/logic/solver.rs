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
//!
//! On the plain 9×9 board the singles come from a fast path (`fast_singles`), which finds
//! exactly what their finders would, without a [`Step`] per single: the steps, their
//! order and so every rating are the same either way.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use super::fast_singles::{Batch, Round, Singles};
use super::singles::{sentence, set_single};
use super::step::{FindOptions, Step};
use super::technique::Technique;
use super::{Finder, TechniqueSet, FAMILIES};
use crate::candidates::Candidates;

/// How a run of the solver ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
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
        self.steps_from(0, c, out);
    }

    /// [`Solver::next_steps_into`] from the `first` technique of the order on.
    fn steps_from(&self, first: usize, c: &Candidates, out: &mut Vec<Step>) {
        out.clear();
        for &(_, f) in &self.order[first..] {
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
        let mut fast = Singles::new(c.layout(), self.techniques());
        let rest = fast.map_or(0, |(_, skip)| skip);
        let (mut batch, mut single) = (Batch::default(), Step::new(Technique::FullHouse));
        let mut steps = Vec::new();
        loop {
            let round = match &mut fast {
                Some((singles, _)) => singles.round(c, &mut batch),
                None => Round::Finders,
            };
            let first = match round {
                Round::Solved => return Outcome::Solved,
                Round::Found => {
                    let (singles, _) = fast.as_mut().expect("found by the fast path");
                    if !self.apply_singles(&batch, &mut single, singles, c, &mut visit) {
                        return Outcome::Stuck;
                    }
                    continue;
                }
                Round::Nothing => rest,
                Round::Finders => {
                    if let Some(end) = finished(c) {
                        return end;
                    }
                    0
                }
            };
            if let Some((singles, _)) = &mut fast {
                singles.forget();
            }
            self.steps_from(first, c, &mut steps);
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

    /// Applies the singles of `batch` that still fit, as [`Step::apply`] would, each
    /// visited as the step its finder would have made (written into `step`); returns
    /// whether any was applied.
    fn apply_singles(
        &self,
        batch: &Batch,
        step: &mut Step,
        singles: &mut Singles,
        c: &mut Candidates,
        visit: &mut impl FnMut(&Step, &Candidates),
    ) -> bool {
        let mut changed = false;
        for s in &batch.singles {
            let (at, d) = (s.cell as usize, s.digit);
            if c.value(at) != 0 || !c.has(at, d) {
                continue;
            }
            c.place(at, d);
            singles.placed();
            changed = true;
            set_single(step, batch.technique, at, d);
            step.rating = batch.rating;
            if self.opts.explain {
                let unit = (batch.technique != Technique::NakedSingle)
                    .then(|| &c.layout().units()[s.unit as usize]);
                sentence(&mut step.explanation, batch.technique, 9, at, d, unit);
            }
            visit(step, c);
        }
        changed
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{read::records, ReadOptions};
    use crate::grid::Grid;
    use crate::logic::Family;

    /// The solver's rounds with the finders only, as they were before the 9×9 fast
    /// path: the reference that path must match step for step.
    fn reference(solver: &Solver, mut c: Candidates) -> (Vec<Step>, Outcome, Candidates) {
        let mut seen = Vec::new();
        loop {
            if let Some(end) = finished(&c) {
                return (seen, end, c);
            }
            let steps = solver.next_steps(&c);
            let Some(low) = steps.iter().map(|s| s.rating).min() else {
                return (seen, Outcome::Stuck, c);
            };
            let mut changed = false;
            for step in steps.iter().filter(|s| s.rating == low) {
                if step.changes(&c) && step.apply(&mut c) {
                    changed = true;
                    seen.push(step.clone());
                    if step.placements.is_empty() {
                        break;
                    }
                }
            }
            if !changed {
                return (seen, Outcome::Stuck, c);
            }
        }
    }

    fn sample(name: &str) -> Vec<Grid> {
        let path = format!("{}/../../data/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        records(&text, &ReadOptions::default())
            .filter_map(|r| r.result.ok())
            .collect()
    }

    fn same_as_reference(solver: &Solver, c: Candidates) {
        let (want, want_end, want_state) = reference(solver, c.clone());
        let mut got = c.clone();
        let mut steps = Vec::new();
        let end = solver.solve(&mut got, |s, _| steps.push(s.clone()));
        assert_eq!(steps, want, "{}", c.to_grid());
        assert_eq!((end, got), (want_end, want_state));
    }

    #[test]
    fn fast_singles_take_the_same_steps_as_the_finders() {
        let sets = [
            "all",
            "singles",
            "hidden-single,naked-single,fish",
            "full-house,naked-single",
        ];
        // ALS, Sue de Coq and forcing nets take no singles and would only make the
        // hardest puzzles long here.
        let forcing = [Family::Als, Family::Misc, Family::Forcing]
            .into_iter()
            .fold(TechniqueSet::empty(), |s, f| {
                s.union(TechniqueSet::family(f))
            });
        for set in sets {
            let set = TechniqueSet::parse(set).unwrap().difference(forcing);
            for solver in [Solver::new(set), Solver::new(set).explain(false)] {
                for file in [
                    "17_clue.txt",
                    "top1465.txt",
                    "serg_multi.txt",
                    "hardest_1106.txt",
                ] {
                    for g in &sample(file) {
                        same_as_reference(&solver, Candidates::from_grid(g));
                    }
                }
            }
        }
    }

    #[test]
    fn unusual_and_contradictory_states_take_the_same_steps() {
        let g: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let c = Candidates::from_grid(&g);
        let solver = Solver::new(TechniqueSet::all());
        // A filled cell that keeps candidates, and an open cell without any.
        let mut masks = c.masks().to_vec();
        masks[0] = 0b1000;
        let odd = Candidates::from_parts(c.layout().clone(), g.cells().to_vec(), masks).unwrap();
        same_as_reference(&solver, odd);
        let mut masks = c.masks().to_vec();
        masks[1] = 0;
        let dead = Candidates::from_parts(c.layout().clone(), g.cells().to_vec(), masks).unwrap();
        same_as_reference(&solver, dead);
        // Two open cells of row 1 left with the same single candidate: no full house.
        let mut values = crate::solve(&g).unwrap().cells().to_vec();
        let d = values[0];
        values[0] = 0;
        values[1] = 0;
        let masks = (0..81)
            .map(|i| if i < 2 { 1 << (d - 1) } else { 0 })
            .collect();
        let clash = Candidates::from_parts(c.layout().clone(), values, masks).unwrap();
        same_as_reference(&solver, clash);
    }
}
