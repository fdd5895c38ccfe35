//! `backtrack-lookahead FILE [--depths 1,2,3]`: nodes and speed of the `backtrack`
//! engine for each depth of look-ahead.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use sudokit::engine::{Backtrack, Query};

/// Solves every puzzle of FILE with the `backtrack` engine once per look-ahead depth
/// (0 = none, 1 = the seed's, 2 = its follow-up's, …) and prints a Markdown table:
/// puzzles per second, and nodes, swaps and cut-offs per puzzle. Every solution is
/// checked against its puzzle.
///
/// Exit codes: 0 done; 1 a wrong answer or an engine error; 2 the file cannot be read
/// or the arguments are wrong.
#[derive(Parser)]
#[command(name = "backtrack-lookahead")]
struct Args {
    /// A puzzle file (any format `sudokit solve` reads).
    file: PathBuf,
    /// The look-ahead depths to try, comma-separated (0 is slow on hard puzzles).
    #[arg(long, value_delimiter = ',', default_value = "1,2,3")]
    depths: Vec<usize>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let puzzles = match sudokit_bench::read_puzzles(&args.file) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    println!("{} puzzles from {}", puzzles.len(), args.file.display());
    println!("| look-ahead | puzzles/s | nodes/puzzle | swaps/puzzle | cut-offs/puzzle |");
    println!("|---|---|---|---|---|");
    for lookahead in args.depths {
        let engine = Backtrack { lookahead };
        let start = Instant::now();
        let (mut nodes, mut swaps, mut cutoffs) = (0, 0, 0);
        for p in &puzzles {
            let (found, counters) = match engine.search_counted(p, &Query::first()) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("look-ahead {lookahead}: {e} on {p}");
                    return ExitCode::FAILURE;
                }
            };
            if !found.solution.is_some_and(|s| s.is_solution_of(p)) {
                eprintln!("look-ahead {lookahead}: wrong answer for {p}");
                return ExitCode::FAILURE;
            }
            nodes += found.stats.nodes;
            swaps += counters.swaps;
            cutoffs += counters.cutoffs;
        }
        let per = |v: u64| v as f64 / puzzles.len().max(1) as f64;
        println!(
            "| {lookahead} | {:.1} | {:.0} | {:.0} | {:.0} |",
            puzzles.len() as f64 / start.elapsed().as_secs_f64(),
            per(nodes),
            per(swaps),
            per(cutoffs)
        );
    }
    ExitCode::SUCCESS
}
