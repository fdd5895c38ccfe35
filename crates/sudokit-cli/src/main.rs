//! The `sudokit` command: a thin layer of subcommands over the `sudokit` library.
//!
//! Exit codes: 0 when every puzzle succeeded; 1 when some puzzle failed (malformed,
//! invalid, no solution, several solutions with `--unique`, a file that cannot be
//! read) — the rest of the batch is still done; 2 for a usage error (bad option).

mod batch;
mod cmd;
mod common;
mod driver;
mod input;
mod logic;
mod outcome;
mod pipeline;

/// The allocator of the command. A batch parses and solves its grids on the worker
/// threads and writes and frees them on the calling thread; the system allocator takes a
/// lock for each such free, mimalloc does not (figures in `docs/perf/cli.md`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Sudoku toolkit: solve, count and benchmark puzzles of every classic size.
#[derive(Debug, Parser)]
#[command(
    name = "sudokit",
    version,
    about,
    after_help = "\
Examples:
  sudokit solve data/examples.txt
  sudokit solve --format pretty --unique puzzles.txt
  sudokit count --limit 2 data/serg_multi.txt
  sudokit bench --engine all data/top1465.txt
  sudokit generate -n 100 --symmetry rotate-180 --seed 7
  sudokit canon --dedupe puzzles.txt

Exit codes: 0 all puzzles succeeded; 1 some puzzle failed (see standard error; the
rest of the batch is still done); 2 usage error."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve puzzles: one solution per puzzle, in input order.
    Solve(cmd::solve::Args),
    /// Count the solutions of puzzles, up to a limit.
    Count(cmd::count::Args),
    /// Measure engines on puzzle files (puzzles/s, verified).
    Bench(cmd::bench::Args),
    /// Generate puzzles: unique, minimal, symmetric, reproducible from a seed.
    Generate(cmd::generate::Args),
    /// Canonical forms of 9×9 puzzles; drop equivalent puzzles with --dedupe.
    Canon(cmd::canon::Args),
    /// Show the next logical step of a puzzle or pencilmark grid.
    Hint(cmd::hint::Args),
    /// Explain every logical step of a puzzle, easiest first.
    Explain(cmd::explain::Args),
    /// Rate puzzles: ER/EP/ED, level and hardest technique, one line each.
    Rate(cmd::rate::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => cmd::solve::run(args),
        Command::Count(args) => cmd::count::run(args),
        Command::Bench(args) => cmd::bench::run(args),
        Command::Generate(args) => cmd::generate::run(args),
        Command::Canon(args) => cmd::canon::run(args),
        Command::Hint(args) => cmd::hint::run(args),
        Command::Explain(args) => cmd::explain::run(args),
        Command::Rate(args) => cmd::rate::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
