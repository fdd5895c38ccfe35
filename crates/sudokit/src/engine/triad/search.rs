//! Depth-first search over [`State`]s, branching on a digit's configuration in a band.
//!
//! At each branch point ([`State::choice`]) the chosen configuration is first taken on a
//! copy of the state, then refused on the state itself, which the loop goes on with.
//! The search stops as soon as `limit` solutions are found. Each branch entered counts
//! as a guess, as in the other engines.

use super::state::{Choice, State};
use super::variant::Recurse;
use crate::engine::nine::Run;

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
        if !run.enter() {
            return;
        }
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

impl State {
    /// Runs band steps (`I::step`) from the bands in `dirty` (bit per band) until no
    /// band has anything pending. Returns `false` on a contradiction.
    #[inline(always)]
    fn propagate<I: Recurse>(&mut self, mut dirty: u8) -> bool {
        /// One sweep over the bands, unrolled so that every band number is a constant.
        macro_rules! sweep {
            ($($k:literal)*) => {$(
                if dirty & 1 << $k != 0 {
                    dirty &= !(1 << $k);
                    match I::step::<$k>(self) {
                        Some(more) => dirty |= more,
                        None => return false,
                    }
                }
            )*};
        }
        while dirty != 0 {
            sweep!(0 1 2 3 4 5);
        }
        true
    }

    /// Propagates the givens.
    #[inline(always)]
    pub fn propagate_all<I: Recurse>(&mut self) -> bool {
        self.propagate::<I>(0x3F)
    }

    /// Takes the choice: only its configuration stays for its digit. Returns `false` on
    /// a contradiction after propagating.
    #[inline(always)]
    pub fn take<I: Recurse>(&mut self, c: Choice) -> bool {
        let band = &mut self.bands[c.band];
        for (p, pending) in band.pending[..6].iter_mut().enumerate() {
            if p != c.config {
                *pending |= c.digit;
            }
        }
        self.propagate::<I>(1 << c.band)
    }

    /// Refuses the choice: its configuration leaves its digit. Returns `false` on a
    /// contradiction after propagating.
    #[inline(always)]
    pub fn refuse<I: Recurse>(&mut self, c: Choice) -> bool {
        self.bands[c.band].pending[c.config] |= c.digit;
        self.propagate::<I>(1 << c.band)
    }
}
