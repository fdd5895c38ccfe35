//! `sudokit generate`: random puzzles with a unique solution, minimal with respect to a
//! symmetry of the clue pattern (or cut to a target clue count), reproducible from a
//! seed for any number of threads.

use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use rayon::prelude::*;
use sudokit::format::{write, OutputFormat};
use sudokit::generate::{GenerateError, Generated, Generator, Options, SymmetryChoice};
use sudokit::Layout;

use crate::batch;
use crate::common::{FormatArg, RunArgs};
use crate::driver::EXIT_FAILED;

/// Generate puzzles.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  sudokit generate -n 100 --seed 7
  sudokit generate -n 10 --symmetry dihedral --format pretty --with-solution
  sudokit generate --size 16 --symmetry none --strict-minimal
  sudokit generate --size 25 --clues 450 --seed 1

Symmetries (of the clue pattern): none, rotate-180 (default), rotate-90, mirror, flip,
diagonal, anti-diagonal, both-diagonals, dihedral, random. Puzzles are minimal with
respect to the symmetry: no orbit of clues can go without a second solution appearing.
The same --seed gives the same puzzles whatever --threads is.")]
pub struct Args {
    /// How many puzzles.
    #[arg(long = "count", short = 'n', default_value_t = 1, value_name = "N")]
    count: u64,

    /// Board size (4, 6, 9, 12, 16, 25, …).
    #[arg(long, default_value_t = 9, value_name = "N")]
    size: usize,

    /// Symmetry of the clue pattern, or `random` for one per puzzle.
    #[arg(long, default_value = "rotate-180", value_name = "NAME",
          value_parser = |s: &str| s.parse::<SymmetryChoice>().map_err(|e| e.to_string()))]
    symmetry: SymmetryChoice,

    /// Stop removing clues at this count instead of going on to a minimal puzzle;
    /// puzzles that cannot get down to it are made again.
    #[arg(long, value_name = "N")]
    clues: Option<usize>,

    /// Also remove single clues at the end, so the puzzle is minimal in the plain
    /// sense (the symmetry may then be broken).
    #[arg(long)]
    strict_minimal: bool,

    /// Puzzles made per output puzzle before giving up (with --clues).
    #[arg(long, default_value_t = 1000, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    max_attempts: u64,

    /// Seed: the same seed gives the same puzzles (default: from the clock, shown
    /// with --stats).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,

    /// Output form.
    #[arg(long, short, value_enum, default_value_t = FormatArg::Line)]
    format: FormatArg,

    /// Print each puzzle's solution after it (on the same line for `line`).
    #[arg(long)]
    with_solution: bool,

    #[command(flatten)]
    run: RunArgs,
}

/// Batches of at least this many puzzles show a progress bar on a terminal (boards of
/// 16×16 and more take seconds per puzzle, so they show it from two puzzles on).
fn progress_min(size: usize) -> usize {
    if size >= 16 {
        2
    } else {
        200
    }
}

/// Runs `sudokit generate`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let engine = sudokit::engine::by_name(&args.run.engine)?;
    let layout = Layout::classic(args.size)?;
    let options = Options {
        symmetry: args.symmetry,
        target_clues: args.clues,
        strict_minimal: args.strict_minimal,
        max_attempts: args.max_attempts,
    };
    let generator = Generator::new(layout, options, engine.as_ref())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let start = Instant::now();
    let pool = batch::pool(args.run.threads)?;
    let indices: Vec<u64> = (0..args.count).collect();
    let bar = batch::progress_from(indices.len(), "puzzles", progress_min(args.size));
    let format = OutputFormat::from(args.format);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let (mut made, mut failed, mut attempts, mut clues) = (0u64, 0u64, 0u64, 0usize);
    batch::run_ordered(
        &pool,
        &indices,
        &bar,
        |&i| {
            if args.clues.is_some() {
                pool.install(|| first_accepted(&generator, seed, i))
            } else {
                generator.generate(seed, i, |_| true)
            }
        },
        |&i, result| {
            match result {
                Ok((puzzle, tries)) => {
                    made += 1;
                    attempts += tries;
                    clues += puzzle.puzzle.clue_count();
                    print(&mut out, &puzzle, format, args.with_solution)?;
                }
                Err(e) => {
                    failed += 1;
                    eprintln!("error: puzzle {}: {e}", i + 1);
                    writeln!(out, "error: no puzzle")?;
                }
            }
            Ok(())
        },
    )?;
    out.flush().context("writing the puzzles")?;
    if args.run.stats {
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "seed {seed}; puzzles {made}, failed {failed}, attempts {attempts}, mean clues {:.2}\n\
             time {secs:.3} s, {:.1} puzzles/s",
            clues as f64 / made.max(1) as f64,
            made as f64 / secs.max(f64::MIN_POSITIVE),
        );
    }
    Ok(if failed > 0 {
        ExitCode::from(EXIT_FAILED)
    } else {
        ExitCode::SUCCESS
    })
}

/// Puzzle `index` when attempts may be rejected: attempts run in parallel and the
/// first accepted one in attempt order wins, so the result is the one
/// [`Generator::generate`] gives, whatever the number of threads.
fn first_accepted(
    generator: &Generator,
    seed: u64,
    index: u64,
) -> Result<(Generated, u64), GenerateError> {
    let attempts = generator.options().max_attempts;
    (0..attempts)
        .into_par_iter()
        .find_map_first(|a| match generator.attempt(seed, index, a) {
            Ok(made) if generator.on_target(&made) => Some(Ok((made, a + 1))),
            Ok(_) => None,
            Err(e) => Some(Err(e)),
        })
        .unwrap_or(Err(GenerateError::NoMatch { attempts }))
}

/// Writes a puzzle (and its solution) in the chosen form.
fn print(
    out: &mut dyn Write,
    made: &Generated,
    format: OutputFormat,
    with_solution: bool,
) -> std::io::Result<()> {
    let puzzle = write(&made.puzzle, format);
    match (format, with_solution) {
        (OutputFormat::Line, false) => writeln!(out, "{puzzle}"),
        (OutputFormat::Line, true) => writeln!(out, "{puzzle} {}", made.solution.to_line()),
        (_, false) => writeln!(out, "{puzzle}\n"),
        (_, true) => writeln!(out, "{puzzle}\n\n{}\n", write(&made.solution, format)),
    }
}

/// A seed from the clock, for runs without `--seed`.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
