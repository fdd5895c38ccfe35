//! The logic solver within a budget: a node budget bounds its rounds exactly, a passed
//! deadline gives up before any step, the chain finders stop at a passed deadline, and
//! a budget that does not run out changes nothing (steps, outcome, rating).

mod common;

mod reglib;

use std::time::{Duration, Instant};

use reglib::Case;
use sudokit::engine::{Budget, GiveUp};
use sudokit::logic::{find, FindOptions, Outcome, Solver, Step, TechniqueSet, SOLVER_NAME};
use sudokit::rating::{check_unique_within, rate_unique, rate_unique_state};
use sudokit::{Candidates, Grid, SolutionsError, SolveError};

/// A deadline that has already passed.
fn passed() -> Budget {
    Budget {
        deadline: Some(Instant::now()),
        max_nodes: None,
    }
}

/// The steps and outcome of a run within `budget`, and the state it left.
fn run(solver: &Solver, puzzle: &Grid, budget: Budget) -> (Vec<Step>, Result<Outcome, SolveError>) {
    let mut c = Candidates::from_grid(puzzle);
    let mut steps = Vec::new();
    let end = solver.solve_within(&mut c, budget, |s, _| steps.push(s.clone()));
    (steps, end)
}

/// Hard puzzles that need more than singles.
fn hard() -> Vec<Grid> {
    common::data("top1465.txt").into_iter().take(12).collect()
}

#[test]
fn a_node_budget_bounds_the_rounds_exactly() {
    let solver = Solver::new(TechniqueSet::all()).explain(false);
    for puzzle in hard() {
        let (all, end) = run(&solver, &puzzle, Budget::UNLIMITED);
        let end = end.unwrap();
        // The fewest rounds that finish: every smaller budget gives up after exactly
        // its rounds, with a prefix of the steps; every larger one changes nothing.
        let rounds = (1..)
            .find(|&k| run(&solver, &puzzle, Budget::nodes(k)).1.is_ok())
            .unwrap();
        assert!(rounds > 1, "{puzzle}");
        for k in 0..rounds {
            let (steps, got) = run(&solver, &puzzle, Budget::nodes(k));
            assert_eq!(
                got,
                Err(SolveError::GaveUp {
                    engine: SOLVER_NAME,
                    nodes: k,
                    reason: GiveUp::Nodes(k),
                }),
                "{puzzle}"
            );
            assert!(all.starts_with(&steps), "{puzzle}");
        }
        for k in [rounds, rounds + 1, 10 * rounds] {
            assert_eq!(
                run(&solver, &puzzle, Budget::nodes(k)),
                (all.clone(), Ok(end)),
                "{puzzle}"
            );
        }
    }
}

#[test]
fn a_passed_deadline_gives_up_before_any_step() {
    let solver = Solver::new(TechniqueSet::all()).explain(false);
    for puzzle in hard() {
        let (steps, end) = run(&solver, &puzzle, passed());
        assert!(steps.is_empty());
        assert!(matches!(
            end,
            Err(SolveError::GaveUp {
                engine: SOLVER_NAME,
                reason: GiveUp::Deadline,
                ..
            })
        ));
        let c = Candidates::from_grid(&puzzle);
        assert!(solver.hint_within(&c, passed()).is_err());
        assert!(solver.hint_within(&c, Budget::nodes(0)).is_err());
        for rated in [
            rate_unique(&puzzle, &solver, passed()),
            rate_unique_state(c.clone(), &solver, passed()),
        ] {
            assert!(matches!(rated, Err(SolutionsError::GaveUp(_))), "{rated:?}");
        }
        assert!(matches!(
            check_unique_within(&puzzle, passed()),
            Err(SolutionsError::GaveUp(_))
        ));
    }
}

#[test]
fn a_budget_that_does_not_run_out_changes_nothing() {
    let far = Budget::time(Duration::from_secs(3600)).and(Budget::nodes(1 << 40));
    let solver = Solver::new(TechniqueSet::all()).explain(false);
    for puzzle in common::data("top1465.txt").into_iter().take(40) {
        let c = Candidates::from_grid(&puzzle);
        assert_eq!(
            run(&solver, &puzzle, far),
            run(&solver, &puzzle, Budget::UNLIMITED)
        );
        assert_eq!(solver.hint_within(&c, far), Ok(solver.hint(&c)));
        assert_eq!(
            rate_unique(&puzzle, &solver, far),
            rate_unique(&puzzle, &solver, Budget::UNLIMITED)
        );
        assert_eq!(
            rate_unique_state(c.clone(), &solver, far),
            rate_unique_state(c, &solver, Budget::UNLIMITED)
        );
        assert_eq!(check_unique_within(&puzzle, far), Ok(()));
    }
}

/// The chain finders (ALS-Chain among them) find nothing once the deadline in their
/// options has passed, and their library case's step without one.
#[test]
fn chain_finders_stop_at_a_passed_deadline() {
    let cases = [
        ":0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5::742::5",
        ":0708-1:5:+2......69+98..2.13+7+71.....+24..+9....+5..4...9.7.+5671+329+4+8+6.1....8+33......+9+6+4+9867+32+15::513 523 533 572 582::9",
        // ALS-Chain, whose search can visit tens of millions of chains in one call.
        ":0903-1:7:..7..5..4+5......16+4.....5..3..9....+58.4+5......56378+1+4.+7+4+5+8+32+961+1+8346925+7..91+5+7+4..:212 612 215 318 225 232 235 636 338 339 145 357 258 259:758::",
    ];
    for line in cases {
        let case: Case = line.parse().unwrap();
        let t = case.technique.unwrap();
        // Late first: a search cut short must not stand in for a whole one later
        // (the loop finders keep their last search per state).
        let late = FindOptions {
            deadline: Some(Instant::now()),
            ..FindOptions::default()
        };
        assert!(late.expired());
        assert!(find(t, &case.state, &late).is_empty(), "{line}");
        assert!(!find(t, &case.state, &FindOptions::default()).is_empty());
    }
}
