//! The instruction-set variants of the search (see [`super::dispatch`]): what differs
//! between the portable build and the one compiled for the CPU's features.

use super::state::State;
use crate::engine::nine::Run;

/// An instruction-set variant of the search (see [`super::dispatch`]): how it enters a
/// branch, how it finds a band word's occupied minirows and a cell's digits, and how it
/// clears a placed cell from the other digits of its band.
///
/// A value of the variant is passed along (it has no size): a variant that runs
/// CPU-specific instructions can only be made where the CPU has them.
pub trait Variant: Copy {
    /// Searches the branch `state` (a guess) within `run`, using `state` up.
    fn recurse(self, run: &mut Run, state: &mut State);

    /// The minirows of the band word `s` that hold a bit: bit `3 * r + k` for row `r`'s
    /// intersection with box `k`.
    fn minirows(self, s: u32) -> usize;

    /// The digits (bit `d` = digit `d + 1`) whose band word in `words` holds the cell
    /// `bit`.
    fn cell_digits(self, words: &[u32; 9], bit: u32) -> u32;

    /// Clears `cells` from every word of `words` (a band's nine) but digit `D`'s.
    fn clear_others<const D: usize>(self, words: &mut [u32; 9], cells: u32);

    /// Band updates until no word changes; `false` on a contradiction.
    fn update_bands(self, state: &mut State) -> bool;
}
