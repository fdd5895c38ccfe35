//! The `fast` engine against the `generic` reference: same counts (limit 2), verified
//! solutions, on every puzzle of the `data/` samples and on random puzzles with 0, 1
//! and many solutions.

mod common;

use proptest::prelude::*;
use sudokit::engine::{Auto, Engine, Fast, Generic};
use sudokit::{Grid, Layout, SolveError};

/// Checks `fast` against `generic` on one puzzle; returns the count.
fn agree(puzzle: &Grid) -> u64 {
    common::agrees_with_generic(&Fast, puzzle)
}

#[test]
fn samples_agree_with_generic() {
    common::samples_agree_with_generic(&Fast);
}

#[test]
fn hard_puzzles_need_guesses_and_report_them() {
    let puzzles = common::data("hardest_1106.txt");
    let guesses: u64 = puzzles
        .iter()
        .map(|p| Fast.solve(p).unwrap().stats.guesses)
        .sum();
    assert!(guesses > 0);
}

#[test]
fn empty_board_counts_to_the_limit() {
    let empty = Grid::empty(Layout::classic(9).unwrap());
    let found = Fast.count(&empty, 1000).unwrap();
    assert_eq!(found.count, 1000);
    assert!(found.solution.unwrap().is_solution_of(&empty));
    assert_eq!(Fast.count_only(&empty, 1000).unwrap(), 1000);
}

#[test]
fn conflicting_givens_have_no_solution() {
    let mut line = ".".repeat(81);
    line.replace_range(0..2, "55");
    let p: Grid = line.parse().unwrap();
    let found = Fast.count(&p, 2).unwrap();
    assert_eq!(found.count, 0);
    assert!(found.solution.is_none());
    assert_eq!(Fast.count_only(&p, 2).unwrap(), 0);
}

#[test]
fn other_layouts_are_unsupported() {
    let p: Grid = "1...2...3...4...".parse().unwrap();
    assert!(!Fast.supports(p.layout()));
    assert!(matches!(
        Fast.solve(&p),
        Err(SolveError::Unsupported { engine: "fast", .. })
    ));
    let nine = Layout::classic(9).unwrap();
    assert_eq!(Auto.engine_for(&nine).name(), "fast");
    assert_eq!(Auto.engine_for(p.layout()).name(), "generic");
    assert!(matches!(
        Fast.count_only(&p, 2),
        Err(SolveError::Unsupported { engine: "fast", .. })
    ));
    let generic = Generic.count(&p, 50).unwrap().count;
    assert!(generic > 2);
    assert_eq!(Auto.count_only(&p, 50).unwrap(), generic);
}

/// A random full grid: the first solution of a board seeded with a random first row.
fn full_grid(seed_row: &[u8]) -> Grid {
    let mut cells = vec![0u8; 81];
    cells[..9].copy_from_slice(seed_row);
    let g = Grid::from_cells(Layout::classic(9).unwrap(), cells).unwrap();
    Generic.solve(&g).unwrap().solution.unwrap()
}

fn permutation() -> impl Strategy<Value = Vec<u8>> {
    Just((1..=9).collect::<Vec<u8>>()).prop_shuffle()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Holes punched in a full grid: few holes give one solution, many give many.
    #[test]
    fn random_puzzles_agree(row in permutation(), holes in proptest::collection::vec(0..81usize, 0..70)) {
        let full = full_grid(&row);
        let mut cells = full.cells().to_vec();
        for h in holes {
            cells[h] = 0;
        }
        let p = Grid::from_cells(full.layout().clone(), cells).unwrap();
        prop_assert!(agree(&p) >= 1);
    }

    /// Random givens, often conflicting or unsolvable: counts 0, 1 or 2 must agree.
    #[test]
    fn random_givens_agree(givens in proptest::collection::vec((0..81usize, 1..=9u8), 0..30)) {
        let mut cells = vec![0u8; 81];
        for (c, d) in givens {
            cells[c] = d;
        }
        let p = Grid::from_cells(Layout::classic(9).unwrap(), cells).unwrap();
        agree(&p);
    }

    /// An engine that says it rejects clashing givens finds nothing for any puzzle
    /// `validate` rejects: callers skip their own check on the strength of it.
    #[test]
    fn engines_that_reject_clashes_find_nothing_in_invalid_puzzles(
        givens in proptest::collection::vec((0..81usize, 1..=9u8), 2..30)
    ) {
        let mut cells = vec![0u8; 81];
        for (c, d) in givens {
            cells[c] = d;
        }
        let p = Grid::from_cells(Layout::classic(9).unwrap(), cells).unwrap();
        prop_assume!(p.validate().is_err());
        for engine in [&Fast as &dyn Engine, &Auto] {
            prop_assert!(engine.rejects_clashes(p.layout()));
            prop_assert_eq!(engine.count(&p, 2).unwrap().count, 0);
        }
    }
}
