//! What the engines for classic 9×9 boards only (`fast`, `triad`) share: their record
//! of a search ([`Run`]), the entry of [`Engine::search`] into the shared frame
//! ([`search`]: the start from the givens as an array), the restart of a search that
//! runs too long from the givens reduced by Hall's rule ([`restarting`], [`hall`]), and
//! the six ways a digit crosses a band ([`PERMS`]).

pub mod hall;

use crate::engine::frame::{self, Query};
use crate::engine::{Engine, Search, SolveError};
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

/// The record of a 9×9 search: a solution is its digits, row-major.
pub type Run = frame::Run<[u8; 81]>;

/// Whether `layout` is the plain classic 9×9 board.
pub fn supports(layout: &Layout) -> bool {
    layout.size() == 9 && layout.is_classic()
}

/// [`Engine::search`] for a 9×9-only `engine` (other layouts get
/// [`SolveError::Unsupported`]): `start` searches from the givens (row-major, 0 =
/// empty) within the run.
#[inline(always)]
pub fn search(
    engine: &dyn Engine,
    puzzle: &Grid,
    query: &Query,
    start: impl FnOnce(&[u8; 81], &mut Run),
) -> Result<Search, SolveError> {
    let run = |record: &mut Run| {
        if let Ok(cells) = <&[u8; 81]>::try_from(puzzle.cells()) {
            start(cells, record);
        }
    };
    Ok(frame::run(engine, puzzle, query, run, |digits| digits.to_vec())?.0)
}

/// The nodes of an engine's plain search before [`restarting`] starts it again from the
/// givens reduced by Hall's rule ([`hall`]): 64 times the most any puzzle of the
/// benchmark sets takes `fast` to count to two (about a thousand), so that only a
/// search lost in a region with no solution reaches it.
pub const RESTART_NODES: u64 = 1 << 16;

/// Runs `plain` (the engine's search from the givens `cells`) within [`RESTART_NODES`]
/// nodes of `run`; past them, `reduced` with the candidates [`hall::reduced`] leaves,
/// or nothing when the rule finds a contradiction (there is no solution then).
pub fn restarting(
    cells: &[u8; 81],
    run: &mut Run,
    plain: impl FnOnce(&mut Run),
    reduced: impl FnOnce(&mut Run, &[u16; 81]),
) {
    let mut attempt = run.attempt(RESTART_NODES);
    plain(&mut attempt);
    if run.absorb(attempt, RESTART_NODES) {
        if let Some(cands) = hall::reduced(cells) {
            reduced(run, &cands);
        }
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
        let mut one = Run::new(&Query::up_to(2), 81);
        portable(cells, &mut one);
        let mut two = Run::new(&Query::up_to(2), 81);
        feature(cells, &mut two);
        assert_eq!(one.count, two.count, "{grid}");
        assert_eq!(one.first, two.first, "{grid}");
        assert_eq!(one.stats, two.stats, "{grid}");
    }
}
