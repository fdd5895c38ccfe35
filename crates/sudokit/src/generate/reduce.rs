//! Clue removal: from a full grid to a puzzle with a unique solution.
//!
//! Orbits of the chosen symmetry are tried once each, in random order: an orbit is
//! removed when the puzzle keeps exactly one solution. One pass is enough for
//! minimality: if removing an orbit allows a second solution, removing it from any
//! puzzle with fewer clues does too, so a clue that had to stay never becomes
//! removable later. The strict pass then tries single clues the same way.

use crate::engine::Engine;
use crate::generate::{GenerateError, Rng};
use crate::grid::Grid;

/// How far to take the removal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Removal {
    /// Stop removing at this many clues (never go below it).
    pub target_clues: Option<usize>,
    /// After the symmetric pass, try removing single clues too.
    pub strict_minimal: bool,
}

/// Whether a puzzle has exactly one solution.
pub fn is_unique(puzzle: &Grid, engine: &dyn Engine) -> Result<bool, GenerateError> {
    Ok(engine.count(puzzle, 2)?.count == 1)
}

/// Removes clues from `solution` orbit by orbit (`orbits` partitions the cells) while
/// the solution stays unique, then single clues when `removal.strict_minimal`.
pub fn reduce(
    solution: &Grid,
    orbits: &[Vec<usize>],
    removal: Removal,
    engine: &dyn Engine,
    rng: &mut Rng,
) -> Result<Grid, GenerateError> {
    let floor = removal.target_clues.unwrap_or(0);
    let mut puzzle = solution.clone();
    let mut clues = puzzle.clue_count();
    let mut order: Vec<&[usize]> = orbits.iter().map(Vec::as_slice).collect();
    rng.shuffle(&mut order);
    clues = remove_each(&mut puzzle, solution, &order, clues, floor, engine)?;
    if removal.strict_minimal {
        let mut singles: Vec<usize> = (0..puzzle.cells().len())
            .filter(|&c| puzzle.get(c) != 0)
            .collect();
        rng.shuffle(&mut singles);
        let order: Vec<&[usize]> = singles.iter().map(std::slice::from_ref).collect();
        remove_each(&mut puzzle, solution, &order, clues, floor, engine)?;
    }
    Ok(puzzle)
}

/// Tries each group of cells once; keeps it removed when the solution stays unique.
/// Returns the clue count left.
fn remove_each(
    puzzle: &mut Grid,
    solution: &Grid,
    groups: &[&[usize]],
    mut clues: usize,
    floor: usize,
    engine: &dyn Engine,
) -> Result<usize, GenerateError> {
    for group in groups {
        if clues <= floor {
            break;
        }
        if clues < floor + group.len() {
            continue;
        }
        for &c in *group {
            puzzle.set(c, 0);
        }
        if is_unique(puzzle, engine)? {
            clues -= group.len();
        } else {
            for &c in *group {
                puzzle.set(c, solution.get(c));
            }
        }
    }
    Ok(clues)
}
