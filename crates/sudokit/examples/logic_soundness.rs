//! Soundness of the logic solver on whole puzzle files: every step of every puzzle is
//! checked against the solution (found by the solving engine and verified); with
//! `--all-finders`, every implemented technique is also run on every state where the
//! solver needed more than singles, and on the state where it stopped.
//!
//! `cargo run --release --example logic_soundness -- [--all-finders] FILE…`
//! (default: the shared 17-clue and top1465 files). Prints per file the puzzles, the
//! share finished by logic and the steps checked; exits 1 on any unsound step.

use sudokit::format::{read::records, ReadOptions};
use sudokit::logic::{find, FindOptions, Outcome, Solver, Step, TechniqueSet};
use sudokit::{Candidates, Grid};

fn sound(step: &Step, solution: &Grid) -> bool {
    step.eliminations.iter().all(|&(c, d)| solution.get(c) != d)
        && step.placements.iter().all(|&(c, d)| solution.get(c) == d)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let all = args.iter().any(|a| a == "--all-finders");
    args.retain(|a| a != "--all-finders");
    if args.is_empty() {
        args = ["puzzles2_17_clue", "puzzles3_magictour_top1465"]
            .map(|f| format!("../shared/data/{f}"))
            .to_vec();
    }
    let solver = Solver::new(TechniqueSet::all()).explain(false);
    let opts = FindOptions { explain: false };
    let mut bad = 0u64;
    for path in &args {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(2);
            }
        };
        let (mut puzzles, mut finished, mut checked) = (0u64, 0u64, 0u64);
        for record in records(&text, &ReadOptions::default()) {
            let Ok(puzzle) = record.result else { continue };
            let Some(solution) = sudokit::solve(&puzzle).filter(|s| s.is_solution_of(&puzzle))
            else {
                eprintln!("{path}:{}: no solution", record.line);
                continue;
            };
            puzzles += 1;
            let mut c = Candidates::from_grid(&puzzle);
            let mut before = c.clone();
            let check_all = |state: &Candidates, checked: &mut u64, bad: &mut u64| {
                for t in TechniqueSet::implemented().iter() {
                    for s in find(t, state, &opts) {
                        *checked += 1;
                        if !sound(&s, &solution) {
                            *bad += 1;
                            eprintln!("{path}:{}: unsound {:?}: {s:?}", record.line, t);
                        }
                    }
                }
            };
            let outcome = solver.solve(&mut c, |step, after| {
                checked += 1;
                if !sound(step, &solution) {
                    bad += 1;
                    eprintln!("{path}:{}: unsound step {step:?}", record.line);
                }
                if all && step.rating.0 > 23 {
                    check_all(&before, &mut checked, &mut bad);
                }
                before = after.clone();
            });
            if outcome == Outcome::Solved {
                finished += 1;
            } else if all {
                check_all(&c, &mut checked, &mut bad);
            }
        }
        println!(
            "{path}: {puzzles} puzzles, logic finished {finished} ({:.1}%), {checked} steps checked",
            100.0 * finished as f64 / puzzles.max(1) as f64
        );
    }
    if bad > 0 {
        println!("{bad} unsound steps");
        std::process::exit(1);
    }
    println!("no unsound step");
}
