//! `logic-soundness [--all-finders] [FILE…]`: every step of the logic solver on whole
//! puzzle files checked against the solution.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use sudokit::format::{read::records, ReadOptions};
use sudokit::logic::{find, FindOptions, Outcome, Solver, TechniqueSet};
use sudokit::Candidates;

/// Solves every puzzle of each file by logic (every implemented technique) and checks
/// every step against the puzzle's solution (found by the solving engine and
/// verified). With --all-finders, every implemented technique is also run on every
/// state where the solver needed more than singles, and on the state where it
/// stopped. Prints per file the puzzles, the share finished by logic and the steps
/// checked; each unsound step is named on standard error.
///
/// Exit codes: 0 no unsound step; 1 some unsound step; 2 a file cannot be read or the
/// arguments are wrong.
#[derive(Parser)]
#[command(name = "logic-soundness")]
struct Args {
    /// Also run every implemented technique where the solver needed more than singles.
    #[arg(long)]
    all_finders: bool,
    /// Puzzle files. Default: the shared 17-clue and top1465 files when they are there,
    /// else the samples under `data/`.
    files: Vec<PathBuf>,
}

/// Counts of one file.
#[derive(Default)]
struct Tally {
    puzzles: u64,
    finished: u64,
    checked: u64,
    unsound: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let files = if args.files.is_empty() {
        sudokit_bench::logic_files()
    } else {
        args.files
    };
    let mut unsound = 0u64;
    for path in &files {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        let name = path.display().to_string();
        let t = check_file(&name, &text, args.all_finders);
        unsound += t.unsound;
        println!(
            "{name}: {} puzzles, logic finished {} ({:.1}%), {} steps checked",
            t.puzzles,
            t.finished,
            100.0 * t.finished as f64 / t.puzzles.max(1) as f64,
            t.checked
        );
    }
    if unsound > 0 {
        println!("{unsound} unsound steps");
        return ExitCode::FAILURE;
    }
    println!("no unsound step");
    ExitCode::SUCCESS
}

fn check_file(name: &str, text: &str, all_finders: bool) -> Tally {
    let solver = Solver::new(TechniqueSet::all()).explain(false);
    let opts = FindOptions {
        explain: false,
        ..FindOptions::default()
    };
    let mut t = Tally::default();
    for record in records(text, &ReadOptions::default()) {
        let Ok(puzzle) = record.result else { continue };
        let Some(solution) = sudokit::solve(&puzzle).filter(|s| s.is_solution_of(&puzzle)) else {
            eprintln!("{name}:{}: no solution", record.line);
            continue;
        };
        t.puzzles += 1;
        let line = record.line;
        let check = |state: &Candidates, t: &mut Tally| {
            for technique in TechniqueSet::implemented().iter() {
                for s in find(technique, state, &opts) {
                    t.checked += 1;
                    if !s.agrees_with(&solution) {
                        t.unsound += 1;
                        eprintln!("{name}:{line}: unsound {technique:?}: {s:?}");
                    }
                }
            }
        };
        let mut c = Candidates::from_grid(&puzzle);
        let mut before = c.clone();
        let outcome = solver.solve(&mut c, |step, after| {
            t.checked += 1;
            if !step.agrees_with(&solution) {
                t.unsound += 1;
                eprintln!("{name}:{line}: unsound step {step:?}");
            }
            if all_finders && step.rating.0 > 23 {
                check(&before, &mut t);
            }
            before = after.clone();
        });
        if outcome == Outcome::Solved {
            t.finished += 1;
        } else if all_finders {
            check(&c, &mut t);
        }
    }
    t
}
