//! Unique rectangles and loops, and the bivalue universal grave, as SE finds them.

use super::basic::Sink;
use super::board::Board;

/// Unique rectangles and loops.
pub(crate) fn loops(_b: &Board, _sink: &mut Sink) -> bool {
    false
}

/// Bivalue universal grave.
pub(crate) fn bug(_b: &Board, _sink: &mut Sink) -> bool {
    false
}
