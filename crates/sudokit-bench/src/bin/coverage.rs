//! `coverage [FILE…]`: how far logic alone gets, and how fast the rater runs, with and
//! without the pattern families.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use sudokit::logic::{find, Family, FindOptions, Outcome, Solver, TechniqueSet};
use sudokit::rating::rate;
use sudokit::Candidates;

/// For each file, and for every technique with and without the pattern families
/// (single-digit patterns, wings, coloring, uniqueness): the share of puzzles logic
/// finishes and the puzzles rated per second on one thread. Then, untimed, soundness:
/// every step the solver applies, and every step any technique finds where logic gets
/// stuck, is checked against the solution from the solving engine (itself checked).
///
/// Exit codes: 0 done and sound; 1 an unsound step or a wrong solution; 2 a file
/// cannot be read or the arguments are wrong.
#[derive(Parser)]
#[command(name = "coverage")]
struct Args {
    /// Puzzle files. Default: the shared 17-clue and top1465 files when they are there,
    /// else the samples under `data/`.
    files: Vec<PathBuf>,
}

fn main() -> ExitCode {
    let mut files = Args::parse().files;
    if files.is_empty() {
        files = sudokit_bench::logic_files();
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
        let grids = match sudokit_bench::read_puzzles(path) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        };
        let path = path.display();
        for (name, set) in sets {
            let solver = Solver::new(set).explain(false);
            let start = Instant::now();
            let finished = grids.iter().filter(|g| rate(g, &solver).finished()).count();
            let secs = start.elapsed().as_secs_f64();
            // Untimed: solve again, checking every step against the solution, and on
            // a state logic gets stuck in, every step any technique finds there.
            let (mut unsound, mut solved) = (0, 0);
            for g in &grids {
                let Some(solution) = sudokit::solve(g).filter(|s| s.is_solution_of(g)) else {
                    eprintln!("{path}: no verified solution for {g}");
                    return ExitCode::FAILURE;
                };
                let mut c = Candidates::from_grid(g);
                let outcome = solver.solve(&mut c, |step, _| {
                    if !step.agrees_with(&solution) {
                        eprintln!("{path}: unsound {step:?} in {g}");
                        unsound += 1;
                    }
                });
                if outcome == Outcome::Solved {
                    if c.to_grid() != solution {
                        eprintln!("{path}: wrong solution of {g}");
                        return ExitCode::FAILURE;
                    }
                    solved += 1;
                } else {
                    for t in set.iter() {
                        for step in find(t, &c, &FindOptions::default()) {
                            if !step.agrees_with(&solution) {
                                eprintln!("{path}: unsound {step:?} in {g}");
                                unsound += 1;
                            }
                        }
                    }
                }
            }
            if unsound > 0 {
                return ExitCode::FAILURE;
            }
            if solved != finished {
                eprintln!("{path}: the rater finished {finished} puzzles, the solver {solved}");
                return ExitCode::FAILURE;
            }
            println!(
                "{path}\t{name}\tfinished {finished}/{} ({:.1}%)\t{:.0} puzzles/s",
                grids.len(),
                100.0 * finished as f64 / grids.len().max(1) as f64,
                grids.len() as f64 / secs
            );
        }
    }
    ExitCode::SUCCESS
}
