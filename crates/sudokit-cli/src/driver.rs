//! The shape every batch subcommand shares: read the inputs, run one job per puzzle
//! in parallel, write one result per puzzle in input order, report failures on
//! standard error, print `--stats`, and choose the exit code.

use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use cpu_time::ProcessTime;

use crate::batch;
use crate::common::{InputArgs, Tally};
use crate::input::{self, Item};

/// Exit code when some puzzle failed (malformed, invalid, unsolvable, …).
pub const EXIT_FAILED: u8 = 1;

/// Runs a batch: `job` computes a result per puzzle (in parallel); `sink` writes it
/// (in input order) and updates the tally.
pub fn drive<R, J, S>(
    input: &InputArgs,
    threads: Option<usize>,
    stats: bool,
    job: J,
    mut sink: S,
) -> anyhow::Result<ExitCode>
where
    R: Send,
    J: Fn(&Item<'_>) -> R + Sync,
    S: FnMut(&Item<'_>, R, &mut dyn Write, &mut Tally) -> std::io::Result<()>,
{
    let start = Instant::now();
    let cpu_start = ProcessTime::now();
    let mut tally = Tally::default();
    let threads = batch::thread_count(threads);
    let (texts, unreadable) = input::read_texts(&input.files);
    for u in &unreadable {
        eprintln!("error: cannot read {}: {}", u.source, u.error);
        tally.unreadable += 1;
    }
    let opts = input.read_options();
    // The bar counts lines of input; they are counted only when it can show.
    let starts = if std::io::stderr().is_terminal() {
        input::line_starts(&texts)
    } else {
        Vec::new()
    };
    let bar = batch::progress(starts.last().copied().unwrap_or(0), "lines");
    let position = |item: &Item<'_>| starts.get(item.text).map_or(0, |s| s + item.line);
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let items = input::items(&texts, &opts);
    let result = batch::run_ordered(threads, items, &bar, position, job, |item, r| {
        tally.puzzles += 1;
        sink(item, r, &mut out, &mut tally)?;
        Ok(())
    })
    .and_then(|()| Ok(out.flush()?));
    if let Err(e) = result {
        if is_broken_pipe(&e) {
            return Ok(ExitCode::SUCCESS);
        }
        return Err(e);
    }
    if stats {
        eprintln!("{}", tally.report(start.elapsed(), cpu_start.elapsed()));
    }
    Ok(if tally.failed() {
        ExitCode::from(EXIT_FAILED)
    } else {
        ExitCode::SUCCESS
    })
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Writes the failure marker line for a puzzle and its message on standard error.
///
/// The marker keeps one output record per input puzzle: `error: <kind>`.
pub fn fail(
    out: &mut dyn Write,
    tally: &mut Tally,
    item: &Item<'_>,
    kind: &str,
    message: &str,
    blank_after: bool,
) -> std::io::Result<()> {
    tally.failures += 1;
    eprintln!("error: {}: {message}", item.source);
    writeln!(out, "error: {kind}")?;
    if blank_after {
        writeln!(out)?;
    }
    Ok(())
}
