//! The pencilmark reader on arbitrary bytes: `sudokit::format::pencilmark::read`
//! (pencilmark grids and Sukaku lines) into a candidate state.
//!
//! Invariants: no panic in `looks_like`, `read` or the error messages; a state read is
//! written back by both writers (grid and Sukaku line) and reads back as itself; the
//! logic solver (hint and a full rating run, with `fuzzed_techniques`) takes any state
//! read without panicking; on a state with exactly one solution (`check_unique_state`)
//! it ends on that solution (a full valid grid from the state's candidates) or stuck
//! with the solution still there, never in a contradiction.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::format::pencilmark::{looks_like, read, write, write_sukaku};
use sudokit::logic::{Outcome, Solver};
use sudokit::rating::{check_unique_state, rate_state};
use sudokit_fuzz::fuzzed_techniques;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = looks_like(&text);
    let state = match read(&text) {
        Ok(state) => state,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    let grid = write(&state);
    assert_eq!(
        read(&grid).as_ref(),
        Ok(&state),
        "the grid form does not read back:\n{grid}"
    );
    let line = write_sukaku(&state);
    assert_eq!(
        read(&line).as_ref(),
        Ok(&state),
        "the Sukaku line does not read back:\n{line}"
    );
    let solver = Solver::new(fuzzed_techniques());
    if let Some(step) = solver.hint(&state) {
        assert!(!step.explanation.is_empty(), "a hint without a sentence");
    }
    let solver = solver.explain(false);
    if check_unique_state(&state).is_err() {
        let _ = rate_state(state, &solver);
        return;
    }
    let mut end = state.clone();
    match solver.solve(&mut end, |_, _| {}) {
        Outcome::Solved => {
            let grid = end.to_grid();
            assert!(
                grid.is_full() && grid.validate().is_ok(),
                "solved to a bad grid"
            );
            for (cell, &d) in grid.cells().iter().enumerate() {
                assert!(
                    state.value(cell) == d || (state.value(cell) == 0 && state.has(cell, d)),
                    "solved with digit {d} in cell {cell}, not a candidate there"
                );
            }
        }
        Outcome::Contradiction => panic!("a contradiction in a state with one solution"),
        Outcome::Stuck => assert_eq!(end.count_solutions(2), 1, "steps lost the solution"),
    }
});
