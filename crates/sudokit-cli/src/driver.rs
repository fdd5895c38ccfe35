//! The shape every batch subcommand shares: read the inputs, run one job per puzzle
//! in parallel, write one result per puzzle in input order, report failures on
//! standard error, print `--stats`, and choose the exit code.

use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use cpu_time::ProcessTime;

use sudokit::ReadOptions;

use crate::batch;
use crate::common::{InputArgs, Tally};
use crate::input::{self, Item, Text, Unreadable};

/// Exit code when some puzzle failed (malformed, invalid, unsolvable, …) or a file
/// could not be read.
pub const EXIT_FAILED: u8 = 1;

/// Exit code when standard output could not be written (a full disk, say).
pub const EXIT_OUTPUT: u8 = 3;

/// Standard output could not be written. A closed pipe (the reader has all it wants)
/// ends the command quietly with code 0; any other failure with [`EXIT_OUTPUT`].
#[derive(Debug)]
pub struct OutputError(pub std::io::Error);

impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write output: {}", self.0)
    }
}

impl std::error::Error for OutputError {}

impl From<std::io::Error> for OutputError {
    fn from(e: std::io::Error) -> OutputError {
        OutputError(e)
    }
}

/// Runs a batch: `job` computes a result per puzzle (in parallel); `sink` writes it
/// (in input order) and updates the tally.
pub fn drive<R, J, S>(
    input: &InputArgs,
    threads: Option<usize>,
    stats: bool,
    job: J,
    sink: S,
) -> anyhow::Result<ExitCode>
where
    R: Send,
    J: Fn(&Item<'_>) -> R + Sync,
    S: FnMut(&Item<'_>, R, &mut dyn Write, &mut Tally) -> std::io::Result<()>,
{
    let (texts, unreadable) = input::read_texts(&input.files);
    let opts = input.read_options();
    drive_texts(&texts, &unreadable, &opts, threads, stats, job, sink)
}

/// [`drive`] over texts already read (`unreadable`: the inputs that could not be).
pub fn drive_texts<R, J, S>(
    texts: &[Text],
    unreadable: &[Unreadable],
    opts: &ReadOptions,
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
    for u in unreadable {
        eprintln!("error: cannot read {}: {}", u.source, u.error);
        tally.unreadable += 1;
    }
    // The bar counts lines of input; they are counted only when it can show.
    let starts = if std::io::stderr().is_terminal() {
        input::line_starts(texts)
    } else {
        Vec::new()
    };
    let bar = batch::progress(starts.last().copied().unwrap_or(0), "lines");
    let position = |item: &Item<'_>| starts.get(item.text).map_or(0, |s| s + item.line);
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let items = input::items(texts, opts);
    batch::run_ordered(threads, items, &bar, position, job, |item, r| {
        tally.puzzles += 1;
        sink(item, r, &mut out, &mut tally).map_err(OutputError)?;
        Ok(())
    })?;
    out.flush().map_err(OutputError)?;
    if stats {
        eprintln!("{}", tally.report(start.elapsed(), cpu_start.elapsed()));
    }
    Ok(if tally.failed() {
        ExitCode::from(EXIT_FAILED)
    } else {
        ExitCode::SUCCESS
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
