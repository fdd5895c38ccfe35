//! `sudokit count`: the number of solutions of every puzzle, up to a limit.

use std::process::ExitCode;

use serde_json::json;

use crate::common::{InputArgs, RunArgs};
use crate::driver::drive;
use crate::outcome;
use crate::record::RecordArgs;

/// Count solutions.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  sudokit count data/serg_multi.txt
  sudokit count --limit 2 puzzles.txt     # 1 = unique, 2+ = several, 0 = none

One line per puzzle in input order: the number of solutions, with a `+` when the count
stopped at the limit (`2+` means two or more). Malformed and invalid puzzles give a marker
line `error: malformed` / `error: invalid`, a puzzle past --time-limit `error: gave up`,
with a message on standard error. With --output jsonl: `count` and `at_limit` (true
when counting stopped at the limit).")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// Stop counting at this many solutions (2 tells unique from not).
    #[arg(long, short, default_value_t = 1_000_000, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,

    #[command(flatten)]
    run: RunArgs,

    #[command(flatten)]
    records: RecordArgs,
}

/// Runs `sudokit count`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let engine = sudokit::engine::by_name(&args.run.engine)?;
    let time_limit = args.run.limit.time_limit;
    let limit = args.limit;
    drive(
        &args.input,
        args.run.settings(&args.records),
        |item| outcome::search(item, engine.as_ref(), limit, time_limit),
        |item, outcome, out, tally| {
            let Some(search) = outcome::searched(item, &outcome, out, tally, false)? else {
                return Ok(());
            };
            match search.count {
                0 => tally.unsolvable += 1,
                1 => tally.solved += 1,
                _ => tally.multiple += 1,
            }
            let at_limit = search.reached(limit);
            if out.jsonl() {
                return out.answer(json!({ "count": search.count, "at_limit": at_limit }));
            }
            let plus = if at_limit { "+" } else { "" };
            writeln!(out, "{}{plus}", search.count)
        },
    )
}
