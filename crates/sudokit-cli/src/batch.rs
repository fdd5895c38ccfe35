//! Running one job per puzzle on one or several threads while writing results in input
//! order, with a progress bar on a terminal; and the rayon pool of the commands that
//! search in parallel.
//!
//! With several threads the work goes through [`pipeline`], which keeps memory bounded
//! and output streaming.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::pipeline;

/// Puzzles between two moves of the progress bar when one thread does everything.
const BAR_EVERY: usize = 64;

/// Batches shorter than this get no progress bar.
const PROGRESS_MIN: usize = 20_000;

/// How many threads `--threads` asks for: all cores when `None` or 0.
pub fn thread_count(threads: Option<usize>) -> usize {
    threads
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// A thread pool with `threads` workers (all cores when `None` or 0).
pub fn pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(thread_count(threads))
        .build()?)
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

/// Maps `items` with `job` on `threads` threads, calling `sink` on every result in
/// input order and moving `bar` to `position` of the last item written now and then.
///
/// With one thread the calling thread takes the items one at a time: read, solve,
/// write, so that a batch holds one puzzle at once. With more, worker threads read and
/// solve chunks of items and the calling thread writes them in order
/// ([`pipeline::map_ordered`]).
pub fn run_ordered<I, T, R, J, S>(
    threads: usize,
    items: I,
    bar: &ProgressBar,
    position: impl Fn(&T) -> usize,
    job: J,
    mut sink: S,
) -> anyhow::Result<()>
where
    I: IntoIterator<Item = T>,
    I::IntoIter: Send,
    T: Send,
    R: Send,
    J: Fn(&T) -> R + Sync,
    S: FnMut(&T, R) -> anyhow::Result<()>,
{
    if threads <= 1 {
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
        pipeline::map_ordered(threads, items.into_iter(), job, |chunk, results| {
            for (item, result) in chunk.iter().zip(results) {
                sink(item, result)?;
            }
            if let Some(last) = chunk.last() {
                bar.set_position(position(last) as u64);
            }
            Ok(())
        })?;
    }
    bar.finish_and_clear();
    Ok(())
}
