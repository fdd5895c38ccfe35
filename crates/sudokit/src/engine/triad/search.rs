//! Depth-first search over [`State`]s, branching on a digit's configuration in a band.
//!
//! At each branch point ([`State::choice`]) the chosen configuration is first taken on a
//! copy of the state, then refused on the state itself, which the loop goes on with.
//! The search stops as soon as `limit` solutions are found. Each branch entered counts
//! as a guess, as in the other engines.

use super::state::State;
use crate::engine::nine::Run;

/// How a search enters a branch: by calling its own instruction-set variant again
/// (see [`super::dispatch`]).
pub trait Recurse {
    /// Searches the branch `state` (a guess, propagated) within `run`, using `state` up.
    fn recurse(run: &mut Run, state: &mut State);

    /// The variant's band step ([`super::state::step`]) in band `K`.
    fn step<const K: usize>(s: &mut State) -> Option<u8>;
}

/// Propagates the givens of `state` and searches from there within `run`.
#[inline(always)]
pub fn begin<I: Recurse>(run: &mut Run, mut state: State) {
    if state.propagate_all::<I>() {
        descend::<I>(run, &mut state, false);
    } else {
        run.stats.nodes += 1;
    }
}

/// Searches from a propagated `state` within `run`; `guessed` tells whether it comes
/// from a branch (for the backtrack counter). Branches recurse through `I`, which keeps
/// the whole search in one instruction-set variant.
///
/// The state is taken by reference and worked on in place: a branch's copy is made once,
/// in the caller's frame, and not copied again to be passed on.
#[inline(always)]
pub fn descend<I: Recurse>(run: &mut Run, state: &mut State, guessed: bool) {
    let mut propagated = true;
    let mut guessed = guessed;
    loop {
        run.stats.nodes += 1;
        if !propagated {
            run.stats.backtracks += u64::from(guessed);
            return;
        }
        let Some(choice) = state.choice() else {
            if state.solved() {
                run.found(|| state.digits());
            } else {
                run.stats.backtracks += u64::from(guessed);
            }
            return;
        };
        run.stats.guesses += 1;
        let mut child = *state;
        if child.take::<I>(choice) {
            I::recurse(run, &mut child);
        } else {
            run.stats.nodes += 1;
            run.stats.backtracks += 1;
        }
        if run.done() {
            return;
        }
        run.stats.guesses += 1;
        propagated = state.refuse::<I>(choice);
        guessed = true;
    }
}
