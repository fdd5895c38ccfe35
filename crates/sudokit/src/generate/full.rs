//! Random solution grids.
//!
//! An engine completes a grid whose boxes on the main diagonal (9×9 and smaller square
//! boxes) or whose first box (larger boards) hold random permutations — those boxes share
//! no unit, so the givens never conflict — and a uniformly random
//! [`Transform`] then shuffles the result over its whole
//! equivalence class.

use crate::engine::Engine;
use crate::generate::{GenerateError, Rng};
use crate::grid::Grid;
use crate::layout::LayoutRef;
use crate::transform::Transform;

/// How many seedings are tried before giving up (a seeding with no completion is rare
/// and only possible for the diagonal seeding).
const SEEDINGS: usize = 32;

/// A random full solution grid on a classic layout.
pub fn full_grid(
    layout: &LayoutRef,
    engine: &dyn Engine,
    rng: &mut Rng,
) -> Result<Grid, GenerateError> {
    let n = layout.size();
    let (br, bc) = (layout.box_rows(), layout.box_cols());
    let boxes_across = n / bc;
    let seeded: Vec<usize> = if br == bc && n <= 9 {
        (0..boxes_across).map(|i| i * boxes_across + i).collect()
    } else {
        vec![0]
    };
    for _ in 0..SEEDINGS {
        let mut start = Grid::empty(layout.clone());
        for &b in &seeded {
            let cells = &layout.units()[2 * n + b].cells;
            for (&cell, d) in cells.iter().zip(rng.permutation(n)) {
                start.set(cell, d as u8 + 1);
            }
        }
        if let Some(grid) = engine.solve(&start)?.solution {
            return Ok(Transform::random(layout, rng)?.apply(&grid)?);
        }
    }
    Err(GenerateError::NoFullGrid { size: n })
}
