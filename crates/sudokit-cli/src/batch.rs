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

/// Batches shorter than this (in lines) get no progress bar.
pub const PROGRESS_MIN: usize = 20_000;

/// The same for jobs that can take seconds a puzzle (logic, ratings): every batch of
/// more than one line.
pub const SLOW_PROGRESS_MIN: usize = 2;

/// The most threads per core a command runs: more only adds switching between them,
/// and memory for their stacks (a million threads asked for took half a minute to
/// start on one puzzle).
pub const THREADS_PER_CORE: usize = 4;

/// How many threads to run for `--threads`: all cores when `None` or 0, and never
/// more than [`THREADS_PER_CORE`] per core.
pub fn thread_count(threads: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    threads
        .filter(|&n| n > 0)
        .map_or(cores, |n| n.min(THREADS_PER_CORE * cores))
}

/// A thread pool with `threads` workers (as [`thread_count`] gives them); when the
/// system cannot start that many, half as many, down to one.
pub fn pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    let mut n = thread_count(threads);
    loop {
        match rayon::ThreadPoolBuilder::new().num_threads(n).build() {
            Ok(pool) => return Ok(pool),
            Err(e) if n == 1 => anyhow::bail!("cannot start a worker thread: {e}"),
            Err(_) => n /= 2,
        }
    }
}

/// A progress bar on standard error for `len` items, hidden when it is not a terminal
/// or the batch has fewer than `min` items ([`PROGRESS_MIN`] for fast jobs,
/// [`SLOW_PROGRESS_MIN`] for slow ones).
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
    // Drawn at once, so that even a batch done within the first tick shows it.
    bar.tick();
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Maps `items` with `job` on `threads` threads, calling `sink` on every result in
/// input order and moving `bar` to `position` of the last item written now and then.
///
/// With one thread the calling thread takes the items one at a time: read, solve,
/// write, so that a batch holds one puzzle at once; a bar that shows moves after every
/// item (it draws a few times a second at most). With more, worker threads read and
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
        let shown = !bar.is_hidden();
        for item in items {
            let result = job(&item);
            sink(&item, result)?;
            if shown {
                bar.set_position(position(&item) as u64);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_are_capped_per_core() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(thread_count(None), cores);
        assert_eq!(thread_count(Some(0)), cores);
        assert_eq!(thread_count(Some(1)), 1);
        assert_eq!(thread_count(Some(1_000_000)), THREADS_PER_CORE * cores);
        assert_eq!(
            pool(Some(1_000_000)).unwrap().current_num_threads(),
            THREADS_PER_CORE * cores
        );
    }
}
