//! `board-search-nodes FILE [--count N]`: nodes expanded by the coursework's searches
//! with and without each of their improvements.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use sudokit::engine::bfs::Strategy;
use sudokit::engine::{BoardSearch, Engine, Query};

/// Runs the coursework's searches (`bfs`, `best-first`) over the puzzles of FILE with
/// naked subsets up to pairs or triples in `setSquare` or none, and the collapse rule
/// of `successors()` on or off, and prints a Markdown table: puzzles solved, puzzles
/// over the search's bound, nodes expanded, peak frontier and time. Every solution is
/// checked against its puzzle.
///
/// Exit codes: 0 done; 1 a wrong answer; 2 the file cannot be read or the arguments
/// are wrong.
#[derive(Parser)]
#[command(name = "board-search-nodes")]
struct Args {
    /// A puzzle file (any format `sudokit solve` reads).
    file: PathBuf,
    /// Use only the first N puzzles of the file.
    #[arg(long, value_name = "N")]
    count: Option<usize>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut puzzles = match sudokit_bench::read_puzzles(&args.file) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    puzzles.truncate(args.count.unwrap_or(usize::MAX));
    println!("{} puzzles from {}", puzzles.len(), args.file.display());
    println!("| search | naked subsets | collapse | solved | over the bound | nodes expanded | per puzzle | peak frontier | time |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for subsets in [1, 2, 3] {
        for collapse in [false, true] {
            for strategy in [Strategy::BreadthFirst, Strategy::BestFirst] {
                let engine = BoardSearch {
                    strategy,
                    subsets,
                    collapse,
                    ..BoardSearch::bfs()
                };
                let start = Instant::now();
                let (mut solved, mut bound, mut expanded, mut peak) = (0, 0, 0, 0);
                for p in &puzzles {
                    match engine.search_counted(p, &Query::first()) {
                        Ok((found, counters)) => {
                            if !found.solution.is_some_and(|s| s.is_solution_of(p)) {
                                eprintln!("{}: wrong answer for {p}", engine.name());
                                return ExitCode::FAILURE;
                            }
                            solved += 1;
                            expanded += counters.expanded;
                            peak = peak.max(counters.peak_frontier);
                        }
                        Err(_) => bound += 1,
                    }
                }
                println!(
                    "| {} | {} | {} | {solved} | {bound} | {expanded} | {:.1} | {peak} | {:.2} s |",
                    engine.name(),
                    subsets,
                    if collapse { "on" } else { "off" },
                    expanded as f64 / solved.max(1) as f64,
                    start.elapsed().as_secs_f64()
                );
            }
        }
    }
    ExitCode::SUCCESS
}
