//! The engine: applies steps easiest first, to a fixpoint.
//!
//! A [`Solver`] tries its techniques in one of two [`Order`]s.
//!
//! - [`Order::Rating`]: by rating (Sudoku Explainer's scale, catalogue order between
//!   equals); the first technique that finds any steps wins the round. If its steps
//!   place digits (singles), all those of the lowest rating are applied one after the
//!   other (those that no longer change anything are dropped): they were found in the
//!   same state, so each stays sound after the others, and placing them together gives
//!   the same hardest step as one per round for a fraction of the work. A step that
//!   only eliminates is applied alone, as Sudoku Explainer and HoDoKu do, so the step
//!   count and score do not include eliminations that the next singles would have
//!   made unnecessary.
//! - [`Order::Hodoku`]: HoDoKu 2.2.0's default configuration ([`super::hodoku`]): its
//!   step types in its order, only those it enables, and exactly one step per round,
//!   the one HoDoKu would pick ([`super::hodoku::pick`]); singles too go one at a time,
//!   so a cell that a hidden single turns into a naked single counts as the naked
//!   single HoDoKu sees (its score is 4, a hidden single's 14).
//!
//! On the plain 9×9 board the singles come from a fast path (`fast_singles`), which finds
//! exactly what their finders would, without a [`Step`] per single: the steps, their
//! order and so every rating are the same either way.
//!
//! A run may have a [`Budget`] ([`Solver::solve_within`], [`Solver::hint_within`]):
//! its node count bounds the rounds (one round finds and applies one batch of steps),
//! and its deadline is checked as each round starts, after each finder, and inside the
//! chain finders between start candidates ([`FindOptions::deadline`]). Steps found
//! by a finder the deadline cut short are never applied: the run gives up with
//! [`SolveError::GaveUp`] (engine [`SOLVER_NAME`]), so an answer within a budget is
//! always the answer without one.

use std::time::Instant;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use super::fast_singles::{Batch, Round, Singles};
use super::hodoku;
use super::singles::{sentence, set_single, LINE_HIDDEN_SINGLE};
use super::step::{FindOptions, Step};
use super::technique::Technique;
use super::{path_finder, Finder, TechniqueSet, FAMILIES};
use crate::candidates::Candidates;
use crate::engine::{Budget, GiveUp, SolveError};

/// The name a logic run gives up under ([`SolveError::GaveUp`]'s `engine`).
pub const SOLVER_NAME: &str = "logic";

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

/// The order in which a [`Solver`] tries its techniques, and how it chooses among
/// the steps they find.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Order {
    /// By rating on the Sudoku Explainer scale, easiest first; all placements of the
    /// lowest rating in one round.
    #[default]
    Rating,
    /// HoDoKu 2.2.0's default configuration: its order, its techniques, one step per
    /// round as HoDoKu picks it.
    Hodoku,
}

/// The logic solver: an ordered list of techniques.
#[derive(Debug, Clone)]
pub struct Solver {
    order: Vec<(Technique, Finder)>,
    /// For each entry of `order`, the group it belongs to: the finders of one group are
    /// asked together (one HoDoKu step type; every technique its own group by rating).
    groups: Vec<usize>,
    kind: Order,
    opts: FindOptions,
}

impl Solver {
    /// A solver using the implemented techniques of `set`, easiest first
    /// ([`Order::Rating`]); it writes explanations (see [`Solver::explain`]).
    pub fn new(set: TechniqueSet) -> Solver {
        Solver::with_order(set, Order::Rating)
    }

    /// A solver using the implemented techniques of `set` in the given order. With
    /// [`Order::Hodoku`] the techniques HoDoKu's default configuration leaves out
    /// ([`hodoku::OFF`]) are not used.
    ///
    /// ```
    /// use sudokit::logic::{Order, Solver, Technique, TechniqueSet};
    /// let s = Solver::with_order(TechniqueSet::all(), Order::Hodoku);
    /// let first: Vec<Technique> = s.techniques().take(3).collect();
    /// assert_eq!(first, [Technique::FullHouse, Technique::NakedSingle, Technique::HiddenSingle]);
    /// ```
    pub fn with_order(set: TechniqueSet, kind: Order) -> Solver {
        let (order, groups) = match kind {
            Order::Rating => {
                let mut order: Vec<(Technique, Finder)> = FAMILIES
                    .iter()
                    .flat_map(|f| f.iter())
                    .copied()
                    .filter(|&(t, _)| set.contains(t))
                    .collect();
                order.sort_by_key(|&(t, _)| (t.info().se_tenths, t));
                let groups = (0..order.len()).collect();
                (order, groups)
            }
            Order::Hodoku => hodoku::STEPS
                .iter()
                .enumerate()
                .flat_map(|(g, ts)| ts.iter().map(move |&t| (g, t)))
                .filter(|&(_, t)| set.contains(t))
                .filter_map(|(g, t)| Some(((t, path_finder(t)?), g)))
                .unzip(),
        };
        Solver {
            order,
            groups,
            kind,
            opts: FindOptions::default(),
        }
    }

    /// The order the solver follows.
    pub fn order(&self) -> Order {
        self.kind
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

    /// Fills `out` with every step of the first technique (or HoDoKu step type) of
    /// the order that finds any in `c` (nothing when stuck).
    pub fn next_steps_into(&self, c: &Candidates, out: &mut Vec<Step>) {
        let mut limit = Limit::new(Budget::UNLIMITED);
        if let Err(e) = self.steps_from(0, c, out, &self.opts, &mut limit) {
            unreachable!("an unlimited budget ran out: {e}");
        }
    }

    /// [`Solver::next_steps_into`] from the `first` technique of the order on, with the
    /// finders asked with `opts`; gives up when `limit`'s deadline passes.
    fn steps_from(
        &self,
        first: usize,
        c: &Candidates,
        out: &mut Vec<Step>,
        opts: &FindOptions,
        limit: &mut Limit,
    ) -> Result<(), SolveError> {
        out.clear();
        for (i, &(_, f)) in self.order.iter().enumerate().skip(first) {
            f(c, out, opts);
            limit.in_time()?;
            let last_of_group = self.groups.get(i + 1) != Some(&self.groups[i]);
            if last_of_group && !out.is_empty() {
                return Ok(());
            }
        }
        Ok(())
    }

    /// The step the solver applies among `steps`, all found in one round: the first
    /// of the lowest rating, or the one HoDoKu picks.
    fn choose<'a>(&self, steps: &'a [Step]) -> Option<&'a Step> {
        match self.kind {
            Order::Rating => steps.iter().min_by_key(|s| s.rating),
            Order::Hodoku => hodoku::pick(steps),
        }
    }

    /// Every step of the easiest technique that finds any in `c`.
    pub fn next_steps(&self, c: &Candidates) -> Vec<Step> {
        let mut out = Vec::new();
        self.next_steps_into(c, &mut out);
        out
    }

    /// The next step: the one [`Solver::solve`] would apply first.
    pub fn hint(&self, c: &Candidates) -> Option<Step> {
        match self.hint_within(c, Budget::UNLIMITED) {
            Ok(step) => step,
            Err(e) => unreachable!("an unlimited budget ran out: {e}"),
        }
    }

    /// [`Solver::hint`] within `budget` (one round: a node budget of 0 gives up);
    /// [`SolveError::GaveUp`] when it runs out first.
    pub fn hint_within(&self, c: &Candidates, budget: Budget) -> Result<Option<Step>, SolveError> {
        let mut limit = Limit::new(budget);
        let opts = limit.find_options(self.opts);
        if self.kind == Order::Hodoku {
            let mut first = None;
            self.solve_hodoku(&mut c.clone(), &opts, &mut limit, |s, _| {
                first = Some(s.clone());
                false
            })?;
            return Ok(first);
        }
        limit.enter()?;
        let mut steps = Vec::new();
        self.steps_from(0, c, &mut steps, &opts, &mut limit)?;
        Ok(self.choose(&steps).cloned())
    }

    /// Solves `c` by logic as far as the techniques go, calling `visit` with each step
    /// applied and the state after it.
    pub fn solve(&self, c: &mut Candidates, visit: impl FnMut(&Step, &Candidates)) -> Outcome {
        match self.solve_within(c, Budget::UNLIMITED, visit) {
            Ok(outcome) => outcome,
            Err(e) => unreachable!("an unlimited budget ran out: {e}"),
        }
    }

    /// [`Solver::solve`] within `budget`: its node count bounds the rounds, its
    /// deadline the time. When it runs out, [`SolveError::GaveUp`]; `c` then holds the
    /// steps applied so far (each one sound, as `visit` saw them).
    pub fn solve_within(
        &self,
        c: &mut Candidates,
        budget: Budget,
        mut visit: impl FnMut(&Step, &Candidates),
    ) -> Result<Outcome, SolveError> {
        let mut limit = Limit::new(budget);
        let opts = limit.find_options(self.opts);
        if self.kind == Order::Hodoku {
            return self.solve_hodoku(c, &opts, &mut limit, |s, c| {
                visit(s, c);
                true
            });
        }
        let mut fast = Singles::new(c.layout(), self.techniques());
        let rest = fast.map_or(0, |(_, skip)| skip);
        let (mut batch, mut single) = (Batch::default(), Step::new(Technique::FullHouse));
        let mut steps = Vec::new();
        loop {
            limit.enter()?;
            let round = match &mut fast {
                Some((singles, _)) => singles.round(c, &mut batch),
                None => Round::Finders,
            };
            let first = match round {
                Round::Solved => return Ok(Outcome::Solved),
                Round::Found => {
                    let (singles, _) = fast.as_mut().expect("found by the fast path");
                    if !self.apply_singles(&batch, &mut single, singles, c, &mut visit) {
                        return Ok(Outcome::Stuck);
                    }
                    continue;
                }
                Round::Nothing => rest,
                Round::Finders => {
                    if let Some(end) = finished(c) {
                        return Ok(end);
                    }
                    0
                }
            };
            if let Some((singles, _)) = &mut fast {
                singles.forget();
            }
            self.steps_from(first, c, &mut steps, &opts, &mut limit)?;
            let Some(low) = steps.iter().map(|s| s.rating).min() else {
                return Ok(Outcome::Stuck);
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
                return Ok(Outcome::Stuck);
            }
        }
    }

    /// [`Solver::solve`] on HoDoKu's path: one step per round, singles as HoDoKu's
    /// queues give them on the plain 9×9 board ([`hodoku::Singles`]), the other steps
    /// as [`hodoku::pick`] chooses. `visit` returns whether to go on.
    fn solve_hodoku(
        &self,
        c: &mut Candidates,
        opts: &FindOptions,
        limit: &mut Limit,
        mut visit: impl FnMut(&Step, &Candidates) -> bool,
    ) -> Result<Outcome, SolveError> {
        let plain = Singles::new(c.layout(), self.techniques());
        let (first, (full_house, naked, hidden)) =
            plain.map_or((0, (false, false, false)), |(s, skip)| (skip, s.enabled()));
        let mut queues = plain.map(|_| hodoku::Singles::new(c));
        let (mut single, mut steps) = (Step::new(Technique::FullHouse), Vec::new());
        // After a single: whether it left a peer without a candidate.
        let (mut open, mut single_emptied) = (0, None);
        loop {
            limit.enter()?;
            let end = match single_emptied.take() {
                Some(dead) => {
                    open -= 1;
                    ending(dead, open)
                }
                None => finished_counting(c, &mut open),
            };
            if let Some(end) = end {
                return Ok(end);
            }
            let next = queues
                .as_mut()
                .and_then(|q| q.next(full_house, naked, hidden));
            if let Some((t, at, d, unit)) = next {
                set_single(&mut single, t, at, d);
                if t == Technique::HiddenSingle && unit.is_some_and(|u| u < 18) {
                    single.rating = LINE_HIDDEN_SINGLE;
                }
                if opts.explain {
                    let unit = unit.map(|u| &c.layout().units()[u]);
                    sentence(&mut single.explanation, t, 9, at, d, unit);
                }
                // What `single.apply(c)` and `q.apply(&single)` do, for one placement.
                // The queues hold the candidates `c` holds, so a peer `c.place` leaves
                // without any is one `q.place` does.
                if c.value(at) == 0 && c.has(at, d) {
                    c.place(at, d);
                    let emptied = queues.as_mut().is_some_and(|q| q.place(at, d));
                    if !visit(&single, c) {
                        return Ok(Outcome::Stuck);
                    }
                    single_emptied = Some(emptied);
                    continue;
                }
                // Not a single of this state (never seen): start HoDoKu's bookkeeping
                // again from the state and let the finders look.
                queues = Some(hodoku::Singles::new(c));
            }
            let from = if next.is_some() { 0 } else { first };
            self.steps_from(from, c, &mut steps, opts, limit)?;
            match hodoku::pick(&steps) {
                Some(step) if step.changes(c) && step.apply(c) => {
                    if let Some(q) = &mut queues {
                        q.apply(step);
                    }
                    if !visit(step, c) {
                        return Ok(Outcome::Stuck);
                    }
                }
                _ => return Ok(Outcome::Stuck),
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

/// A run's budget: the rounds entered so far against its node count, and its deadline.
struct Limit {
    budget: Budget,
    rounds: u64,
}

impl Limit {
    fn new(budget: Budget) -> Limit {
        Limit { budget, rounds: 0 }
    }

    /// The finders' options for a run with this budget: `opts` with its deadline.
    fn find_options(&self, opts: FindOptions) -> FindOptions {
        FindOptions {
            deadline: self.budget.deadline,
            ..opts
        }
    }

    /// Enters a round: gives up when the node count is spent or the deadline passed.
    fn enter(&mut self) -> Result<(), SolveError> {
        if let Some(max) = self.budget.max_nodes.filter(|&max| self.rounds >= max) {
            return Err(self.give_up(GiveUp::Nodes(max)));
        }
        self.in_time()?;
        self.rounds += 1;
        Ok(())
    }

    /// Gives up when the deadline has passed.
    fn in_time(&self) -> Result<(), SolveError> {
        match self.budget.deadline {
            Some(d) if Instant::now() >= d => Err(self.give_up(GiveUp::Deadline)),
            _ => Ok(()),
        }
    }

    fn give_up(&self, reason: GiveUp) -> SolveError {
        SolveError::GaveUp {
            engine: SOLVER_NAME,
            nodes: self.rounds,
            reason,
        }
    }
}

/// `Solved` when every cell is placed, `Contradiction` when an open cell has no
/// candidate left, `None` otherwise.
fn finished(c: &Candidates) -> Option<Outcome> {
    finished_counting(c, &mut 0)
}

/// [`finished`], also setting `open` to the number of open cells.
fn finished_counting(c: &Candidates, open: &mut usize) -> Option<Outcome> {
    // Branch-free over the board; the cells are few and this runs once a round.
    let (mut count, mut dead) = (0, false);
    for (cell, &m) in c.masks().iter().enumerate() {
        let free = c.value(cell) == 0;
        count += usize::from(free);
        dead |= free & (m == 0);
    }
    *open = count;
    ending(dead, count)
}

/// The outcome of a state with or without a dead cell and with `open` cells left.
fn ending(dead: bool, open: usize) -> Option<Outcome> {
    if dead {
        Some(Outcome::Contradiction)
    } else {
        (open == 0).then_some(Outcome::Solved)
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
        // ALS, Sue de Coq, forcing nets and Franken, mutant and Siamese fish take no
        // singles and would only make the hardest puzzles long here.
        let forcing = [Family::Als, Family::Misc, Family::Forcing]
            .into_iter()
            .fold(TechniqueSet::empty(), |s, f| {
                s.union(TechniqueSet::family(f))
            })
            .union(
                crate::logic::general_fish::TECHNIQUES
                    .iter()
                    .copied()
                    .collect(),
            );
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
        let solver = &Solver::new(TechniqueSet::all());
        // A filled cell that keeps candidates, and an open cell without any.
        let mut masks = c.masks().to_vec();
        masks[0] = 0b1000;
        let odd = Candidates::from_parts(c.layout().clone(), g.cells().to_vec(), masks).unwrap();
        same_as_reference(solver, odd);
        let mut masks = c.masks().to_vec();
        masks[1] = 0;
        let dead = Candidates::from_parts(c.layout().clone(), g.cells().to_vec(), masks).unwrap();
        same_as_reference(solver, dead);
        // Two open cells of row 1 left with the same single candidate: no full house.
        let mut values = crate::solve(&g).unwrap().cells().to_vec();
        let d = values[0];
        values[0] = 0;
        values[1] = 0;
        let masks = (0..81)
            .map(|i| if i < 2 { 1 << (d - 1) } else { 0 })
            .collect();
        let clash = Candidates::from_parts(c.layout().clone(), values, masks).unwrap();
        same_as_reference(solver, clash);
    }

    /// Every step of HoDoKu's path keeps the solution; a finished grid is it; and the
    /// first step is the hint.
    #[test]
    fn hodoku_path_is_sound_and_starts_with_the_hint() {
        let solver = Solver::with_order(TechniqueSet::all(), Order::Hodoku);
        for file in ["17_clue.txt", "top1465.txt", "hardest_1106.txt"] {
            for g in &sample(file) {
                let solution = crate::solve(g).unwrap();
                let mut c = Candidates::from_grid(g);
                let hint = solver.hint(&c);
                let mut first = None;
                let end = solver.solve(&mut c, |s, _| {
                    first.get_or_insert_with(|| s.clone());
                    for &(at, d) in &s.placements {
                        assert_eq!(solution.cells()[at], d, "{g}: {s:?}");
                    }
                    for &(at, d) in &s.eliminations {
                        assert_ne!(solution.cells()[at], d, "{g}: {s:?}");
                    }
                });
                assert_eq!(first, hint, "{g}");
                if end == Outcome::Solved {
                    assert!(c.to_grid().is_solution_of(g));
                }
            }
        }
    }

    /// On HoDoKu's path a single that takes the last candidate of a peer ends the
    /// solve with a contradiction, right after that step (the state has singles
    /// left to take).
    #[test]
    fn hodoku_path_stops_where_a_single_empties_a_peer() {
        let g: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let c = Candidates::from_grid(&g);
        // Two open cells of one row left with one candidate they share.
        let (a, b, d) = (0..81)
            .flat_map(|a| (a + 1..a / 9 * 9 + 9).map(move |b| (a, b)))
            .find_map(|(a, b)| {
                let common = c.mask(a) & c.mask(b);
                (c.value(a) == 0 && c.value(b) == 0 && common != 0)
                    .then(|| (a, b, common.trailing_zeros() as u8 + 1))
            })
            .unwrap();
        let mut masks = c.masks().to_vec();
        masks[a] = 1 << (d - 1);
        masks[b] = 1 << (d - 1);
        let mut clash =
            Candidates::from_parts(c.layout().clone(), g.cells().to_vec(), masks).unwrap();
        let solver = Solver::with_order(TechniqueSet::all(), Order::Hodoku);
        let (mut steps, mut emptied) = (0, None);
        let end = solver.solve(&mut clash, |_, c| {
            steps += 1;
            let dead = (0..81).any(|x| c.value(x) == 0 && c.mask(x) == 0);
            if dead && emptied.is_none() {
                emptied = Some(steps);
            }
        });
        assert_eq!(end, Outcome::Contradiction);
        assert_eq!(emptied, Some(steps));
    }

    /// HoDoKu takes one single per round, full house and naked singles before hidden
    /// ones, in its queue order: the opposite of the rating order's batches.
    #[test]
    fn hodoku_takes_one_single_at_a_time_naked_first() {
        let g: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let mut techniques = Vec::new();
        let solver = Solver::with_order(TechniqueSet::all(), Order::Hodoku);
        let end = solver.solve(&mut Candidates::from_grid(&g), |s, _| {
            techniques.push(s.technique)
        });
        assert_eq!(end, Outcome::Solved);
        let naked = techniques
            .iter()
            .filter(|&&t| t == Technique::NakedSingle)
            .count();
        let mut by_rating = Vec::new();
        Solver::new(TechniqueSet::all()).solve(&mut Candidates::from_grid(&g), |s, _| {
            by_rating.push(s.technique)
        });
        let naked_by_rating = by_rating
            .iter()
            .filter(|&&t| t == Technique::NakedSingle)
            .count();
        assert!(naked > naked_by_rating, "{naked} vs {naked_by_rating}");
        assert_eq!(techniques.len(), 49);
    }
}
