//! The generic engine on every classic board size from 4×4 to 64×64: solutions checked
//! against their puzzles, counts to 2 (and exact counts of sparse small puzzles) equal
//! to those of `dlx`. And `auto` (`cdcl` there) on sparse big boards.

mod common;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit::engine::{Auto, Dlx, Engine, Generic, Query};
use sudokit::generate::Rng;
use sudokit::{Grid, Layout};

/// Puzzle `index` of size `n` with `keep` of a shuffled pattern grid's cells given.
fn puzzle(n: usize, keep: f64, index: u64) -> Grid {
    let mut rng = Rng::for_index(n as u64, index);
    let full = common::shuffled_pattern_grid(n, &mut rng);
    common::thin(
        &full,
        keep,
        &mut ChaCha8Rng::seed_from_u64(index * 64 + n as u64),
    )
}

#[test]
fn every_size_is_solved_and_counted() {
    for n in (4..=64).filter(|&n| Layout::is_classic_size(n)) {
        let keep = if n <= 25 { 0.5 } else { 0.7 };
        for index in 0..2 {
            let p = puzzle(n, keep, index);
            let first = Generic.solve(&p).unwrap();
            assert_eq!(first.count, 1, "{n}×{n} #{index}");
            assert!(
                first.solution.unwrap().is_solution_of(&p),
                "{n}×{n} #{index}"
            );
            let two = Generic.search(&p, &Query::up_to(2)).unwrap();
            assert!(two.solution.unwrap().is_solution_of(&p), "{n}×{n} #{index}");
            if n <= 16 {
                assert_eq!(two.count, Dlx.count(&p, 2).unwrap(), "{n}×{n} #{index}");
            }
        }
    }
}

#[test]
fn sparse_small_boards_count_as_dlx_does() {
    for (n, keep) in [(4, 0.2), (6, 0.3), (8, 0.45), (9, 0.4), (12, 0.55)] {
        for index in 0..4 {
            let p = puzzle(n, keep, index);
            let ours = Generic.search(&p, &Query::up_to(500)).unwrap();
            assert_eq!(ours.count, Dlx.count(&p, 500).unwrap(), "{n}×{n} #{index}");
            assert!(ours.count >= 1);
            assert!(ours.solution.unwrap().is_solution_of(&p));
        }
    }
}

/// A 49×49 board with 60% of its cells given: solved, and the second solution found.
#[test]
fn forty_nine_is_solved() {
    let p = puzzle(49, 0.6, 0);
    let found = Generic.search(&p, &Query::up_to(2)).unwrap();
    assert!(found.count >= 1);
    assert!(found.solution.unwrap().is_solution_of(&p));
}

/// `auto` on big boards with few givens (30%, under the hardness peak near half):
/// `cdcl` finds the first solution and a second one, where `generic` runs for seconds
/// to minutes.
#[test]
fn auto_solves_sparse_big_boards() {
    for n in [25, 36, 49] {
        let p = puzzle(n, 0.3, 0);
        assert_eq!(Auto.engine_for(p.layout()).name(), "cdcl");
        let found = Auto.search(&p, &Query::up_to(2)).unwrap();
        assert_eq!(found.count, 2, "{n}×{n}");
        assert!(found.solution.unwrap().is_solution_of(&p), "{n}×{n}");
    }
}

/// Rating a sparse 36×36 board with several solutions: the quick count before the logic
/// (a node budget per 81 cells) settles it, where `cdcl` needs more decisions than a
/// 9×9 board's budget and the logic, stuck, would try every technique for minutes.
#[test]
fn a_sparse_big_board_with_several_solutions_is_refused_before_logic() {
    use sudokit::engine::Budget;
    use sudokit::logic::{Solver, TechniqueSet};
    use sudokit::rating::rate_unique;
    let p = puzzle(36, 0.3, 0);
    let solver = Solver::new(TechniqueSet::all()).explain(false);
    assert_eq!(
        rate_unique(&p, &solver, Budget::UNLIMITED),
        Err(sudokit::SolutionsError::Multiple)
    );
}
