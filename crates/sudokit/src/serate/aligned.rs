//! Aligned pair and triplet exclusion, as SE finds them.

use super::basic::Sink;
use super::board::Board;

/// Aligned pair exclusion.
pub(crate) fn pairs(_b: &Board, _sink: &mut Sink) -> bool {
    false
}

/// Aligned triplet exclusion.
pub(crate) fn triplets(_b: &Board) -> Option<super::Hint> {
    None
}
