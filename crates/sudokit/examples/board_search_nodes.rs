//! Nodes expanded by the coursework's searches (`bfs`, `best-first`) with and without
//! each of its improvements: naked pairs (and triples) in `setSquare`, and the collapse
//! rule in `successors()`. Every solution is checked against its puzzle.
//!
//! Run with
//! `cargo run --release -p sudokit --example board_search_nodes -- data/top1465.txt 200`
//! (a puzzle file, and optionally how many of its puzzles to use).

use std::time::Instant;

use sudokit::engine::bfs::Strategy;
use sudokit::engine::{BoardSearch, Engine, Query};
use sudokit::format::read::records;
use sudokit::{Grid, ReadOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let file = args
        .next()
        .ok_or("usage: board_search_nodes FILE [COUNT]")?;
    let take: usize = match args.next() {
        Some(n) => n.parse()?,
        None => usize::MAX,
    };
    let text = std::fs::read_to_string(&file)?;
    let puzzles: Vec<Grid> = records(&text, &ReadOptions::default())
        .filter_map(|r| r.result.ok())
        .take(take)
        .collect();
    println!("{} puzzles from {file}", puzzles.len());
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
                            let ok = found.solution.is_some_and(|s| s.is_solution_of(p));
                            assert!(ok, "{}: wrong answer for {p}", engine.name());
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
    Ok(())
}
