//! `sudokit generate`: random puzzles with a unique solution, minimal with respect to a
//! symmetry of the clue pattern (or cut to a target clue count), reproducible from a
//! seed for any number of threads.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;
use sudokit::engine::{Budget, Budgeted};
use sudokit::format::{write, OutputFormat};
use sudokit::generate::{GenerateError, Generated, Generator, Options, SymmetryChoice};
use sudokit::logic::{Level, Rating, Solver, TechniqueSet};
use sudokit::rating::{rate, Difficulty};
use sudokit::{Layout, SolveError};

use crate::batch;
use crate::common::{FormatArg, RunArgs};
use crate::driver::{OutputError, EXIT_FAILED};
use crate::record::{self, RecordArgs};
use crate::shard::{GeneratedId, Selection};

/// Generate puzzles.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  sudokit generate -n 100 --seed 7
  sudokit generate -n 10 --symmetry dihedral --format pretty --with-solution
  sudokit generate --size 16 --symmetry none --strict-minimal
  sudokit generate --size 25 --clues 450 --seed 1
  sudokit generate -n 5 --difficulty hard --rate
  sudokit generate -n 5 --rating 3.0..5.0 --symmetry random

Symmetries (of the clue pattern): none, rotate-180 (default), rotate-90, mirror, flip,
diagonal, anti-diagonal, both-diagonals, dihedral, random. Puzzles are minimal with
respect to the symmetry: no orbit of clues can go without a second solution appearing.
The same --seed gives the same puzzles whatever --threads is. With --output jsonl: one
record per puzzle with id `seed:<seed>:<index>`, the puzzle, its solution, clues,
attempts (and the rating's fields with --rate); --shard and --resume need --seed.")]
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

    /// Puzzles made per output puzzle before giving up (with --clues, --difficulty or
    /// --rating).
    #[arg(long, default_value_t = 1000, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    max_attempts: u64,

    /// Seed: the same seed gives the same puzzles (default: from the clock, shown
    /// with --stats).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,

    /// Keep only puzzles of this level (HoDoKu-style grading by the logic rater):
    /// easy, medium, hard, unfair, extreme. 9×9 only.
    #[arg(long, value_name = "LEVEL", value_parser = parse_level)]
    difficulty: Option<Level>,

    /// Keep only puzzles whose ER (Sudoku Explainer scale: the hardest step needed)
    /// is in MIN..MAX, for example `2.0..4.5`. 9×9 only.
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_range)]
    rating: Option<(Rating, Rating)>,

    /// Print the rating after each puzzle: ER/EP/ED and the level.
    #[arg(long)]
    rate: bool,

    /// Output form.
    #[arg(long, short, value_enum, default_value_t = FormatArg::Line)]
    format: FormatArg,

    /// Print each puzzle's solution after it (on the same line for `line`).
    #[arg(long)]
    with_solution: bool,

    #[command(flatten)]
    run: RunArgs,

    #[command(flatten)]
    records: RecordArgs,
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
    let generator = Generator::new(layout.clone(), options, engine.as_ref())?;
    let rated = args.difficulty.is_some() || args.rating.is_some() || args.rate;
    if rated && args.size != 9 {
        anyhow::bail!("--difficulty, --rating and --rate need 9×9 puzzles (the rater is 9×9)");
    }
    let filter = Filter {
        solver: Solver::new(TechniqueSet::all()).explain(false),
        level: args.difficulty,
        range: args.rating,
    };
    if (args.records.shard.is_some() || args.records.resume) && args.seed.is_none() {
        anyhow::bail!(
            "--shard and --resume need --seed: every shard and every resumed part of a run \
             must make the same puzzles"
        );
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let start = Instant::now();
    let pool = batch::pool(args.run.threads)?;
    let bar = batch::progress_from(args.count as usize, "puzzles", progress_min(args.size));
    let format = OutputFormat::from(args.format);
    let (mut out, done) = args.records.open([])?;
    let selection = Selection::new(args.records.shard, done);
    let done_failures = selection.done_failures();
    let mut id = String::new();
    let indices = (0..args.count).filter(move |&i| selection.keeps_index(seed, i, &mut id));
    let (mut made, mut failed, mut attempts, mut clues) = (0u64, 0u64, 0u64, 0usize);
    batch::run_ordered(
        pool.current_num_threads(),
        indices,
        &bar,
        |&i| i as usize + 1,
        record::timed(
            |&i| {
                // With a time limit, each puzzle index gets its own deadline.
                let budgeted = args.run.limit.time_limit.map(|limit| Budgeted {
                    engine: engine.as_ref(),
                    budget: Budget::time(limit),
                });
                let own;
                let bounded = match &budgeted {
                    Some(engine) => {
                        own = Generator::new(layout.clone(), options, engine)?;
                        &own
                    }
                    None => &generator,
                };
                let made = if args.clues.is_some() || filter.filters() {
                    pool.install(|| first_accepted(bounded, &filter, seed, i))
                } else {
                    bounded.generate(seed, i, |_| true)
                };
                made.map(|(m, tries)| {
                    let rating = rated.then(|| rate(&m.puzzle, &filter.solver));
                    (m, tries, rating)
                })
            },
            out.jsonl(),
        ),
        |&index, (result, elapsed)| {
            out.begin(GeneratedId { seed, index }, || None, elapsed);
            match result {
                Ok((puzzle, tries, rating)) => {
                    made += 1;
                    attempts += tries;
                    clues += puzzle.puzzle.clue_count();
                    let rating = rating.filter(|_| args.rate);
                    if out.jsonl() {
                        out.answer(Made {
                            seed,
                            index,
                            puzzle: puzzle.puzzle.to_line(),
                            solution: puzzle.solution.to_line(),
                            clues: puzzle.puzzle.clue_count(),
                            attempts: tries,
                            rating: rating.as_ref(),
                        })
                    } else {
                        print(
                            &mut out,
                            &puzzle,
                            format,
                            args.with_solution,
                            rating.as_ref(),
                        )
                    }
                }
                Err(e @ GenerateError::Engine(SolveError::GaveUp { .. })) => {
                    failed += 1;
                    let message = format!("puzzle {}: {e} (raise --time-limit)", index + 1);
                    eprintln!("error: {message}");
                    out.failure("gave up", &message, false)
                }
                Err(e) => {
                    failed += 1;
                    let message = format!("puzzle {}: {e}", index + 1);
                    eprintln!("error: {message}");
                    out.failure("no puzzle", &message, false)
                }
            }
            .and_then(|()| out.end())
            .map_err(OutputError)?;
            Ok(())
        },
    )?;
    out.finish().map_err(OutputError)?;
    if args.run.stats {
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "seed {seed}; puzzles {made}, failed {failed}, attempts {attempts}, mean clues {:.2}\n\
             time {secs:.3} s, {:.1} puzzles/s",
            clues as f64 / made.max(1) as f64,
            made as f64 / secs.max(f64::MIN_POSITIVE),
        );
    }
    Ok(if failed + done_failures > 0 {
        ExitCode::from(EXIT_FAILED)
    } else {
        ExitCode::SUCCESS
    })
}

/// The JSON record of a puzzle made.
#[derive(Serialize)]
struct Made<'a> {
    seed: u64,
    index: u64,
    puzzle: String,
    solution: String,
    clues: usize,
    attempts: u64,
    #[serde(flatten)]
    rating: Option<&'a Difficulty>,
}

/// The difficulty filter: the rater and the range asked for.
struct Filter {
    solver: Solver,
    level: Option<Level>,
    range: Option<(Rating, Rating)>,
}

impl Filter {
    /// Whether any difficulty was asked for.
    fn filters(&self) -> bool {
        self.level.is_some() || self.range.is_some()
    }

    /// Whether a puzzle matches.
    fn accepts(&self, made: &Generated) -> bool {
        if !self.filters() {
            return true;
        }
        let d = rate(&made.puzzle, &self.solver);
        let level_ok = !matches!(self.level, Some(l) if l != d.level);
        let range_ok = match self.range {
            Some((lo, hi)) => d.finished() && lo <= d.er && d.er <= hi,
            None => true,
        };
        level_ok && range_ok
    }
}

/// Puzzle `index` when attempts may be rejected (clue target, difficulty): attempts run
/// in parallel and the first accepted one in attempt order wins, so the result is the
/// one [`Generator::generate`] gives, whatever the number of threads.
fn first_accepted(
    generator: &Generator,
    filter: &Filter,
    seed: u64,
    index: u64,
) -> Result<(Generated, u64), GenerateError> {
    let attempts = generator.options().max_attempts;
    (0..attempts)
        .into_par_iter()
        .find_map_first(|a| match generator.attempt(seed, index, a) {
            Ok(made) if generator.on_target(&made) && filter.accepts(&made) => {
                Some(Ok((made, a + 1)))
            }
            Ok(_) => None,
            Err(e) => Some(Err(e)),
        })
        .unwrap_or(Err(GenerateError::NoMatch { attempts }))
}

fn parse_level(s: &str) -> Result<Level, String> {
    Level::ALL
        .into_iter()
        .find(|l| l.name().eq_ignore_ascii_case(s))
        .ok_or_else(|| {
            format!("unknown level `{s}`; choose one of: easy, medium, hard, unfair, extreme")
        })
}

/// `MIN..MAX` on the SE scale (one decimal), for example `2.0..4.5`.
fn parse_range(s: &str) -> Result<(Rating, Rating), String> {
    let bad = || format!("expected MIN..MAX with ratings like 2.0..4.5, got `{s}`");
    let (lo, hi) = s.split_once("..").ok_or_else(bad)?;
    let value = |v: &str| -> Result<Rating, String> {
        let x: f64 = v.trim().parse().map_err(|_| bad())?;
        if !(0.0..=100.0).contains(&x) {
            return Err(bad());
        }
        Ok(Rating((x * 10.0).round() as u16))
    };
    let (lo, hi) = (value(lo)?, value(hi)?);
    if lo > hi {
        return Err(format!("the rating range {s} is empty (MIN is over MAX)"));
    }
    Ok((lo, hi))
}

/// Writes a puzzle (and its solution) in the chosen form.
fn print(
    out: &mut dyn Write,
    made: &Generated,
    format: OutputFormat,
    with_solution: bool,
    rating: Option<&Difficulty>,
) -> std::io::Result<()> {
    let puzzle = write(&made.puzzle, format);
    let rating = rating.map_or(String::new(), |d| {
        let level = d.level.name();
        let sep = if format == OutputFormat::Line {
            " "
        } else {
            "\n"
        };
        format!("{sep}ER/EP/ED {}/{}/{} {level}", d.er, d.ep, d.ed)
    });
    match (format, with_solution) {
        (OutputFormat::Line, false) => writeln!(out, "{puzzle}{rating}"),
        (OutputFormat::Line, true) => {
            writeln!(out, "{puzzle} {}{rating}", made.solution.to_line())
        }
        (_, false) => writeln!(out, "{puzzle}{rating}\n"),
        (_, true) => writeln!(
            out,
            "{puzzle}{rating}\n\n{}\n",
            write(&made.solution, format)
        ),
    }
}

/// A seed from the clock, for runs without `--seed`.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
