//! `logic-compare [--reps N] [--techniques LIST|crate] [FILE…]`: sudokit's logic solver
//! against the `sudoku` crate's `StrategySolver` (all its strategies) on the same
//! puzzles in the same process, one thread.
//!
//! Per file: first, untimed, both solve every puzzle by logic and every grid either one
//! finishes is checked against its puzzle; that gives the share each finishes. Then
//! both sides are timed over the whole file `N` times (default 3), alternating, and the
//! best time of each is kept ([`sudokit_bench::logic`]). Without `--techniques`,
//! sudokit's side is the full rater (`rate`, every implemented technique, no
//! explanations); with it, sudokit's `Solver::solve` with that selection, and `crate`
//! selects the techniques matching the crate's 16 strategies
//! ([`sudokit_bench::logic::CRATE_TECHNIQUES`]). Default files: the shared 17-clue and
//! top1465 files, else the samples under `data/`.

use std::path::PathBuf;
use std::process::ExitCode;

use sudokit::logic::{Solver, TechniqueSet};
use sudokit_bench::logic::{row, techniques, Side, HEAD};
use sudokit_bench::Corpus;

fn main() -> ExitCode {
    let mut reps = 3usize;
    let mut files = Vec::new();
    let (mut set, mut side) = (TechniqueSet::all(), Side::Rate);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let parsed = match a.as_str() {
            "--reps" => sudokit_bench::reps_value(args.next()).map(|n| reps = n),
            "--techniques" => techniques(&args.next().unwrap_or_default()).map(|s| {
                set = s;
                side = Side::Solve;
            }),
            _ => {
                files.push(PathBuf::from(a));
                Ok(())
            }
        };
        if let Err(e) = parsed {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    if files.is_empty() {
        files = sudokit_bench::logic_files();
    }
    let solver = Solver::new(set).explain(false);
    println!("{HEAD}");
    for path in files {
        match Corpus::load(&path).and_then(|c| row(&c, &solver, side, reps)) {
            Ok(line) => println!("{line}"),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
