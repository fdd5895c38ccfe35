//! Running one job per puzzle on a thread pool while writing results in input order,
//! with a progress bar on a terminal.
//!
//! Work is cut into chunks: each chunk is mapped in parallel, then written in order
//! while the next one is mapped, so memory stays bounded and output streams.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

/// Puzzles per chunk at most: large enough to keep every thread busy, small enough to
/// stream.
const CHUNK: usize = 8192;

/// Puzzles in the first chunk.
const FIRST_CHUNK: usize = 64;

/// Puzzles between two moves of the progress bar when one thread does everything.
const BAR_EVERY: usize = 64;

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

/// Maps `items` with `job` on `pool`, calling `sink` on every result in input order and
/// moving `bar` to `position` of the last item written now and then.
///
/// With one worker the calling thread takes the items one at a time: read, solve, write,
/// so that a batch holds one puzzle at once. With more, the items are taken in chunks,
/// and the calling thread writes the results of one chunk and gathers the next while
/// the pool works on the one between, so that reading and writing, which happen in
/// order on one thread, overlap with solving. Chunks start small, so that the pool
/// starts soon and short batches are cut finely enough to overlap, and double up to
/// [`CHUNK`].
pub fn run_ordered<T, R, J, S>(
    pool: &rayon::ThreadPool,
    items: impl IntoIterator<Item = T>,
    bar: &ProgressBar,
    position: impl Fn(&T) -> usize,
    job: J,
    mut sink: S,
) -> anyhow::Result<()>
where
    T: Sync,
    R: Send,
    J: Fn(&T) -> R + Sync,
    S: FnMut(&T, R) -> anyhow::Result<()>,
{
    let mut items = items.into_iter();
    if pool.current_num_threads() == 1 {
        let mut since = 0;
        for item in items {
            let result = job(&item);
            sink(&item, result)?;
            since += 1;
            if since == BAR_EVERY {
                bar.set_position(position(&item) as u64);
                since = 0;
            }
        }
    } else {
        let mut write = |chunk: Vec<T>, results: Vec<R>| -> anyhow::Result<()> {
            for (item, result) in chunk.iter().zip(results) {
                sink(item, result)?;
            }
            if let Some(last) = chunk.last() {
                bar.set_position(position(last) as u64);
            }
            Ok(())
        };
        let mut size = FIRST_CHUNK;
        let mut current: Vec<T> = items.by_ref().take(size).collect();
        let mut done: Option<(Vec<T>, Vec<R>)> = None;
        while !current.is_empty() {
            size = (2 * size).min(CHUNK);
            let mut results = Vec::new();
            let mut next = Vec::new();
            let mut written = Ok(());
            pool.in_place_scope(|scope| {
                scope.spawn(|_| {
                    results = current.par_iter().with_min_len(16).map(&job).collect();
                });
                if let Some((previous, previous_results)) = done.take() {
                    written = write(previous, previous_results);
                }
                next = items.by_ref().take(size).collect();
            });
            written?;
            done = Some((std::mem::replace(&mut current, next), results));
        }
        if let Some((previous, previous_results)) = done {
            write(previous, previous_results)?;
        }
    }
    bar.finish_and_clear();
    Ok(())
}
