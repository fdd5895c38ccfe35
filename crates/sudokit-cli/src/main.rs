//! The `sudokit` command: a thin layer of subcommands over the `sudokit` library.
//!
//! Exit codes, the same for every command:
//!
//! | code | meaning |
//! |---|---|
//! | 0 | every puzzle succeeded; also when the reader of the output closed it early (`\| head`): the command stops quietly |
//! | 1 | some puzzle failed (marker line `error: …` on standard output, the reason on standard error; the rest of the batch is still done), an input file could not be read, `hint` found no step or `explain` did not finish some puzzle, `bench` verified a wrong answer, `generate` made no puzzle for some index |
//! | 2 | usage error: an unknown option or a bad value (the command did nothing) |
//! | 3 | standard output could not be written (`cannot write output: …`, a full disk) |

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

Exit codes: 0 all puzzles succeeded (or the output was closed early); 1 some puzzle
failed or a file could not be read (see standard error; the rest of the batch is still
done); 2 usage error; 3 the output could not be written."
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
    /// Serve the page and a JSON API (solve, count, hint, explain, rate, generate).
    Serve(cmd::serve::Args),
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
        Command::Serve(args) => cmd::serve::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => exit_for(&e),
    }
}

/// The exit code of an error that stopped a command: a failed write of the output, or
/// else a usage error.
fn exit_for(e: &anyhow::Error) -> ExitCode {
    let output = e
        .chain()
        .find_map(|c| c.downcast_ref::<driver::OutputError>());
    match output {
        Some(o) if o.0.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Some(o) => {
            eprintln!("error: {o}");
            ExitCode::from(driver::EXIT_OUTPUT)
        }
        None => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
