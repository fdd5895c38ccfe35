//! Helpers shared by the integration tests: reading the shipped samples and the
//! shared data sets, and making random solution grids.

#![allow(dead_code)]

use std::path::PathBuf;

use rand::seq::SliceRandom;
use rand::Rng;
use sudokit::format::read::records;
use sudokit::{Grid, Layout, ReadOptions};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The path of a file under `data/`.
pub fn data_path(name: &str) -> PathBuf {
    root().join("data").join(name)
}

/// The text of a file under `data/` (committed, so it must be there).
pub fn data_text(name: &str) -> String {
    let path = data_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The path of a shared data set, next to the repository when it is there.
pub fn shared_path(name: &str) -> PathBuf {
    root().join("../shared/data").join(name)
}

/// Every puzzle of a text, which must all parse (`name` for messages).
fn puzzles(name: &str, text: &str) -> Vec<Grid> {
    records(text, &ReadOptions::default())
        .map(|r| r.result.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

/// Every puzzle of a file under `data/`, which must all parse.
pub fn data(name: &str) -> Vec<Grid> {
    puzzles(name, &data_text(name))
}

/// Up to `n` puzzles spread over a shared data file, when the shared data sets are
/// next to the repository (`None` otherwise).
pub fn shared_sample(name: &str, n: usize) -> Option<Vec<Grid>> {
    let text = std::fs::read_to_string(shared_path(name)).ok()?;
    let all = puzzles(name, &text);
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

/// A full grid of `box_rows × box_cols` boxes made by the pattern
/// `(box_cols * (r % box_rows) + r / box_rows + c) % n + 1`, relabelled at random.
pub fn pattern_grid(box_rows: usize, box_cols: usize, rng: &mut impl Rng) -> Grid {
    let n = box_rows * box_cols;
    let layout = Layout::classic(n).unwrap();
    assert_eq!((layout.box_rows(), layout.box_cols()), (box_rows, box_cols));
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    digits.shuffle(rng);
    let cells = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            digits[(box_cols * (r % box_rows) + r / box_rows + c) % n]
        })
        .collect();
    Grid::from_cells(layout, cells).unwrap()
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
