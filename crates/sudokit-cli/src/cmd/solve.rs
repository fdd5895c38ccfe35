//! `sudokit solve`: the first solution of every puzzle, one output record per puzzle
//! in input order.

use std::process::ExitCode;

use serde::Serialize;
use sudokit::format::{write, OutputFormat};

use crate::common::{FormatArg, InputArgs, RunArgs, Tally};
use crate::driver::{drive, fail};
use crate::input::Item;
use crate::outcome::{self, Outcome};
use crate::record::{RecordArgs, Records};

/// Solve puzzles.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  sudokit solve data/examples.txt
  sudokit solve --format pretty data/examples.txt
  cat puzzles.txt | sudokit solve --threads 1 --stats > solutions.txt
  sudokit solve --unique data/top1465.txt

Each puzzle gives one output record in input order: the solution, or a marker line
`error: malformed`, `error: invalid`, `error: no solution`, `error: multiple solutions`
(with --unique), `error: gave up` (past --time-limit) or `error: engine`, with the
reason on standard error. With --output jsonl: one JSON object per puzzle, the
solution as a line in `solution` (--format applies to text only).")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// Output form.
    #[arg(long, short, value_enum, default_value_t)]
    format: FormatArg,

    /// Also prove each solution unique; a puzzle with several solutions is reported
    /// as `error: multiple solutions`.
    #[arg(long)]
    unique: bool,

    #[command(flatten)]
    run: RunArgs,

    #[command(flatten)]
    records: RecordArgs,
}

/// Runs `sudokit solve`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let engine = sudokit::engine::by_name(&args.run.engine)?;
    let time_limit = args.run.limit.time_limit;
    let limit = if args.unique { 2 } else { 1 };
    let format: OutputFormat = args.format.into();
    let blank = format != OutputFormat::Line;
    drive(
        &args.input,
        args.run.settings(&args.records),
        |item| outcome::search(item, engine.as_ref(), limit, time_limit),
        |item, outcome, out, tally| write_one(item, &outcome, format, blank, out, tally),
    )
}

/// The JSON record's fields of a puzzle solved.
#[derive(Serialize)]
struct Solved<'a> {
    solution: &'a str,
}

fn write_one(
    item: &Item<'_>,
    outcome: &Outcome,
    format: OutputFormat,
    blank: bool,
    out: &mut Records,
    tally: &mut Tally,
) -> std::io::Result<()> {
    let Some(search) = outcome::searched(item, outcome, out, tally, blank)? else {
        return Ok(());
    };
    match (&search.solution, search.count) {
        (None, _) => {
            tally.unsolvable += 1;
            let message = format!("line {}: no solution", item.line);
            fail(out, tally, item, "no solution", &message, blank)
        }
        (Some(_), 2..) => {
            tally.multiple += 1;
            let message = format!("line {}: more than one solution", item.line);
            fail(out, tally, item, "multiple solutions", &message, blank)
        }
        (Some(solution), _) => {
            tally.solved += 1;
            if out.jsonl() {
                return out.answer(Solved {
                    solution: &solution.to_line(),
                });
            }
            // Written as bytes, without the formatting machinery: on easy files the
            // output's cost per puzzle shows.
            out.write_all(write(solution, format).as_bytes())?;
            out.write_all(if blank { b"\n\n" } else { b"\n" })
        }
    }
}
