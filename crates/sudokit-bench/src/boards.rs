//! Test puzzles for boards of any classic size: a valid full grid made without search
//! (the pattern grid, shuffled by a seeded random [`Transform`]), with a seeded random
//! part of its cells emptied.
//!
//! The pattern grid puts digit `((r mod R)·C + ⌊r / R⌋ + c) mod n` + 1 at row `r`,
//! column `c` of an `n = R × C` board with `R × C` boxes: each row is a shift of the
//! first, rows of a band are `C` apart and bands one apart, so every row, column and
//! box holds every digit. A random transform (digits, bands, rows within bands, stacks,
//! columns within stacks) moves it anywhere in its equivalence class. Such puzzles may
//! have several solutions; a solver's answer is checked against the puzzle, not
//! against the grid it came from.

use sudokit::generate::Rng;
use sudokit::transform::Transform;
use sudokit::{Grid, Layout, LayoutError};

/// The pattern grid of a classic `n × n` board, moved by a random transform drawn
/// from `rng`.
pub fn full_grid(n: usize, rng: &mut Rng) -> Result<Grid, LayoutError> {
    let layout = Layout::classic(n)?;
    let (br, bc) = (layout.box_rows(), layout.box_cols());
    let cells = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            (((r % br) * bc + r / br + c) % n) as u8 + 1
        })
        .collect();
    let grid = Grid::from_cells(layout.clone(), cells).expect("digits in range");
    let shuffle = Transform::random(&layout, rng).expect("a classic layout");
    Ok(shuffle.apply(&grid).expect("same layout"))
}

/// `grid` with `round(keep · cells)` of its cells kept, chosen uniformly by `rng`, and
/// the others emptied.
pub fn thin(grid: &Grid, keep: f64, rng: &mut Rng) -> Grid {
    let cells = grid.layout().cell_count();
    let kept = ((keep.clamp(0.0, 1.0) * cells as f64).round() as usize).min(cells);
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    let mut puzzle = grid.clone();
    for &cell in &order[kept..] {
        puzzle.set(cell, 0);
    }
    puzzle
}

/// Puzzle `index` of a benchmark set: the full grid and the thinning both drawn from
/// the stream of `(seed, index)` ([`Rng::for_index`]), so any puzzle can be made again
/// alone.
pub fn puzzle(n: usize, keep: f64, seed: u64, index: u64) -> Result<Grid, LayoutError> {
    let mut rng = Rng::for_index(seed, index);
    let full = full_grid(n, &mut rng)?;
    Ok(thin(&full, keep, &mut rng))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_grids_are_valid_on_every_shape() {
        for n in [4, 6, 8, 9, 10, 12, 15, 16, 20, 25, 30, 36, 49, 64] {
            let grid = full_grid(n, &mut Rng::new(n as u64)).unwrap();
            assert!(grid.is_full() && grid.validate().is_ok(), "{n}");
        }
    }

    #[test]
    fn puzzles_are_reproducible_and_thinned() {
        let a = puzzle(16, 0.5, 3, 1).unwrap();
        assert_eq!(a, puzzle(16, 0.5, 3, 1).unwrap());
        assert_ne!(a, puzzle(16, 0.5, 3, 2).unwrap());
        assert_eq!(a.clue_count(), 128);
        assert!(a.validate().is_ok());
    }
}
