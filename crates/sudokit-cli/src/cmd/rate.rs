//! `sudokit rate`: the difficulty of every puzzle, one tab-separated line each, in
//! input order, rated in parallel.

use std::process::ExitCode;
use std::time::Instant;

use sudokit::format::pencilmark;
use sudokit::rating::{rate_unique, rate_unique_state, Difficulty};
use sudokit::serate::{self, SeError, SeRating};

use crate::batch;
use crate::common::{InputArgs, TimeLimitArg};
use crate::driver::{drive_texts, Settings};
use crate::input;
use crate::logic::{self, Input, TechniqueArgs, Unusable};
use crate::record::RecordArgs;

/// Rate puzzles.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  sudokit rate data/top1465.txt
  sudokit rate --threads 1 --stats ../shared/data/puzzles2_17_clue > ratings.tsv
  sudokit rate --without uniqueness,fish puzzles.txt
  sudokit rate --se --time-limit 60 data/top1465.txt   # with Sudoku Explainer's ER/EP/ED

One line per puzzle in input order, tab-separated: the puzzle, ER/EP/ED of sudokit's
path on the Sudoku Explainer scale, the level (easy, medium, hard, unfair, extreme;
HoDoKu-style), the hardest technique, the number of steps and `solved`, or `stuck` when
the techniques cannot finish the puzzle (then ER is what was needed so far and the
level is extreme: a puzzle is never finished by guessing). With --se, a last column
holds ER/EP/ED exactly as Sudoku Explainer's `serate` gives them (its own solver and
path, 9×9 only, else `-`), or `unrated after 10s` when --time-limit ran out first; it
costs far more than the rest on hard puzzles (seconds to minutes each). --json prints
one JSON object per puzzle (with `se` under --se); --output jsonl one record per puzzle
with id, input, the difficulty's fields (and `se`) and time.
On a terminal a progress bar on stderr counts the lines of input done.
Input as for `solve`, and pencilmark grids and Sukaku lines as for `hint`. Puzzles that
cannot be read or have not exactly one solution get a marker line `error: malformed`,
`error: invalid`, `error: no solution` or `error: multiple solutions` (logic that
assumes uniqueness cannot rate them), with the reason on standard error; a puzzle that
could not be rated (logic and the count of its solutions) within --time-limit gets
`error: gave up`.")]
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

    /// Add Sudoku Explainer's own ER/EP/ED (its solver and path, as `serate` rates).
    #[arg(long)]
    se: bool,

    #[command(flatten)]
    select: TechniqueArgs,

    #[command(flatten)]
    limit: TimeLimitArg,

    #[command(flatten)]
    records: RecordArgs,
}

/// Runs `sudokit rate`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let solver = args.select.solver(false)?;
    let start = Instant::now();
    let (mut finished, mut stuck) = (0u64, 0u64);
    let (texts, unreadable) = input::read_texts(&args.input.files);
    let opts = args.input.read_options();
    let texts = logic::with_candidates(texts, &opts);
    let code = drive_texts(
        &texts,
        &unreadable,
        &opts,
        Settings {
            threads: args.threads,
            stats: false,
            records: &args.records,
            progress_min: batch::SLOW_PROGRESS_MIN,
        },
        |item| -> Result<(String, Difficulty, Se), Unusable> {
            // The time limit is per puzzle: its clock starts here.
            let budget = args.limit.budget();
            Ok(match logic::input(item)? {
                Input::Puzzle(p) => {
                    let d = rate_unique(p, &solver, budget)?;
                    let s = if args.se {
                        se(serate::rate(p, budget))?
                    } else {
                        Se::Off
                    };
                    (p.to_line(), d, s)
                }
                Input::Candidates(c) => {
                    let label = pencilmark::write_sukaku(&c);
                    let s = if args.se {
                        se(serate::explain_state(&c, budget).map(|r| r.rating))?
                    } else {
                        Se::Off
                    };
                    (label, rate_unique_state(c, &solver, budget)?, s)
                }
            })
        },
        |item, rated, out, tally| {
            let (puzzle, d, s) = match rated {
                Ok(r) => r,
                Err(u) => return u.report(item, out, tally, false),
            };
            tally.solved += 1;
            if d.finished() {
                finished += 1;
            } else {
                stuck += 1;
            }
            if out.jsonl() || args.json {
                let se = match s {
                    Se::Rated(r) => serde_json::json!({
                        "er": f64::from(r.er.0) / 10.0,
                        "ep": f64::from(r.ep.0) / 10.0,
                        "ed": f64::from(r.ed.0) / 10.0,
                    }),
                    Se::Unrated => unrated(&args.limit).into(),
                    Se::Undefined | Se::Off => serde_json::Value::Null,
                };
                let with_se = !matches!(s, Se::Off);
                if out.jsonl() {
                    let mut fields = serde_json::to_value(&d)?;
                    if with_se {
                        fields["se"] = se;
                    }
                    return out.answer(fields);
                }
                let mut v = serde_json::json!({ "puzzle": puzzle, "difficulty": d });
                if with_se {
                    v["se"] = se;
                }
                return writeln!(out, "{v}");
            }
            let se = match s {
                Se::Rated(r) => format!("\t{r}"),
                Se::Unrated => format!("\t{}", unrated(&args.limit)),
                Se::Undefined => "\t-".to_string(),
                Se::Off => String::new(),
            };
            writeln!(
                out,
                "{puzzle}\t{}/{}/{}\t{}\t{}\t{}\t{}{se}",
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

/// Sudoku Explainer's ratings of one puzzle, as `rate` reports them.
enum Se {
    Rated(SeRating),
    /// The time limit ran out first.
    Unrated,
    /// Not a classic 9×9 puzzle.
    Undefined,
    /// Not asked for (no `--se`).
    Off,
}

fn se(r: Result<SeRating, SeError>) -> Result<Se, Unusable> {
    match r {
        Ok(r) => Ok(Se::Rated(r)),
        Err(SeError::GaveUp) | Err(SeError::Beyond) => Ok(Se::Unrated),
        Err(SeError::Unsupported) => Ok(Se::Undefined),
        Err(SeError::Solutions(e)) => Err(e.into()),
    }
}

fn unrated(limit: &TimeLimitArg) -> String {
    match limit.time_limit {
        Some(t) => format!("unrated after {}s", t.as_secs_f64()),
        None => "unrated".to_string(),
    }
}
