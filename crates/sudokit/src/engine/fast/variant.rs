//! The instruction-set variants of the search (see [`super::dispatch`]): what differs
//! between the portable build and the one compiled for the CPU's features.

use super::state::State;
use crate::engine::nine::Run;

/// An instruction-set variant of the search (see [`super::dispatch`]): how it enters a
/// branch, how it finds a band word's occupied minirows and a cell's digits, and how it
/// clears a placed cell from the other digits of its band.
pub trait Variant {
    /// Searches the branch `state` (a guess) within `run`, using `state` up.
    fn recurse(run: &mut Run, state: &mut State);

    /// The minirows of the band word `s` that hold a bit: bit `3 * r + k` for row `r`'s
    /// intersection with box `k`.
    fn minirows(s: u32) -> usize;

    /// The digits (bit `d` = digit `d + 1`) whose band word in `words` holds the cell
    /// `bit`.
    fn cell_digits(words: &[u32; 9], bit: u32) -> u32;

    /// Clears `cells` from every word of `words` (a band's nine) but digit `D`'s.
    fn clear_others<const D: usize>(words: &mut [u32; 9], cells: u32);

    /// Band updates until no word changes; `false` on a contradiction.
    fn update_bands(state: &mut State) -> bool;
}
