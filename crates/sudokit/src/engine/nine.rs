//! What the engines for classic 9×9 boards only (`fast`, `triad`) share: the record of
//! one search ([`Run`]), the frame of [`Engine::search`] around it ([`search`]: the
//! layout check, the start from the givens, the solution as a [`Grid`]), and the six
//! ways a digit crosses a band ([`PERMS`]).

use crate::engine::{Engine, Search, SolveError, Stats};
use crate::grid::Grid;
use crate::layout::Layout;

/// The six one-to-one matchings of a band's three boxes to three minirows (or of its
/// three rows to three boxes): `PERMS[p][j]` is what matching `p` gives box `j`.
pub const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// One search: its limit, what it found and what it cost.
pub struct Run {
    limit: u64,
    /// Whether the first solution is kept (not for a count alone).
    keep_first: bool,
    /// Solutions found so far (at most `limit`).
    pub count: u64,
    /// The first solution, row-major digits.
    pub first: Option<[u8; 81]>,
    /// Search counters.
    pub stats: Stats,
}

impl Run {
    /// A search that stops at `limit` solutions (at least 1) and keeps the first.
    pub fn new(limit: u64) -> Run {
        Run {
            limit: limit.max(1),
            keep_first: true,
            count: 0,
            first: None,
            stats: Stats::default(),
        }
    }

    /// A search that stops at `limit` solutions and keeps none of them: a count alone.
    pub fn counting(limit: u64) -> Run {
        Run {
            keep_first: false,
            ..Run::new(limit)
        }
    }

    /// Counts a solution; `digits` (row-major) is asked for only for the first one, and
    /// only when the run keeps it.
    #[inline(always)]
    pub fn found(&mut self, digits: impl FnOnce() -> [u8; 81]) {
        if self.count == 0 && self.keep_first {
            self.first = Some(digits());
        }
        self.count += 1;
    }

    /// Whether the search has found as many solutions as it looks for.
    #[inline(always)]
    pub fn done(&self) -> bool {
        self.count >= self.limit
    }
}

/// Whether `layout` is the plain classic 9×9 board.
pub fn supports(layout: &Layout) -> bool {
    layout.size() == 9 && layout.is_classic()
}

/// [`Engine::search`] for a 9×9-only `engine`: other layouts get
/// [`SolveError::Unsupported`]; `run` searches from the givens (row-major, 0 = empty).
pub fn search(
    engine: &dyn Engine,
    puzzle: &Grid,
    limit: u64,
    run: impl FnOnce(&[u8; 81], &mut Run),
) -> Result<Search, SolveError> {
    let mut record = Run::new(limit);
    run_on(engine, puzzle, &mut record, run)?;
    let solution = record
        .first
        .and_then(|digits| Grid::from_cells(puzzle.layout().clone(), digits.to_vec()));
    Ok(Search {
        count: record.count,
        solution,
        stats: record.stats,
    })
}

/// [`Engine::count_only`] for a 9×9-only `engine`, as [`search`] but keeping no
/// solution: no digits read back, no grid built.
pub fn count_only(
    engine: &dyn Engine,
    puzzle: &Grid,
    limit: u64,
    run: impl FnOnce(&[u8; 81], &mut Run),
) -> Result<u64, SolveError> {
    let mut record = Run::counting(limit);
    run_on(engine, puzzle, &mut record, run)?;
    Ok(record.count)
}

/// The layout check of [`search`] and [`count_only`], then `run` on the givens within
/// `record`.
#[inline(always)]
fn run_on(
    engine: &dyn Engine,
    puzzle: &Grid,
    record: &mut Run,
    run: impl FnOnce(&[u8; 81], &mut Run),
) -> Result<(), SolveError> {
    let layout = puzzle.layout();
    match <&[u8; 81]>::try_from(puzzle.cells()) {
        Ok(cells) if supports(layout) => {
            run(cells, record);
            Ok(())
        }
        _ => Err(SolveError::Unsupported {
            engine: engine.name(),
            size: layout.size(),
        }),
    }
}

/// A small deterministic random source for the tests that compare an engine's builds
/// (xorshift, Marsaglia's 13, 7, 17 triple on 64 bits).
#[cfg(test)]
pub fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// The 9×9 samples under `data/` the tests that compare an engine's builds run on
/// (top1465, the 1106 hardest, serg's puzzles with several solutions).
#[cfg(test)]
pub fn samples() -> Vec<Grid> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
    let mut grids = Vec::new();
    for name in ["top1465.txt", "hardest_1106.txt", "serg_multi.txt"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let lines = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
        grids.extend(lines.map(|line| line.parse::<Grid>().unwrap()));
    }
    assert!(grids.len() >= 300);
    grids
}

/// Checks two builds of one engine against each other: `portable` and `feature` each
/// search every puzzle of the [`samples`] to two solutions (from the givens,
/// row-major); both must give the same count, first solution and counters.
#[cfg(test)]
pub fn check_variants_agree(
    portable: impl Fn(&[u8; 81], &mut Run),
    feature: impl Fn(&[u8; 81], &mut Run),
) {
    for grid in samples() {
        let cells: &[u8; 81] = grid.cells().try_into().unwrap();
        let mut one = Run::new(2);
        portable(cells, &mut one);
        let mut two = Run::new(2);
        feature(cells, &mut two);
        assert_eq!(one.count, two.count, "{grid}");
        assert_eq!(one.first, two.first, "{grid}");
        assert_eq!(one.stats, two.stats, "{grid}");
    }
}
