//! `sudokit canon`: the minlex canonical form of 9×9 puzzles, dropping equivalent
//! puzzles with `--dedupe`, and the automorphism count with `--automorphisms`.

use std::cell::RefCell;
use std::collections::HashSet;
use std::process::ExitCode;

use serde_json::json;
use sudokit::canon::{CanonError, Canonicalizer};
use sudokit::Grid;

use crate::common::{InputArgs, RunArgs};
use crate::driver::{drive, fail};
use crate::record::RecordArgs;

/// Canonical forms.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  sudokit canon puzzles.txt                  # one canonical form per puzzle
  sudokit canon --dedupe puzzles.txt         # the first puzzle of each class, as given
  sudokit canon --automorphisms grids.txt    # form and automorphism count

Two puzzles are equivalent (one is a relabeling, band/stack or row/column permutation,
or transposition of the other) exactly when their canonical forms are equal. The form
is the smallest such image as an 81-character string with 0 for empty cells, digits
relabeled in reading order. A puzzle that cannot be read, has a digit twice in a unit
or is not a classic 9×9 board gives a marker line `error: malformed`, `error: invalid`
or `error: unsupported`, with the reason on standard error. With --output jsonl: the
form in `canonical` (and `automorphisms`); --dedupe writes only the first puzzle of
each class there too, and cannot be sharded or resumed.")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// Print only the first puzzle of each equivalence class, as it was given.
    #[arg(long)]
    dedupe: bool,

    /// Print the number of transforms that map each puzzle onto itself after its form.
    #[arg(long)]
    automorphisms: bool,

    #[command(flatten)]
    run: RunArgs,

    #[command(flatten)]
    records: RecordArgs,
}

thread_local! {
    static CANON: RefCell<Canonicalizer> = RefCell::new(Canonicalizer::default());
}

/// The form (and automorphism count when asked) of one puzzle.
fn canonical(puzzle: &Grid, automorphisms: bool) -> Result<(Grid, Option<u64>), CanonError> {
    CANON.with(|c| {
        let mut c = c.borrow_mut();
        let form = c.minlex(puzzle)?;
        let count = if automorphisms {
            Some(c.automorphisms(puzzle)?)
        } else {
            None
        };
        Ok((form, count))
    })
}

/// Runs `sudokit canon`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let automorphisms = args.automorphisms;
    if args.dedupe && (args.records.shard.is_some() || args.records.resume) {
        anyhow::bail!(
            "--dedupe keeps the first puzzle of each class of the whole input: it cannot \
             be sharded or resumed; write every form with --output jsonl instead and drop \
             duplicate `canonical` values afterwards"
        );
    }
    drive(
        &args.input,
        args.run.settings(&args.records),
        |item| {
            let puzzle = item
                .puzzle
                .as_ref()
                .map_err(|e| ("malformed", e.to_string()))?;
            canonical(puzzle, automorphisms).map_err(|e| {
                let kind = match e {
                    CanonError::Invalid(_) => "invalid",
                    CanonError::Unsupported { .. } => "unsupported",
                };
                (kind, format!("line {}: {e}", item.line))
            })
        },
        |item, result, out, tally| {
            let (form, count) = match result {
                Ok(r) => r,
                Err((kind, message)) => {
                    match kind {
                        "malformed" => tally.malformed += 1,
                        "invalid" => tally.invalid += 1,
                        _ => tally.engine_errors += 1,
                    }
                    return fail(out, tally, item, kind, &message, false);
                }
            };
            tally.solved += 1;
            let line: String = form.cells().iter().map(|&d| (b'0' + d) as char).collect();
            if args.dedupe {
                if seen.insert(form.cells().to_vec()) {
                    if out.jsonl() {
                        return out.answer(json!({ "canonical": line }));
                    }
                    let given = item.puzzle.as_ref().expect("read");
                    writeln!(out, "{}", given.to_line())?;
                }
                return Ok(());
            }
            if out.jsonl() {
                return match count {
                    Some(n) => out.answer(json!({ "canonical": line, "automorphisms": n })),
                    None => out.answer(json!({ "canonical": line })),
                };
            }
            match count {
                Some(n) => writeln!(out, "{line} {n}"),
                None => writeln!(out, "{line}"),
            }
        },
    )
}
