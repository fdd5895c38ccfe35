//! Helpers shared by the integration tests: reading the shipped samples and the
//! shared data sets, and making random solution grids.

#![allow(dead_code)]

use std::path::PathBuf;

use rand::seq::SliceRandom;
use rand::Rng;
use sudokit::engine::{Engine, Generic};
use sudokit::format::read::records;
use sudokit::{Grid, Layout, ReadOptions};

/// The 9×9 samples under `data/` with one solution each, and `serg_multi.txt` (two or
/// more each).
pub const NINE_SAMPLES: &[&str] = &[
    "17_clue.txt",
    "top1465.txt",
    "hardest_11plus.txt",
    "hardest_1106.txt",
    "serg_multi.txt",
];

/// Checks `engine` against `generic` on one puzzle: the same count with limit 2 (from
/// the count alone too), each solution verified, a first-solution search consistent
/// with it; returns the count.
pub fn agrees_with_generic(engine: &dyn Engine, puzzle: &Grid) -> u64 {
    let found = engine.count(puzzle, 2).unwrap();
    let generic = Generic.count(puzzle, 2).unwrap();
    assert_eq!(found.count, generic.count, "{}", puzzle.to_line());
    let alone = engine.count_only(puzzle, 2).unwrap();
    assert_eq!(alone, found.count, "{}", puzzle.to_line());
    match &found.solution {
        Some(s) => assert!(s.is_solution_of(puzzle), "{}", puzzle.to_line()),
        None => assert_eq!(found.count, 0),
    }
    let first = engine.solve(puzzle).unwrap();
    assert_eq!(first.count, found.count.min(1));
    if let Some(s) = &first.solution {
        assert!(s.is_solution_of(puzzle));
    }
    found.count
}

/// Checks `engine` against `generic` ([`agrees_with_generic`]) on every puzzle of the
/// 9×9 samples: one solution each, two or more for `serg_multi.txt`.
pub fn samples_agree_with_generic(engine: &dyn Engine) {
    for name in NINE_SAMPLES {
        let puzzles = data(name);
        assert!(puzzles.len() >= 100, "{name}");
        for p in &puzzles {
            let count = agrees_with_generic(engine, p);
            let expected = if *name == "serg_multi.txt" { 2 } else { 1 };
            assert_eq!(count, expected, "{name}: {}", p.to_line());
        }
    }
}

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every puzzle of a file under `data/`, which must all parse.
pub fn data(name: &str) -> Vec<Grid> {
    let text = std::fs::read_to_string(root().join("data").join(name)).unwrap();
    records(&text, &ReadOptions::default())
        .map(|r| r.result.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

/// Up to `n` puzzles spread over a shared data file, when the shared data sets are
/// next to the repository (`None` otherwise).
pub fn shared_sample(name: &str, n: usize) -> Option<Vec<Grid>> {
    let path = root().join("../shared/data").join(name);
    let text = std::fs::read_to_string(path).ok()?;
    let all: Vec<Grid> = records(&text, &ReadOptions::default())
        .map(|r| r.result.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect();
    let step = (all.len() / n).max(1);
    Some(all.into_iter().step_by(step).take(n).collect())
}

/// A random solution grid of size `n`: a solution of the empty board, shuffled by
/// validity-preserving transforms (digit relabeling, bands, rows within bands).
pub fn random_full_grid(n: usize, rng: &mut impl Rng) -> Grid {
    let layout = Layout::classic(n).unwrap();
    let base = sudokit::solve(&Grid::empty(layout.clone())).unwrap();
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    digits.shuffle(rng);
    let br = layout.box_rows();
    let mut bands: Vec<usize> = (0..n / br).collect();
    bands.shuffle(rng);
    let mut rows = Vec::with_capacity(n);
    for &b in &bands {
        let mut within: Vec<usize> = (0..br).collect();
        within.shuffle(rng);
        rows.extend(within.into_iter().map(|r| b * br + r));
    }
    let mut cells = Vec::with_capacity(n * n);
    for &r in &rows {
        for c in 0..n {
            cells.push(digits[base.get(r * n + c) as usize - 1]);
        }
    }
    let grid = Grid::from_cells(layout, cells).unwrap();
    assert!(grid.validate().is_ok());
    grid
}

/// `grid` with each cell kept with probability `keep`.
pub fn thin(grid: &Grid, keep: f64, rng: &mut impl Rng) -> Grid {
    let mut g = grid.clone();
    for cell in 0..g.layout().cell_count() {
        if !rng.gen_bool(keep) {
            g.set(cell, 0);
        }
    }
    g
}

/// A valid full grid of any classic size made without search: digit
/// `((r mod R)·C + ⌊r / R⌋ + c) mod n` + 1 at row `r`, column `c` (boxes of `R × C`),
/// then moved by a random transform drawn from `rng`.
pub fn shuffled_pattern_grid(n: usize, rng: &mut sudokit::generate::Rng) -> Grid {
    let layout = Layout::classic(n).unwrap();
    let (br, bc) = (layout.box_rows(), layout.box_cols());
    let cells = (0..n * n)
        .map(|i| (((i / n % br) * bc + i / n / br + i % n) % n) as u8 + 1)
        .collect();
    let grid = Grid::from_cells(layout.clone(), cells).unwrap();
    let grid = sudokit::transform::Transform::random(&layout, rng)
        .unwrap()
        .apply(&grid)
        .unwrap();
    assert!(grid.is_full() && grid.validate().is_ok());
    grid
}
