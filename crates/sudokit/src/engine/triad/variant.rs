//! How the search's instruction-set variants (see [`super::dispatch`]) differ: the band
//! step, and the branch entered through the variant itself.

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
