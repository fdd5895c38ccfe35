//! Rating, hints and explanations need exactly one solution: every puzzle without one
//! is refused with its own error, and levels do not grow with the board.

use sudokit::engine::Budget;
use sudokit::format::pencilmark;
use sudokit::logic::{Level, Solver, TechniqueSet};
use sudokit::rating::{check_unique, check_unique_state, rate_unique, rate_unique_state};
use sudokit::{Candidates, Grid, SolutionsError};

/// The puzzles of a sample file under `data/`.
fn sample(name: &str) -> Vec<Grid> {
    let path = format!("{}/../../data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect()
}

fn solver() -> Solver {
    Solver::new(TechniqueSet::all()).explain(false)
}

#[test]
fn puzzles_with_several_solutions_are_refused() {
    let solver = solver();
    for p in sample("serg_multi.txt") {
        assert!(sudokit::count(&p, 2) == 2);
        assert_eq!(check_unique(&p), Err(SolutionsError::Multiple));
        assert_eq!(
            rate_unique(&p, &solver, Budget::UNLIMITED),
            Err(SolutionsError::Multiple)
        );
        let c = Candidates::from_grid(&p);
        assert_eq!(check_unique_state(&c), Err(SolutionsError::Multiple));
    }
}

#[test]
fn unsolvable_and_invalid_puzzles_are_refused() {
    let solver = solver();
    let none: Grid = format!(".12345678{}{}", "9........", ".".repeat(63))
        .parse()
        .unwrap();
    assert_eq!(check_unique(&none), Err(SolutionsError::NoSolution));
    assert_eq!(
        rate_unique(&none, &solver, Budget::UNLIMITED),
        Err(SolutionsError::NoSolution)
    );
    let c = Candidates::from_grid(&none);
    assert_eq!(check_unique_state(&c), Err(SolutionsError::NoSolution));
    let twice: Grid = format!("44{}", ".".repeat(79)).parse().unwrap();
    assert!(matches!(
        check_unique(&twice),
        Err(SolutionsError::Invalid(_))
    ));
    assert!(matches!(
        rate_unique(&twice, &solver, Budget::UNLIMITED),
        Err(SolutionsError::Invalid(_))
    ));
}

#[test]
fn unique_puzzles_and_their_states_are_rated() {
    let solver = solver();
    for p in sample("top1465.txt").into_iter().take(20) {
        assert_eq!(check_unique(&p), Ok(()));
        let c = Candidates::from_grid(&p);
        assert_eq!(check_unique_state(&c), Ok(()));
        let by_grid = rate_unique(&p, &solver, Budget::UNLIMITED).unwrap();
        let by_state = rate_unique_state(c.clone(), &solver, Budget::UNLIMITED).unwrap();
        assert_eq!(by_grid, by_state);
        // Read back from its Sukaku line, the state counts the same.
        let back = pencilmark::read(&pencilmark::write_sukaku(&c)).unwrap();
        assert_eq!(back.count_solutions(2), 1);
    }
}

#[test]
fn state_counts_agree_with_the_engine() {
    for p in sample("serg_multi.txt").into_iter().take(30) {
        let c = Candidates::from_grid(&p);
        assert_eq!(c.count_solutions(50), sudokit::count(&p, 50));
    }
}

#[test]
fn a_big_board_solved_by_singles_is_easy() {
    let solver = solver();
    for p in sample("25x25.txt").into_iter().take(1) {
        let d = rate_unique(&p, &solver, Budget::UNLIMITED).unwrap();
        assert!(d.finished());
        assert!(d.hardest.is_some_and(|t| t.info().level == Level::Easy));
        assert_eq!(d.level, Level::Easy, "{d:?}");
    }
}
