//! The `triad` engine against the `generic` reference: same counts (limit 2), verified
//! solutions, on every puzzle of the `data/` samples and on random puzzles with 0, 1
//! and many solutions.

mod common;

use proptest::prelude::*;
use sudokit::engine::{Engine, Fast, Generic, Triad};
use sudokit::{Grid, Layout, SolveError};

use common::data as sample;

/// Checks `triad` against `generic` on one puzzle; returns the count.
fn agree(puzzle: &Grid) -> u64 {
    common::agrees_with_generic(&Triad, puzzle)
}

#[test]
fn samples_agree_with_generic() {
    common::samples_agree_with_generic(&Triad);
}

/// The 9×9 puzzles of `data/examples.txt` (the other sizes there are skipped).
#[test]
fn examples_agree_with_generic() {
    let nine: Vec<Grid> = sample("examples.txt")
        .into_iter()
        .filter(|g| g.layout().size() == 9)
        .collect();
    assert!(!nine.is_empty());
    for p in &nine {
        agree(p);
    }
}

#[test]
fn hard_puzzles_need_guesses_and_report_them() {
    let puzzles = sample("hardest_1106.txt");
    let stats: Vec<_> = puzzles
        .iter()
        .map(|p| Triad.solve(p).unwrap().stats)
        .collect();
    assert!(stats.iter().any(|s| s.guesses > 0));
    assert!(stats.iter().all(|s| s.nodes > s.backtracks));
}

/// Propagation reaches its fixpoint: every puzzle `fast` solves by singles and locked
/// candidates alone (no guess), `triad` solves without a guess too.
#[test]
fn no_guess_where_fast_needs_none() {
    for name in ["17_clue.txt", "top1465.txt"] {
        for p in sample(name) {
            if Fast.solve(&p).unwrap().stats.guesses == 0 {
                let found = Triad.solve(&p).unwrap();
                assert_eq!(found.stats.guesses, 0, "{}", p.to_line());
            }
        }
    }
}

#[test]
fn empty_board_counts_to_the_limit() {
    let empty = Grid::empty(Layout::classic(9).unwrap());
    let found = Triad.count(&empty, 1000).unwrap();
    assert_eq!(found.count, 1000);
    assert!(found.solution.unwrap().is_solution_of(&empty));
}

#[test]
fn conflicting_givens_have_no_solution() {
    let mut row = String::from("55");
    row.push_str(&".".repeat(79));
    let mut column = String::from("5");
    column.push_str(&".".repeat(26));
    column.push('5');
    column.push_str(&".".repeat(53));
    let mut in_box = String::from("5");
    in_box.push_str(&".".repeat(9));
    in_box.push('5');
    in_box.push_str(&".".repeat(70));
    for text in [row, column, in_box] {
        let p: Grid = text.parse().unwrap();
        assert_eq!(Triad.count(&p, 2).unwrap().count, 0, "{text}");
        assert!(Triad.rejects_clashes(p.layout()));
    }
}

#[test]
fn other_layouts_are_unsupported() {
    let p = Grid::empty(Layout::classic(4).unwrap());
    assert!(matches!(
        Triad.count(&p, 2),
        Err(SolveError::Unsupported {
            engine: "triad",
            ..
        })
    ));
}

/// A puzzle from the solution of a sample puzzle: the givens where `keep` is set,
/// with `changes` cells overwritten by other digits (which may clash).
fn puzzle_from(solution: &Grid, keep: &[bool], changes: &[(usize, u8)]) -> Grid {
    let mut cells: Vec<u8> = solution
        .cells()
        .iter()
        .zip(keep)
        .map(|(&v, &k)| if k { v } else { 0 })
        .collect();
    for &(i, v) in changes {
        cells[i] = v;
    }
    Grid::from_cells(solution.layout().clone(), cells).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random subsets of a solution (one or many solutions) and random changed cells
    /// (often none): `triad` agrees with `generic`.
    #[test]
    fn random_puzzles_agree(
        pick in 0usize..50,
        keep in proptest::collection::vec(proptest::bool::weighted(0.35), 81),
        changes in proptest::collection::vec((0usize..81, 1u8..=9), 0..3),
    ) {
        let puzzles = sample("top1465.txt");
        let solution = Generic.solve(&puzzles[pick]).unwrap().solution.unwrap();
        let p = puzzle_from(&solution, &keep, &changes);
        let triad = Triad.count(&p, 3).unwrap();
        let generic = Generic.count(&p, 3).unwrap();
        prop_assert_eq!(triad.count, generic.count, "{}", p.to_line());
        if let Some(s) = &triad.solution {
            prop_assert!(s.is_solution_of(&p));
        }
    }
}
