//! How far logic alone gets, and how fast the rater runs, with and without the pattern
//! families (single-digit patterns, wings, coloring, uniqueness):
//! `cargo run --release --example coverage [FILE…]` (default: the shared 17-clue and
//! top1465 files when they are there, else the samples under `data/`).
//!
//! For each file and each technique set it prints the share of puzzles logic finished
//! and the puzzles rated per second on one thread. Then, untimed, it checks soundness:
//! every step the solver applies, and every step any technique finds where logic gets
//! stuck, against the solution from the solving engine.

use std::time::Instant;

use sudokit::format::{read::records, ReadOptions};
use sudokit::logic::{find, Family, FindOptions, Outcome, Solver, Step, TechniqueSet};
use sudokit::rating::rate;
use sudokit::{Candidates, Grid};

fn puzzles(path: &str) -> Option<Vec<Grid>> {
    let text = std::fs::read_to_string(path).ok()?;
    Some(
        records(&text, &ReadOptions::default())
            .filter_map(|r| r.result.ok())
            .collect(),
    )
}

/// Panics when `step` removes the solution's digit or places a wrong one.
fn check(step: &Step, solution: &Grid, puzzle: &Grid) {
    assert!(step.agrees_with(solution), "{puzzle}: unsound {step:?}");
}

fn main() {
    let mut files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        for (shared, sample) in [
            ("../shared/data/puzzles2_17_clue", "data/17_clue.txt"),
            (
                "../shared/data/puzzles3_magictour_top1465",
                "data/top1465.txt",
            ),
        ] {
            let path = if std::path::Path::new(shared).exists() {
                shared
            } else {
                sample
            };
            files.push(path.to_string());
        }
    }
    let patterns = [
        Family::SingleDigit,
        Family::Wings,
        Family::Coloring,
        Family::Uniqueness,
    ]
    .iter()
    .fold(TechniqueSet::empty(), |s, &f| {
        s.union(TechniqueSet::family(f))
    });
    let sets = [
        (
            "without pattern families",
            TechniqueSet::all().difference(patterns),
        ),
        ("all techniques", TechniqueSet::all()),
    ];
    for path in &files {
        let Some(grids) = puzzles(path) else {
            eprintln!("{path}: cannot read");
            std::process::exit(2);
        };
        for (name, set) in sets {
            let solver = Solver::new(set).explain(false);
            let start = Instant::now();
            let mut finished = 0;
            for g in &grids {
                let d = rate(g, &solver);
                if d.finished() {
                    finished += 1;
                }
            }
            let secs = start.elapsed().as_secs_f64();
            // Untimed: solve again, checking every step against the solution, and on
            // a state logic gets stuck in, every step any technique finds there.
            let mut checked = 0;
            for g in &grids {
                let solution = sudokit::solve(g).expect("the puzzles have a solution");
                assert!(solution.is_solution_of(g));
                let mut c = Candidates::from_grid(g);
                let outcome = solver.solve(&mut c, |step, _| check(step, &solution, g));
                if outcome == Outcome::Solved {
                    assert_eq!(c.to_grid(), solution, "{path}: wrong solution of {g}");
                    checked += 1;
                } else {
                    for t in set.iter() {
                        for step in find(t, &c, &FindOptions::default()) {
                            check(&step, &solution, g);
                        }
                    }
                }
            }
            assert_eq!(checked, finished);
            println!(
                "{path}\t{name}\tfinished {finished}/{} ({:.1}%)\t{:.0} puzzles/s",
                grids.len(),
                100.0 * finished as f64 / grids.len().max(1) as f64,
                grids.len() as f64 / secs
            );
        }
    }
}
