//! Uniqueness techniques on a candidate state given directly (a Sukaku line) with one
//! solution: a rectangle is deadly only when each corner could hold both digits in the
//! state as it was made, so no step removes the solution.

use sudokit::format::pencilmark::read;
use sudokit::logic::{Outcome, Solver, TechniqueSet};
use sudokit::rating::check_unique_state;

/// A state found by the `pencilmark` fuzz target: a corner of a rectangle had lost one
/// of the rectangle's digits before solving began, and Uniqueness Test 5 took the
/// solution's digit from r9c4 (logic then met a contradiction).
const STATE: &str = "...4.....12..56..912..56789....5.789..3......1...5.789.2..5...9.2..567...2..567.9123...7..123.5...912..5.7.9.....6...1..4..7.91..45.7.9.......8..23.5.7...2345.7.9.23..678..23.56..9.2..56789...45.789.2.4..789...45.789.2345...9.23.567..1........123..6...1234.6...12.4.6.....34..78.....5....1.34.678.1234.............9.234..78.123.............8.12.45...91.....7.91..4..7.91.34..7.......6..9123.5.7...2345.7..1.3..6.........7..12......9.2..........4.6.891.34.6.891.345....1.3.5..8...345..8......6.8....4.6...12.4.......345...91..4..7.91.34..7.9......7.9123..6.....3.56.89....5....1....6.....3............789...4.67.......678912......9...4......2...6.89........912.4.6...12.4.678.1.345....123.567.9123...7......5....123.56.8..23.56.8.";

/// Another from the same target: r7c2 could never hold 2, so the avoidable rectangle on
/// 2 and 4 in r4c2, r4c3, r7c2, r7c3 was no pattern, yet Avoidable Rectangle Type 1
/// took 4 from r7c2.
const AVOIDABLE: &str = "...4.....12..56..912..56789....5.789..3......1...5.789.2..5...9.2..567...2..567.9123...7..123.5...912..5.7.9.....6...71.4..7.91..45.7.9.......8..23.5.7...2345.7.9.23..678..23.56..9.2..56789...4759.8.2.4..789...45.788.2345...9.23.567..1........123..6...1234.6...12.4.6.....34.178.....5....1.34.678.1234.............9.234..78.123.............8.12.45...9..17..7.91..4..7.91.3...4.7.9...6...123.5.7...2345.7..1.3..6.........7..1..912..9.2.......0..4.6.891.34.6.891.345....1.3.5..8...345..8......6.8....4.6......4.12.45...9..34..7.91..4..7.91.34..7.9.....6...111...3.56.89....5....12...6.....3........6.891.345...6789....76.8912......9...4......2...6.8.9.......912.4.6...12.4.678...345.2..567.9123...7..123.5...5....123.56.8..23.56.8.";

/// Solves a state given directly with every technique, checking after each step that
/// its one solution is still there, and that logic finishes on it.
fn solves_keeping_the_solution(text: &str) {
    let state = read(text).unwrap();
    assert_eq!(check_unique_state(&state), Ok(()));
    let mut solved = state.clone();
    assert_eq!(solved.count_solutions(2), 1);
    let solver = Solver::new(TechniqueSet::implemented());
    let mut steps = 0;
    let end = solver.solve(&mut solved, |step, after| {
        steps += 1;
        assert_eq!(
            after.count_solutions(2),
            1,
            "step {steps} lost it: {step:?}"
        );
    });
    assert_eq!(end, Outcome::Solved);
    let grid = solved.to_grid();
    assert!(grid.is_full() && grid.validate().is_ok());
    for (cell, &d) in grid.cells().iter().enumerate() {
        assert!(state.value(cell) == d || state.has(cell, d));
    }
}

#[test]
fn no_uniqueness_step_removes_the_solution_of_a_given_state() {
    solves_keeping_the_solution(STATE);
}

#[test]
fn no_avoidable_rectangle_removes_the_solution_of_a_given_state() {
    solves_keeping_the_solution(AVOIDABLE);
}
