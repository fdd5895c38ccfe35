//! An ordered parallel map over a stream: worker threads each take a chunk of items
//! from the input, run the job on it and hand the results back, and the calling thread
//! writes them in input order.
//!
//! No step waits for every worker: a worker takes its next chunk as soon as it is done
//! with the last, so a slow puzzle holds up only its own worker, and the calling
//! thread, which does nothing but write, sleeps while there is nothing to write, and is
//! woken once [`WAKE_AFTER`] chunks in a row are ready for it (or every chunk taken
//! is): with as many workers as cores, each wake takes a core from a worker.
//! Reading happens on the workers, one at a time. Each worker sizes its chunks to take
//! about [`CHUNK_TIME`]: long enough that handing a chunk over costs little, short
//! enough that the workers finish close together. Workers may run at most [`WINDOW`]
//! chunks each ahead of the writer, so memory stays bounded whatever the input.
//!
//! The workers are threads of their own, not tasks of a rayon pool: a worker may wait
//! for room in the window, and a pool thread that waits inside a job for work it lent
//! out may be handed any task of the pool, a worker's start among them, and would then
//! hold its own chunk back behind that worker's wait. Jobs may still use a pool.
//!
//! The calling thread writes, and maps chunks itself only until the first worker has
//! started, since a new thread takes a while to run on a virtual machine. It is not a
//! worker for the whole run: a new thread starts on the CPU of the thread that made
//! it, which would then be busy. A panicking job, on a worker or on the calling
//! thread, stops the map ([`Panics`]), and the panic reaches the caller. Measurements
//! of these choices: `docs/perf/cli.md`.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How long a worker aims to spend on one chunk.
const CHUNK_TIME: Duration = Duration::from_micros(250);

/// The most items in one chunk.
const MAX_CHUNK: usize = 4096;

/// How many chunks in a row must be ready before a waiting writer is woken: each wake
/// takes a core from a worker for a moment.
const WAKE_AFTER: u64 = 4;

/// How many chunks, per worker, may be taken and not yet written.
const WINDOW: u64 = 8;

/// The input side: the items not yet taken and the number of the next chunk.
struct Intake<I> {
    items: I,
    next: u64,
    done: bool,
}

/// The output side, shared between the workers and the writer.
struct Outlet<T, R> {
    /// Finished chunks not yet written, by number.
    ready: BTreeMap<u64, (Vec<T>, Vec<R>)>,
    /// The number of the next chunk to write.
    written: u64,
    /// The number of chunks taken so far.
    taken: u64,
    /// Workers still running.
    working: usize,
    /// Set when the writer failed or a worker panicked: workers stop taking chunks.
    stop: bool,
    /// Whether the writer waits for the next chunk.
    writer_waits: bool,
    /// How many workers wait for room in the window.
    workers_wait: usize,
}

/// Everything the workers and the writer share.
struct Shared<I, T, R> {
    intake: Mutex<Intake<I>>,
    outlet: Mutex<Outlet<T, R>>,
    /// Signalled when the next chunk to write is ready or a worker ends.
    filled: Condvar,
    /// Signalled when a chunk has been written or the writer stops.
    drained: Condvar,
    /// Chunks that may be taken and not yet written.
    window: u64,
    /// Set by the first worker to start: until then the writer's thread maps chunks
    /// itself, for a new thread may take a while to run.
    started: AtomicBool,
}

/// Locks a mutex, also after a panic elsewhere: every change under these locks is
/// complete when the lock is let go, and the panic itself reaches the caller through
/// the scope.
fn lock<X>(m: &Mutex<X>) -> MutexGuard<'_, X> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Maps `items` with `job` on `workers` threads, calling `write` with each chunk and
/// its results in input order on the calling thread. Stops at the first error of
/// `write` and returns it. When the system cannot start every worker, the ones that
/// started do the work; when it can start none, the calling thread does it all.
pub fn map_ordered<I, T, R, J, W>(
    workers: usize,
    items: I,
    job: J,
    mut write: W,
) -> anyhow::Result<()>
where
    I: Iterator<Item = T> + Send,
    T: Send,
    R: Send,
    J: Fn(&T) -> R + Sync,
    W: FnMut(Vec<T>, Vec<R>) -> anyhow::Result<()>,
{
    let workers = workers.max(1);
    let shared = Shared {
        intake: Mutex::new(Intake {
            items,
            next: 0,
            done: false,
        }),
        outlet: Mutex::new(Outlet {
            ready: BTreeMap::new(),
            written: 0,
            taken: 0,
            working: workers,
            stop: false,
            writer_waits: false,
            workers_wait: 0,
        }),
        filled: Condvar::new(),
        drained: Condvar::new(),
        window: WINDOW * workers as u64,
        started: AtomicBool::new(false),
    };
    std::thread::scope(|scope| {
        let mut spawned = 0;
        while spawned < workers {
            let worker = std::thread::Builder::new().spawn_scoped(scope, || shared.work(&job));
            if worker.is_err() {
                break;
            }
            spawned += 1;
        }
        if spawned < workers {
            lock(&shared.outlet).working -= workers - spawned;
        }
        loop {
            shared.run_chunks(&job, false);
            shared.write_all(&mut write)?;
            if spawned > 0 || lock(&shared.intake).done {
                return Ok(());
            }
        }
    })
}

impl<I, T, R> Shared<I, T, R>
where
    I: Iterator<Item = T>,
{
    /// One worker: take a chunk, map it, hand it over, until the input ends or the
    /// writer stops.
    fn work(&self, job: impl Fn(&T) -> R) {
        let _leaving = Leaving { shared: self };
        self.started.store(true, Ordering::Relaxed);
        self.run_chunks(job, true);
    }

    /// Takes, maps and hands over chunks: on a worker (`worker`), until the input ends
    /// or the writer stops; on the writer's thread, only until a worker has started and
    /// while the window has room, for the writer must not wait for itself.
    fn run_chunks(&self, job: impl Fn(&T) -> R, worker: bool) {
        let _panics = Panics { shared: self };
        let mut size = 1;
        while worker || !self.started.load(Ordering::Relaxed) {
            let Some((number, chunk)) = self.take(size, worker) else {
                break;
            };
            let start = Instant::now();
            let results: Vec<R> = chunk.iter().map(&job).collect();
            let spent = start.elapsed();
            if spent < CHUNK_TIME {
                size = (2 * size).min(MAX_CHUNK);
            } else if spent > 4 * CHUNK_TIME {
                size = (size / 2).max(1);
            }
            let mut out = lock(&self.outlet);
            out.ready.insert(number, (chunk, results));
            let wake = out.writer_waits && self.worth_waking(&out);
            drop(out);
            if wake {
                self.filled.notify_one();
            }
        }
    }

    /// The next chunk of at most `size` items and its number, once the window has
    /// room (or at once, when `wait` is false); `None` when the input is done, the
    /// writer stopped, or the window is full and `wait` false.
    fn take(&self, size: usize, wait: bool) -> Option<(u64, Vec<T>)> {
        let mut out = lock(&self.outlet);
        while !out.stop && out.taken - out.written >= self.window {
            if !wait {
                return None;
            }
            out.workers_wait += 1;
            out = self
                .drained
                .wait(out)
                .unwrap_or_else(PoisonError::into_inner);
            out.workers_wait -= 1;
        }
        if out.stop {
            return None;
        }
        drop(out);
        let mut input = lock(&self.intake);
        if input.done {
            return None;
        }
        let chunk: Vec<T> = input.items.by_ref().take(size).collect();
        input.done = chunk.len() < size;
        if chunk.is_empty() {
            return None;
        }
        let number = input.next;
        input.next += 1;
        lock(&self.outlet).taken = input.next;
        Some((number, chunk))
    }

    /// Whether the waiting writer has enough to write: [`WAKE_AFTER`] chunks in a row
    /// from the next one, or every chunk taken (none is still being worked on, so the
    /// window may be full and the workers waiting for the writer).
    fn worth_waking(&self, out: &Outlet<T, R>) -> bool {
        let ready = (out.written..out.taken)
            .take_while(|n| out.ready.contains_key(n))
            .count() as u64;
        ready >= WAKE_AFTER || ready == out.taken - out.written
    }

    /// The writer: hand each chunk to `write` in order, until every worker has ended
    /// and every chunk is written, or `write` fails.
    fn write_all(
        &self,
        write: &mut impl FnMut(Vec<T>, Vec<R>) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        let mut out = lock(&self.outlet);
        loop {
            let number = out.written;
            if let Some((chunk, results)) = out.ready.remove(&number) {
                drop(out);
                let result = write(chunk, results);
                out = lock(&self.outlet);
                out.written += 1;
                out.stop |= result.is_err();
                if out.workers_wait > 0 || out.stop {
                    self.drained.notify_all();
                }
                result?;
            } else if out.working == 0 {
                return Ok(());
            } else {
                out.writer_waits = true;
                out = self
                    .filled
                    .wait(out)
                    .unwrap_or_else(PoisonError::into_inner);
                out.writer_waits = false;
            }
        }
    }
}

/// Stops the map when a job panics, on a worker or on the writer's thread: the others
/// stop taking chunks (the panicking one's chunk will never come), and workers waiting
/// for room in the window, which only the writer makes, stop waiting.
struct Panics<'a, I, T, R> {
    shared: &'a Shared<I, T, R>,
}

impl<I, T, R> Drop for Panics<'_, I, T, R> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            lock(&self.shared.outlet).stop = true;
            self.shared.drained.notify_all();
            self.shared.filled.notify_one();
        }
    }
}

/// Marks a worker's end, however it ends: the writer stops waiting for it (if it
/// panicked, [`Panics`] has stopped the others, for the chunk it held will never come).
struct Leaving<'a, I, T, R> {
    shared: &'a Shared<I, T, R>,
}

impl<I, T, R> Drop for Leaving<'_, I, T, R> {
    fn drop(&mut self) {
        lock(&self.shared.outlet).working -= 1;
        self.shared.filled.notify_one();
        self.shared.drained.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Runs the map and returns every result in the order written.
    fn collect(threads: usize, n: u64, job: impl Fn(&u64) -> u64 + Sync) -> Vec<(u64, u64)> {
        let mut seen = Vec::new();
        map_ordered(threads, 0..n, job, |chunk, results| {
            seen.extend(chunk.into_iter().zip(results));
            Ok(())
        })
        .unwrap();
        seen
    }

    #[test]
    fn results_come_in_input_order_whatever_each_takes() {
        for threads in [2, 3] {
            let seen = collect(threads, 20_000, |&i| {
                if i % 997 == 0 {
                    std::thread::sleep(Duration::from_millis(2));
                }
                i * 3
            });
            let want: Vec<(u64, u64)> = (0..20_000).map(|i| (i, i * 3)).collect();
            assert_eq!(seen, want, "{threads} threads");
        }
    }

    #[test]
    fn an_empty_input_writes_nothing() {
        assert!(collect(2, 0, |&i| i).is_empty());
    }

    #[test]
    fn a_slow_item_keeps_the_others_within_the_window() {
        let taken = AtomicUsize::new(0);
        let written = AtomicUsize::new(0);
        let most_ahead = AtomicUsize::new(0);
        let items = (0..1_000_000u64).inspect(|_| {
            let ahead = taken.fetch_add(1, Ordering::SeqCst) + 1 - written.load(Ordering::SeqCst);
            most_ahead.fetch_max(ahead, Ordering::SeqCst);
        });
        let job = |&i: &u64| {
            if i == 0 {
                std::thread::sleep(Duration::from_millis(200));
            }
            i
        };
        map_ordered(2, items, job, |chunk, _| {
            written.fetch_add(chunk.len(), Ordering::SeqCst);
            Ok(())
        })
        .unwrap();
        assert_eq!(written.load(Ordering::SeqCst), 1_000_000);
        let bound = (WINDOW as usize * 2 + 2) * MAX_CHUNK;
        assert!(most_ahead.load(Ordering::SeqCst) <= bound);
    }

    #[test]
    fn a_failed_write_stops_the_map_and_is_returned() {
        let taken = AtomicUsize::new(0);
        let items = (0..1_000_000u64).inspect(|_| {
            taken.fetch_add(1, Ordering::SeqCst);
        });
        let mut calls = 0;
        let result = map_ordered(
            2,
            items,
            |&i| i,
            |_, _| {
                calls += 1;
                if calls == 3 {
                    anyhow::bail!("disk full");
                }
                Ok(())
            },
        );
        assert_eq!(result.unwrap_err().to_string(), "disk full");
        assert_eq!(calls, 3);
        assert!(taken.load(Ordering::SeqCst) < 1_000_000);
    }

    #[test]
    fn a_panicking_job_reaches_the_caller() {
        let run = std::panic::catch_unwind(|| {
            collect(2, 100_000, |&i| {
                assert_ne!(i, 5000, "job failed");
                i
            })
        });
        assert!(run.is_err());
    }

    #[test]
    fn a_job_that_uses_a_pool_finishes() {
        // One pool thread sleeps as the map starts; when it wakes it steals part of a
        // job. Were the workers tasks of the same pool, a thread waiting for such a
        // part could be handed a worker's start and stall.
        let (done, finished) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(2)
                .build()
                .unwrap();
            pool.spawn(|| std::thread::sleep(Duration::from_millis(20)));
            let job = |&i: &u64| -> u64 {
                pool.install(|| {
                    (0..2_000_000u64)
                        .into_par_iter()
                        .map(|k| (k ^ i).wrapping_mul(k | 1) % 1_000_003)
                        .sum()
                })
            };
            let mut sums: Vec<u64> = Vec::new();
            map_ordered(2, 0..400u64, job, |_, results| {
                sums.extend(results);
                Ok(())
            })
            .unwrap();
            done.send(sums).unwrap();
        });
        let sums = finished
            .recv_timeout(Duration::from_secs(120))
            .expect("the map stalled");
        let want: Vec<u64> = (0..400u64)
            .map(|i| {
                (0..2_000_000u64)
                    .map(|k| (k ^ i).wrapping_mul(k | 1) % 1_000_003)
                    .sum()
            })
            .collect();
        assert_eq!(sums, want);
    }
}
