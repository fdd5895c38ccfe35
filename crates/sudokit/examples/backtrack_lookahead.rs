//! Nodes and speed of the `backtrack` engine for each depth of look-ahead (0 = none,
//! 1 = the seed's, 2 = its follow-up's, …). Every solution is checked.
//!
//! Run with
//! `cargo run --release -p sudokit --example backtrack_lookahead -- data/top1465.txt 1,2,3`
//! (a puzzle file, and optionally the depths to try; 0 is slow on hard puzzles).

use std::time::Instant;

use sudokit::engine::{Backtrack, Query};
use sudokit::format::read::records;
use sudokit::{Grid, ReadOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let file = args
        .next()
        .ok_or("usage: backtrack_lookahead FILE [DEPTH,…]")?;
    let depths = args.next().unwrap_or_else(|| "1,2,3".to_string());
    let text = std::fs::read_to_string(&file)?;
    let puzzles: Vec<Grid> = records(&text, &ReadOptions::default())
        .filter_map(|r| r.result.ok())
        .collect();
    println!("{} puzzles from {file}", puzzles.len());
    println!("| look-ahead | puzzles/s | nodes/puzzle | swaps/puzzle | cut-offs/puzzle |");
    println!("|---|---|---|---|---|");
    for depth in depths.split(',') {
        let engine = Backtrack {
            lookahead: depth.trim().parse()?,
        };
        let start = Instant::now();
        let (mut nodes, mut swaps, mut cutoffs) = (0, 0, 0);
        for p in &puzzles {
            let (found, counters) = engine.search_counted(p, &Query::first())?;
            let ok = found.solution.is_some_and(|s| s.is_solution_of(p));
            assert!(ok, "look-ahead {depth}: wrong answer for {p}");
            nodes += found.stats.nodes;
            swaps += counters.swaps;
            cutoffs += counters.cutoffs;
        }
        let per = |v: u64| v as f64 / puzzles.len().max(1) as f64;
        println!(
            "| {depth} | {:.1} | {:.0} | {:.0} | {:.0} |",
            puzzles.len() as f64 / start.elapsed().as_secs_f64(),
            per(nodes),
            per(swaps),
            per(cutoffs)
        );
    }
    Ok(())
}
