//! The pencilmark reader on arbitrary bytes: `sudokit::format::pencilmark::read`
//! (pencilmark grids and Sukaku lines) into a candidate state.
//!
//! Invariants: no panic in `looks_like`, `read` or the error messages; a state read is
//! written back by both writers (grid and Sukaku line) and reads back as itself; the
//! logic solver (hint and a full rating run) takes any state read without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::format::pencilmark::{looks_like, read, write, write_sukaku};
use sudokit::logic::{Solver, TechniqueSet};

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
    let solver = Solver::new(TechniqueSet::implemented());
    if let Some(step) = solver.hint(&state) {
        assert!(!step.explanation.is_empty(), "a hint without a sentence");
    }
    let _ = sudokit::rating::rate_state(state, &solver.explain(false));
});
