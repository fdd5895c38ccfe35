//! Running one job per puzzle on a thread pool while writing results in input order,
//! with a progress bar on a terminal.
//!
//! Work is cut into chunks: each chunk is mapped in parallel, then written in order
//! before the next one starts, so memory stays bounded and output streams.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

/// Puzzles per chunk at most: large enough to keep every thread busy, small enough to
/// stream.
const CHUNK: usize = 8192;

/// Chunks a batch is cut into at least (when it has enough puzzles), so that writing one
/// overlaps with solving the next even in short batches.
const MIN_CHUNKS: usize = 16;

/// Puzzles per chunk at least.
const MIN_CHUNK: usize = 512;

/// Batches shorter than this get no progress bar.
const PROGRESS_MIN: usize = 20_000;

/// A thread pool with `threads` workers (all cores when `None` or 0).
pub fn pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads.filter(|&n| n > 0) {
        builder = builder.num_threads(n);
    }
    Ok(builder.build()?)
}

/// A progress bar on standard error, hidden when it is not a terminal or the batch
/// is short.
pub fn progress(len: usize, what: &str) -> ProgressBar {
    progress_from(len, what, PROGRESS_MIN)
}

/// A progress bar as [`progress`], shown from `min` items on (slow jobs want it for
/// shorter batches).
pub fn progress_from(len: usize, what: &str, min: usize) -> ProgressBar {
    if len < min || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {what} ({{per_sec}}, eta {{eta}})"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Maps `items` with `job` on `pool`, calling `sink` on every result in input order.
///
/// With one worker the calling thread does everything in turn. With more, the calling
/// thread writes the results of one chunk while the pool works on the next, so that
/// writing, which has to happen in order on one thread, overlaps with solving.
pub fn run_ordered<T, R, J, S>(
    pool: &rayon::ThreadPool,
    items: &[T],
    bar: &ProgressBar,
    job: J,
    mut sink: S,
) -> anyhow::Result<()>
where
    T: Sync,
    R: Send,
    J: Fn(&T) -> R + Sync,
    S: FnMut(&T, R) -> anyhow::Result<()>,
{
    let mut write = |chunk: &[T], results: Vec<R>| -> anyhow::Result<()> {
        for (item, result) in chunk.iter().zip(results) {
            sink(item, result)?;
        }
        bar.inc(chunk.len() as u64);
        Ok(())
    };
    let size = (items.len() / MIN_CHUNKS).clamp(MIN_CHUNK, CHUNK);
    if pool.current_num_threads() == 1 {
        for chunk in items.chunks(size) {
            write(chunk, chunk.iter().map(&job).collect())?;
        }
    } else {
        let mut done: Option<(&[T], Vec<R>)> = None;
        for chunk in items.chunks(size) {
            let mut results = Vec::new();
            let mut written = Ok(());
            pool.in_place_scope(|scope| {
                scope.spawn(|_| {
                    results = chunk.par_iter().with_min_len(16).map(&job).collect();
                });
                if let Some((previous, previous_results)) = done.take() {
                    written = write(previous, previous_results);
                }
            });
            written?;
            done = Some((chunk, results));
        }
        if let Some((previous, previous_results)) = done {
            write(previous, previous_results)?;
        }
    }
    bar.finish_and_clear();
    Ok(())
}
