//! Soundness of the logic solver on the committed samples: no step, of the technique the
//! solver picks or of any other implemented technique run on the same state, removes
//! the solution's digit or places a wrong one. The solution comes from the solving
//! engine and is checked against the puzzle.

mod common;

use sudokit::logic::{
    find, general_fish, Family, FindOptions, Outcome, Solver, Step, Technique, TechniqueSet,
};
use sudokit::{Candidates, Grid};

/// The techniques of `fs`.
fn families(fs: &[Family]) -> TechniqueSet {
    fs.iter().fold(TechniqueSet::empty(), |s, &f| {
        s.union(TechniqueSet::family(f))
    })
}

fn check_step(step: &Step, solution: &Grid, puzzle: &Grid) {
    for &(cell, d) in &step.eliminations {
        assert_ne!(
            solution.get(cell),
            d,
            "{puzzle}: {:?} removes the solution's digit: {}",
            step.technique,
            step.explanation
        );
    }
    for &(cell, d) in &step.placements {
        assert_eq!(
            solution.get(cell),
            d,
            "{puzzle}: {:?} places a wrong digit: {}",
            step.technique,
            step.explanation
        );
    }
    assert!(!step.explanation.is_empty());
    assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
}

/// Every implemented technique on `c` but the ALS, misc and forcing families and the
/// Franken, mutant and Siamese fish (checked on the
/// solver's path here, on every state of their own unit tests and over whole files by
/// `logic-soundness`), each step checked.
fn check_all_finders(c: &Candidates, solution: &Grid, puzzle: &Grid) -> usize {
    let mut found = 0;
    let slow = families(&[Family::Als, Family::Misc, Family::Forcing])
        .union(general_fish::TECHNIQUES.iter().copied().collect());
    for t in TechniqueSet::implemented().difference(slow).iter() {
        for step in find(t, c, &FindOptions::default()) {
            assert_eq!(step.technique, t);
            check_step(&step, solution, puzzle);
            found += 1;
        }
    }
    found
}

/// Solves every `step`-th puzzle of a sample by logic, checking each step; returns
/// how many logic finished.
fn soundness(name: &str, step: usize) -> (usize, usize) {
    // ALS, Sue de Coq, forcing and Franken, mutant and Siamese fish are checked on the
    // states of their own unit tests and over whole files by `logic-soundness`: on a
    // sample they take many minutes.
    let slow = families(&[Family::Als, Family::Misc, Family::Forcing])
        .union(general_fish::TECHNIQUES.iter().copied().collect());
    let solver = Solver::new(TechniqueSet::all().difference(slow));
    let puzzles: Vec<Grid> = common::data(name).into_iter().step_by(step).collect();
    let mut finished = 0;
    for puzzle in &puzzles {
        let solution = sudokit::solve(puzzle).expect("sample puzzles have a solution");
        assert!(solution.is_solution_of(puzzle));
        let mut c = Candidates::from_grid(puzzle);
        let mut before = c.clone();
        let mut beyond_singles = 0usize;
        let outcome = solver.solve(&mut c, |step, after| {
            check_step(step, &solution, puzzle);
            // Beyond singles, every technique gets a look at the state of every fourth
            // step (the ALS finders make every state too slow for a test;
            // `logic-soundness` checks every state of whole files).
            if step.rating.0 > 23 {
                if beyond_singles % 4 == 0 {
                    check_all_finders(&before, &solution, puzzle);
                }
                beyond_singles += 1;
            }
            before = after.clone();
        });
        assert_ne!(outcome, Outcome::Contradiction, "{puzzle}");
        match outcome {
            Outcome::Solved => {
                assert_eq!(c.to_grid(), solution, "{puzzle}");
                finished += 1;
            }
            _ => {
                check_all_finders(&c, &solution, puzzle);
            }
        }
    }
    println!("{name}: logic finished {finished} of {}", puzzles.len());
    (finished, puzzles.len())
}

#[test]
fn sound_on_17_clue_sample() {
    let (finished, total) = soundness("17_clue.txt", 1);
    assert!(finished * 10 >= total * 8, "{finished}/{total}");
}

#[test]
fn sound_on_top1465_sample() {
    let (finished, total) = soundness("top1465.txt", 2);
    assert!(finished > 0 && finished <= total, "{finished}/{total}");
}

/// The grouped nice loops and AICs, which walk ALS nodes too, on the state every 25th
/// puzzle of the top1465 sample reaches by simple logic: every step keeps the
/// solution, and some go through an ALS.
#[test]
fn grouped_chains_through_als_are_sound() {
    let solver = Solver::new(families(&[
        Family::Singles,
        Family::Intersections,
        Family::Subsets,
    ]));
    let grouped = [
        Technique::GroupedContinuousNiceLoop,
        Technique::GroupedDiscontinuousNiceLoop,
        Technique::GroupedAic,
    ];
    let opts = FindOptions {
        explain: true,
        ..FindOptions::default()
    };
    let (mut steps, mut through_als) = (0, 0);
    for puzzle in common::data("top1465.txt").into_iter().step_by(25) {
        let solution = sudokit::solve(&puzzle).expect("sample puzzles have a solution");
        assert!(solution.is_solution_of(&puzzle));
        let mut c = Candidates::from_grid(&puzzle);
        solver.solve(&mut c, |_, _| {});
        for t in grouped {
            for step in find(t, &c, &opts) {
                check_step(&step, &solution, &puzzle);
                steps += 1;
                if step.links.iter().any(|l| l.from.als.is_some()) {
                    through_als += 1;
                }
            }
        }
    }
    println!("grouped steps checked: {steps}, through an ALS: {through_als}");
    assert!(through_als > 0, "no step through an ALS among {steps}");
}
