//! The shape every batch subcommand shares: read the inputs, run one job per puzzle
//! in parallel, write one result per puzzle in input order, report failures on
//! standard error, print `--stats`, and choose the exit code.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use cpu_time::ProcessTime;

use sudokit::ReadOptions;

use crate::batch;
use crate::common::{InputArgs, Tally};
use crate::input::{self, Item, Text, Unreadable};
use crate::record::{self, RecordArgs, Records};
use crate::shard::Selection;

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

/// How a batch runs: threads, `--stats`, and its records (form, file, share, resume).
#[derive(Clone, Copy)]
pub struct Settings<'a> {
    /// `--threads`.
    pub threads: Option<usize>,
    /// `--stats`.
    pub stats: bool,
    /// The record options.
    pub records: &'a RecordArgs,
    /// The batch length, in lines, from which a terminal shows a progress bar
    /// ([`batch::PROGRESS_MIN`], or [`batch::SLOW_PROGRESS_MIN`] for slow jobs).
    pub progress_min: usize,
}

/// Runs a batch: `job` computes a result per puzzle (in parallel); `sink` writes its
/// record (in input order) and updates the tally.
pub fn drive<R, J, S>(
    input: &InputArgs,
    settings: Settings<'_>,
    job: J,
    sink: S,
) -> anyhow::Result<ExitCode>
where
    R: Send,
    J: Fn(&Item<'_>) -> R + Sync,
    S: FnMut(&Item<'_>, R, &mut Records, &mut Tally) -> std::io::Result<()>,
{
    let (texts, unreadable) = input::read_texts(&input.files);
    let opts = input.read_options();
    drive_texts(&texts, &unreadable, &opts, settings, job, sink)
}

/// [`drive`] over texts already read (`unreadable`: the inputs that could not be).
///
/// Each puzzle's id is `<source>:<line>`; the batch does the puzzles of its shard that
/// a resumed run has not done yet, and a resumed run's failures count for the exit code.
pub fn drive_texts<R, J, S>(
    texts: &[Text],
    unreadable: &[Unreadable],
    opts: &ReadOptions,
    settings: Settings<'_>,
    job: J,
    mut sink: S,
) -> anyhow::Result<ExitCode>
where
    R: Send,
    J: Fn(&Item<'_>) -> R + Sync,
    S: FnMut(&Item<'_>, R, &mut Records, &mut Tally) -> std::io::Result<()>,
{
    let start = Instant::now();
    let cpu_start = ProcessTime::now();
    let mut tally = Tally::default();
    let sources = texts.iter().map(|t| Path::new(&t.source));
    let (mut out, done) = settings.records.open(sources)?;
    let selection = Selection::new(settings.records.shard, done);
    tally.failures += selection.done_failures();
    let threads = batch::thread_count(settings.threads);
    for u in unreadable {
        eprintln!("error: cannot read {}: {}", u.source, u.error);
        if u.error.kind() == std::io::ErrorKind::NotFound
            && u.source.parse::<sudokit::Grid>().is_ok()
        {
            eprintln!(
                "note: that is a puzzle, not a file name: this command reads puzzles from \
                 files or standard input (`echo PUZZLE | sudokit COMMAND`)"
            );
        }
        tally.unreadable += 1;
    }
    // The bar counts lines of input; they are counted only when it can show.
    let starts = if std::io::stderr().is_terminal() {
        input::line_starts(texts)
    } else {
        Vec::new()
    };
    let lines = starts.last().copied().unwrap_or(0);
    let bar = batch::progress_from(lines, "lines", settings.progress_min);
    let position = |item: &Item<'_>| starts.get(item.text).map_or(0, |s| s + item.line);
    let mut id = String::new();
    let items = input::items(texts, opts)
        .filter(move |item| selection.keeps_line(item.source, item.line, &mut id));
    let job = record::timed(job, out.jsonl());
    batch::run_ordered(threads, items, &bar, position, job, |item, (r, elapsed)| {
        tally.puzzles += 1;
        let id = format_args!("{}:{}", item.source, item.line);
        out.begin(id, || Some(input_line(item)), elapsed);
        sink(item, r, &mut out, &mut tally).map_err(OutputError)?;
        out.end().map_err(OutputError)?;
        Ok(())
    })?;
    out.finish().map_err(OutputError)?;
    if settings.stats {
        eprintln!("{}", tally.report(start.elapsed(), cpu_start.elapsed()));
    }
    Ok(if tally.failed() {
        ExitCode::from(EXIT_FAILED)
    } else {
        ExitCode::SUCCESS
    })
}

/// The input of a record as one line: the puzzle read, or the first line of what could
/// not be read.
fn input_line(item: &Item<'_>) -> String {
    match &item.puzzle {
        Ok(g) => g.to_line(),
        Err(_) => item.first_line.trim().to_string(),
    }
}

/// Writes the failure record for a puzzle and its message on standard error.
///
/// The record keeps one output record per input puzzle: the marker line
/// `error: <kind>` in text ([`Records::failure`]).
pub fn fail(
    out: &mut Records,
    tally: &mut Tally,
    item: &Item<'_>,
    kind: &str,
    message: &str,
    blank_after: bool,
) -> std::io::Result<()> {
    tally.failures += 1;
    eprintln!("error: {}: {message}", item.source);
    out.failure(kind, message, blank_after)
}
