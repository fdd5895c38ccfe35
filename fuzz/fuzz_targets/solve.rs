//! Puzzles in, answers out: the engines (solve, count to 2), hints and the logic
//! rater, on puzzles decoded from the fuzz bytes (`sudokit_fuzz::decode_puzzle`).
//!
//! Invariants: no panic; every solution keeps the givens and is valid; the engines
//! agree on the count to 2 (`fast`, `generic` and `triad` on 9×9, `generic` and `dlx`
//! below, `generic` alone above; a count alone too), and with `sudokit::solve`/`count`;
//! a puzzle with a clash has no solution; a puzzle cut from a solution grid has one,
//! the same when unique. Logic, on HoDoKu's path (the order of `hint`, `explain` and
//! `rate`; the `pencilmark` target runs the catalogue's), with every technique of that
//! path but the ALS, Sue de Coq and forcing families: on a puzzle with several
//! solutions, with the techniques that assume nothing, every hint and every step of the
//! first rounds keeps every solution (checked against one), and a state where those
//! rounds stop still holds it; on a unique puzzle, with all techniques (uniqueness ones
//! included) and no bound on the rounds, the same holds and a finished solve ends on
//! the solution; on a valid puzzle with no solution logic never ends solved (on
//! clashing givens it runs a few rounds, with nothing to check but no panic);
//! `rate_unique` and `check_unique` accept exactly the unique puzzles and tell an
//! invalid one, one with no solution and one with several apart; a hint has a sentence
//! and changes the state.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::engine::{Budget, Dlx, Engine, Fast, Generic, Triad};
use sudokit::logic::{Family, Order, Outcome, Solver, TechniqueSet};
use sudokit::{Candidates, Grid, SolutionsError};
use sudokit_fuzz::{count_two, decode_puzzle, fuzzed_techniques, FuzzPuzzle};

/// Rounds of logic run on a puzzle whose givens clash.
const INVALID_ROUNDS: u64 = 8;

/// Rounds of logic run on a puzzle without exactly one solution. A nearly empty board
/// keeps the chain finders busy for hundreds of rounds that find little; its first
/// rounds are the ones that differ from a unique puzzle's.
const OPEN_ROUNDS: u64 = 24;

/// Runs `solver` from the puzzle's givens for at most `budget` rounds, checking every
/// step against `solution`.
fn check_logic(solver: &Solver, puzzle: &Grid, solution: &Grid, budget: Budget) {
    let mut state = Candidates::from_grid(puzzle);
    if let Some(hint) = solver.hint(&state) {
        assert!(
            hint.agrees_with(solution),
            "hint breaks the solution {}: {hint:?}",
            solution.to_line()
        );
        assert!(!hint.explanation.is_empty(), "a hint without a sentence");
        assert!(
            hint.changes(&state),
            "a hint that changes nothing: {hint:?}"
        );
    }
    let outcome = solver.solve_within(&mut state, budget, |step, _| {
        assert!(
            step.agrees_with(solution),
            "step breaks the solution {}: {step:?}",
            solution.to_line()
        );
    });
    match outcome.unwrap_or(Outcome::Stuck) {
        Outcome::Solved => assert_eq!(&state.to_grid(), solution, "solved to another grid"),
        Outcome::Contradiction => panic!("a contradiction in a puzzle with a solution"),
        Outcome::Stuck => {
            for (cell, &d) in solution.cells().iter().enumerate() {
                assert!(
                    state.value(cell) == d || (state.value(cell) == 0 && state.has(cell, d)),
                    "stuck state lost digit {d} of cell {cell}"
                );
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some(FuzzPuzzle { puzzle, solution }) = decode_puzzle(data) else {
        return;
    };
    let n = puzzle.size();
    let valid = puzzle.validate().is_ok();
    let engines: Vec<&dyn Engine> = match n {
        9 => vec![&Fast, &Generic, &Triad],
        ..=8 => vec![&Generic, &Dlx],
        _ => vec![&Generic],
    };
    let (count, found) = count_two(engines[0], &puzzle);
    for engine in &engines[1..] {
        let (other, _) = count_two(*engine, &puzzle);
        assert_eq!(
            other,
            count,
            "{} and {} count differently on {}",
            engine.name(),
            engines[0].name(),
            puzzle.to_line()
        );
    }
    if n == 9 {
        for engine in [&Fast as &dyn Engine, &Triad] {
            let only = engine.count(&puzzle, 2).expect("a 9×9 board");
            assert_eq!(only, count, "{}: a count alone differs", engine.name());
        }
    }
    assert_eq!(sudokit::count(&puzzle, 2), count);
    assert_eq!(sudokit::solve(&puzzle).is_some(), count > 0);
    if !valid {
        assert_eq!(count, 0, "a puzzle with a clash has a solution");
    }
    if let Some(s) = &solution {
        assert!(count >= 1, "a puzzle cut from a solution has none");
        if count == 1 {
            assert_eq!(
                found.as_ref(),
                Some(s),
                "a unique puzzle solved differently"
            );
        }
    }

    let checked = fuzzed_techniques();
    let all = Solver::with_order(checked, Order::Hodoku);
    let uniqueness = TechniqueSet::family(Family::Uniqueness);
    let sound = Solver::with_order(checked.difference(uniqueness), Order::Hodoku);
    match solution.or(found) {
        // Every technique on a unique puzzle, uniqueness ones included; on others those
        // that assume nothing (on a unique puzzle the first run checks them too).
        Some(s) if count == 1 => check_logic(&all, &puzzle, &s, Budget::UNLIMITED),
        Some(s) => check_logic(&sound, &puzzle, &s, Budget::nodes(OPEN_ROUNDS)),
        None if valid => {
            let mut state = Candidates::from_grid(&puzzle);
            let outcome = all.solve_within(&mut state, Budget::nodes(OPEN_ROUNDS), |_, _| {});
            assert!(
                outcome.ok() != Some(Outcome::Solved),
                "logic solved a puzzle with no solution to {}",
                state.to_grid().to_line()
            );
        }
        // Nothing to check but no panic: a few rounds, as a nearly empty board with a
        // clash keeps the chain finders busy round after round.
        None => {
            let mut state = Candidates::from_grid(&puzzle);
            let budget = Budget::nodes(INVALID_ROUNDS);
            let _ = all.solve_within(&mut state, budget, |_, _| {});
        }
    }
    // The answer depends on the count, not on the techniques: singles keep it cheap
    // (the logic itself was checked above).
    let singles = Solver::new(TechniqueSet::family(Family::Singles)).explain(false);
    let rated = sudokit::rating::rate_unique(&puzzle, &singles, Budget::UNLIMITED).map(|_| ());
    let expected = match count {
        _ if !valid => "invalid",
        0 => "no solution",
        1 => "unique",
        _ => "several",
    };
    let said = match &rated {
        Err(SolutionsError::Invalid(_)) => "invalid",
        Err(SolutionsError::NoSolution) => "no solution",
        Ok(()) => "unique",
        Err(SolutionsError::Multiple) => "several",
        Err(SolutionsError::GaveUp(e)) => panic!("an unlimited budget gave up: {e}"),
    };
    assert_eq!(said, expected, "rate_unique disagrees with the count");
    assert_eq!(sudokit::rating::check_unique(&puzzle), rated);
});
