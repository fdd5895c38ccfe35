//! `gen-compare [--count N] [--reps N] [FILE]`: sudokit's generator and canonical form
//! against the `sudoku` crate, in the same process, one thread.
//!
//! Generation: each side makes `N` random minimal unique 9×9 puzzles (default 5,000)
//! with no symmetry and with the half-turn symmetry; 300 of each side (at most `N`) are
//! checked first. Canonical form: each side canonicalizes every puzzle of FILE (default:
//! the shared 17-clue file, else the sample under `data/`). Every run is repeated
//! `--reps` times (default 3), alternating sides, and the best time is kept; the table
//! gives puzzles per second and the ratio sudokit / peer. What is checked and how the
//! two canonical forms differ: [`sudokit_bench::generation`].

use std::path::PathBuf;
use std::process::ExitCode;

use sudokit_bench::generation::{canon_row, generation_row, HEAD, SYMMETRIES};
use sudokit_bench::Corpus;

/// Puzzles of each side checked before generation is timed.
const CHECKED: u64 = 300;

fn main() -> ExitCode {
    let (mut count, mut reps, mut file) = (5000u64, 3usize, None);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = |v: Option<String>| v.and_then(|n| n.parse().ok()).filter(|&n| n > 0);
        match a.as_str() {
            "--count" => match value(args.next()) {
                Some(n) => count = n as u64,
                None => return usage(),
            },
            "--reps" => match value(args.next()) {
                Some(n) => reps = n,
                None => return usage(),
            },
            _ => file = Some(PathBuf::from(a)),
        }
    }
    println!("{HEAD}");
    for (symmetry, label) in SYMMETRIES {
        match generation_row(symmetry, label, count, CHECKED, reps) {
            Ok(line) => println!("{line}"),
            Err(e) => {
                eprintln!("verification failed: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let path =
        file.unwrap_or_else(|| sudokit_bench::shared_or_sample("puzzles2_17_clue", "17_clue.txt"));
    let label = "canonical form, 17-clue puzzles";
    match Corpus::load(&path).and_then(|c| canon_row(&c.grids, label, reps)) {
        Ok(line) => println!("{line}"),
        Err(e) => {
            eprintln!("verification failed: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: gen-compare [--count N] [--reps N] [FILE]");
    ExitCode::FAILURE
}
