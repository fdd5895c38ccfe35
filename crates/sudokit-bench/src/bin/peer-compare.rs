//! `peer-compare [--reps N] [FILE…]`: sudokit's `fast` engine against the `sudoku` crate
//! on the same puzzles in the same process, single thread.
//!
//! Per file: every answer of both is verified first. Then the file is cut into chunks of
//! 250 puzzles (fewer in a file too short for eight such chunks, but 25 at least), and
//! on each chunk each of the four runs (sudokit and the peer, first
//! solution and count to 2; the count alone on both sides, `Engine::count` and
//! `solutions_count_up_to(2)`) is timed `N` times (default 5), the order alternating
//! between repetitions; a run's time is the sum of its chunks' best times
//! ([`sudokit_bench::best_chunked`]). Times are the thread's own CPU time, so waiting
//! for a core on a shared machine does not count. The table gives puzzles per second and
//! the ratio sudokit / peer.
//!
//! `--engine NAME` measures another sudokit engine for 9×9 boards in place of `fast`
//! (`triad` when built with `--features triad`).
//!
//! `--only TASK` (`sudokit-first`, `sudokit-limit2`, `peer-first`, `peer-limit2`) runs
//! just that task once over the files and prints its time, for profilers such as
//! `valgrind --tool=callgrind`.

use std::path::PathBuf;
use std::process::ExitCode;
use sudokit_bench::{default_files, time, Corpus, Task};

fn main() -> ExitCode {
    let mut reps = 5usize;
    let mut only = None;
    let mut engine = "fast".to_string();
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--reps" {
            match sudokit_bench::reps_value(args.next()) {
                Ok(n) => reps = n,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            }
        } else if a == "--engine" {
            match args.next() {
                Some(name) if sudokit::engine::by_name(&name).is_ok() => engine = name,
                other => {
                    eprintln!(
                        "--engine needs one of: {}; got {other:?}",
                        sudokit::engine::NAMES.join(", ")
                    );
                    return ExitCode::FAILURE;
                }
            }
        } else if a == "--only" {
            let task = match args.next().as_deref() {
                Some("sudokit-first") => Task::SudokitFirst,
                Some("sudokit-limit2") => Task::SudokitLimit2,
                Some("peer-first") => Task::PeerFirst,
                Some("peer-limit2") => Task::PeerLimit2,
                _ => {
                    eprintln!(
                        "--only needs sudokit-first, sudokit-limit2, peer-first or peer-limit2"
                    );
                    return ExitCode::FAILURE;
                }
            };
            only = Some(task);
        } else {
            files.push(PathBuf::from(a));
        }
    }
    if files.is_empty() {
        files = default_files();
    }
    let load = |path: &PathBuf| {
        Corpus::load(path).map(|mut c| {
            if let Ok(e) = sudokit::engine::by_name(&engine) {
                c.engine = e;
            }
            c
        })
    };
    if let Some(task) = only {
        for path in &files {
            match load(path) {
                Ok(corpus) => {
                    let (t, found) = time(&corpus, task);
                    println!("{}: {task:?} {found} found in {t:?}", corpus.name);
                }
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        return ExitCode::SUCCESS;
    }
    println!("sudokit engine: {engine}\n");
    println!("| file | puzzles | sudokit 1st/s | peer 1st/s | ratio | sudokit lim2/s | peer lim2/s | ratio | guesses/puzzle (1st, lim2) |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut failed = false;
    for path in &files {
        let corpus = match load(path) {
            Ok(c) if !c.is_empty() => c,
            Ok(_) => continue,
            Err(e) => {
                eprintln!("{e}");
                failed = true;
                continue;
            }
        };
        let r = match sudokit_bench::compare_engines(&corpus, reps) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{e}");
                failed = true;
                continue;
            }
        };
        let n = corpus.len() as f64;
        println!(
            "| {} | {} | {:.0} | {:.0} | {:.2}× | {:.0} | {:.0} | {:.2}× | {:.2}, {:.2} |",
            corpus.name,
            corpus.len(),
            r.first[0],
            r.first[1],
            r.first[0] / r.first[1],
            r.limit2[0],
            r.limit2[1],
            r.limit2[0] / r.limit2[1],
            r.checked.first.guesses as f64 / n,
            r.checked.limit2.guesses as f64 / n,
        );
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
