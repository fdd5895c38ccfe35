//! `sudokit rate`: the difficulty of every puzzle, one tab-separated line each, in
//! input order, rated in parallel.

use std::process::ExitCode;
use std::time::Instant;

use sudokit::engine::Budget;
use sudokit::rating::{rate_unique, Difficulty, Unrated};
use sudokit::SolveError;

use crate::common::{InputArgs, TimeLimitArg};
use crate::driver::{drive, fail};
use crate::logic::TechniqueArgs;
use crate::outcome::gave_up_message;

/// Rate puzzles.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  sudokit rate data/top1465.txt
  sudokit rate --threads 1 --stats ../shared/data/puzzles2_17_clue > ratings.tsv
  sudokit rate --without uniqueness,fish puzzles.txt

One line per puzzle in input order, tab-separated: the puzzle, ER/EP/ED on the Sudoku
Explainer scale, the level (easy, medium, hard, unfair, extreme; HoDoKu-style), the
hardest technique, the number of steps and `solved`, or `stuck` when the techniques
cannot finish the puzzle (then ER is what was needed so far and the level is extreme:
a puzzle is never finished by guessing). --json prints one JSON object per puzzle.
Puzzles without exactly one solution get `error: no solution` / `error: multiple
solutions` (logic that assumes uniqueness cannot rate them); a puzzle whose solutions
could not be counted within --time-limit gets `error: gave up`.")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// Print one JSON object per puzzle.
    #[arg(long)]
    json: bool,

    /// Worker threads (default: all cores). Output stays in input order.
    #[arg(long, short = 'j', value_name = "N")]
    threads: Option<usize>,

    /// Print counts, the share finished by logic, time and puzzles/s to standard error.
    #[arg(long)]
    stats: bool,

    #[command(flatten)]
    select: TechniqueArgs,

    #[command(flatten)]
    limit: TimeLimitArg,
}

/// What rating one input gave.
enum Rated {
    Done(Difficulty),
    Malformed(String),
    Invalid(String),
    Solutions(u64),
    GaveUp(SolveError),
}

/// Runs `sudokit rate`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let solver = args.select.solver(false)?;
    let start = Instant::now();
    let (mut finished, mut stuck) = (0u64, 0u64);
    let code = drive(
        &args.input,
        args.threads,
        false,
        |item| {
            let puzzle = match &item.puzzle {
                Ok(p) => p,
                Err(e) => return Rated::Malformed(e.to_string()),
            };
            if let Err(e) = puzzle.validate() {
                return Rated::Invalid(e.to_string());
            }
            let budget = args
                .limit
                .time_limit
                .map_or(Budget::UNLIMITED, Budget::time);
            match rate_unique(puzzle, &solver, budget) {
                Ok(d) => Rated::Done(d),
                Err(Unrated::Solutions(n)) => Rated::Solutions(n),
                Err(Unrated::Engine(e)) => Rated::GaveUp(e),
            }
        },
        |item, rated, out, tally| {
            let puzzle = item
                .puzzle
                .as_ref()
                .map(|p| p.to_line())
                .unwrap_or_default();
            let d = match rated {
                Rated::Done(d) => d,
                Rated::Malformed(m) => {
                    tally.malformed += 1;
                    return fail(out, tally, item, "malformed", &m, false);
                }
                Rated::Invalid(m) => {
                    tally.invalid += 1;
                    return fail(out, tally, item, "invalid", &m, false);
                }
                Rated::GaveUp(e) => {
                    tally.gave_up += 1;
                    let m = gave_up_message(item.line, &e);
                    return fail(out, tally, item, "gave up", &m, false);
                }
                Rated::Solutions(0) => {
                    tally.unsolvable += 1;
                    let m = format!("line {}: no solution", item.line);
                    return fail(out, tally, item, "no solution", &m, false);
                }
                Rated::Solutions(_) => {
                    tally.multiple += 1;
                    let m = format!("line {}: more than one solution", item.line);
                    return fail(out, tally, item, "multiple solutions", &m, false);
                }
            };
            if d.finished() {
                finished += 1;
            } else {
                stuck += 1;
            }
            if args.json {
                let v = serde_json::json!({ "puzzle": puzzle, "difficulty": d });
                return writeln!(out, "{v}");
            }
            writeln!(
                out,
                "{puzzle}\t{}/{}/{}\t{}\t{}\t{}\t{}",
                d.er,
                d.ep,
                d.ed,
                d.level,
                d.hardest.map_or("none", |t| t.id()),
                d.steps,
                if d.finished() { "solved" } else { "stuck" }
            )
        },
    )?;
    if args.stats {
        let secs = start.elapsed().as_secs_f64();
        let rated = finished + stuck;
        eprintln!(
            "rated {rated}: logic finished {finished} ({:.1}%), stuck {stuck}; time {secs:.3} s, {:.0} puzzles/s",
            100.0 * finished as f64 / rated.max(1) as f64,
            rated as f64 / secs.max(1e-9)
        );
    }
    Ok(code)
}
