//! The pattern families (single-digit patterns, wings, coloring, uniqueness) on other
//! classic sizes: thinned random solution grids are solved by logic and every step is
//! checked against the grid they came from. Without the uniqueness techniques a step
//! must hold for every solution, so any puzzle will do; with them, only puzzles with
//! exactly one solution are used.

mod common;

use rand::SeedableRng;
use sudokit::logic::{find, Family, FindOptions, Solver, Step, TechniqueSet};
use sudokit::{Candidates, Grid};

fn check(step: &Step, full: &Grid) {
    assert!(step.agrees_with(full), "unsound: {step:?}");
}

fn patterns() -> TechniqueSet {
    [
        Family::SingleDigit,
        Family::Wings,
        Family::Coloring,
        Family::Uniqueness,
    ]
    .iter()
    .fold(TechniqueSet::empty(), |s, &f| {
        s.union(TechniqueSet::family(f))
    })
}

/// Solves `puzzle` with `set`, checking every step and, where logic stops, every
/// pattern step there; returns how many pattern steps were seen.
fn run(puzzle: &Grid, full: &Grid, set: TechniqueSet) -> usize {
    let mut c = Candidates::from_grid(puzzle);
    let mut seen = 0;
    Solver::new(set).solve(&mut c, |step, _| {
        check(step, full);
        seen += usize::from(patterns().contains(step.technique));
    });
    for t in set.intersection(patterns()).iter() {
        for step in find(t, &c, &FindOptions::default()) {
            check(&step, full);
            seen += 1;
        }
    }
    seen
}

#[test]
fn sound_on_other_sizes() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(6);
    // Forcing chains and nets are left out: they are checked on 9×9 (logic_soundness),
    // and on the many-solution big boards here they would search every premise.
    let forcing = TechniqueSet::family(Family::Forcing);
    let without = TechniqueSet::select(None, None, false)
        .unwrap()
        .difference(forcing);
    let all = TechniqueSet::select(None, None, true)
        .unwrap()
        .difference(forcing);
    let mut pattern_steps = 0;
    for (n, keep, count) in [
        (4, 0.3, 40),
        (6, 0.35, 100),
        (8, 0.4, 100),
        (12, 0.4, 40),
        (16, 0.45, 20),
    ] {
        for _ in 0..count {
            let full = common::random_full_grid(n, &mut rng);
            let puzzle = common::thin(&full, keep, &mut rng);
            pattern_steps += run(&puzzle, &full, without);
            if n <= 8 && sudokit::count(&puzzle, 2) == 1 {
                pattern_steps += run(&puzzle, &full, all);
            }
        }
    }
    assert!(pattern_steps >= 10, "only {pattern_steps} pattern steps");
}
