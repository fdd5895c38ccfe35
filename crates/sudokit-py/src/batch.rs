//! Batches: many puzzles read, checked and solved (or counted) in parallel on rayon's
//! threads, with the GIL released, results in input order.
//!
//! The calling thread waits outside the GIL while the work runs on the pool. Every
//! [`TICK`] it takes the GIL back for a moment to report progress to the optional
//! callback and to let `KeyboardInterrupt` through; either one raising stops the batch.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use rayon::prelude::*;
use sudokit::Grid;

use crate::errors::Failure;
use crate::grid::PyGrid;
use crate::read;

/// How often a running batch reports progress and checks for interrupts.
const TICK: Duration = Duration::from_millis(100);

/// One puzzle of a batch as handed over: text, or a grid already built.
enum Input {
    Text(PyBackedStr),
    Grid(Grid),
}

impl Input {
    fn puzzle(&self, size: Option<usize>) -> Result<Grid, Failure> {
        match self {
            Input::Text(text) => read::puzzle(text, size),
            Input::Grid(grid) => read::check(grid.clone()),
        }
    }
}

/// What a batch is asked for, beyond the per-puzzle work.
pub struct Options<'py> {
    /// The board size, or `None` to infer it per puzzle.
    pub size: Option<usize>,
    /// Worker threads, or `None` for one per core.
    pub threads: Option<usize>,
    /// Called as `progress(done, total)` while the batch runs and once at its end.
    pub progress: Option<Bound<'py, PyAny>>,
}

/// Takes the puzzles out of any iterable of strings, `Puzzle`s or `Grid`s.
fn gather(puzzles: &Bound<'_, PyAny>) -> PyResult<Vec<Input>> {
    let mut inputs = Vec::with_capacity(puzzles.len().unwrap_or(0));
    for item in puzzles.try_iter()? {
        let item = item?;
        inputs.push(match item.cast::<PyGrid>() {
            Ok(grid) => Input::Grid(grid.get().grid.clone()),
            Err(_) => Input::Text(item.extract()?),
        });
    }
    Ok(inputs)
}

/// Where the workers and the waiting caller meet.
#[derive(Default)]
struct Shared {
    done: AtomicUsize,
    stop: AtomicBool,
    finished: Mutex<bool>,
    wake: Condvar,
}

impl Shared {
    /// Waits up to `timeout` for the batch to finish; whether it has.
    fn wait(&self, timeout: Duration) -> bool {
        let guard = self.finished.lock().unwrap_or_else(|e| e.into_inner());
        let (guard, _) = self
            .wake
            .wait_timeout_while(guard, timeout, |finished| !*finished)
            .unwrap_or_else(|e| e.into_inner());
        *guard
    }

    fn finish(&self) {
        *self.finished.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.wake.notify_all();
    }
}

/// Runs `work` on every puzzle of `puzzles` and returns the results in order; the
/// first puzzle (by position) that cannot be read, checked or answered raises, its
/// message starting with its position (`puzzles[3]: …`).
pub fn run<T, W>(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    options: Options<'_>,
    work: W,
) -> PyResult<Vec<T>>
where
    T: Send,
    W: Fn(&Grid) -> Result<T, Failure> + Sync,
{
    let inputs = gather(puzzles)?;
    let pool = match options.threads {
        None => None,
        Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
        Some(n) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| PyRuntimeError::new_err(e.to_string()))?,
        ),
    };
    let shared = Shared::default();
    let size = options.size;
    let total = inputs.len();
    let results = std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let job = || {
                inputs
                    .par_iter()
                    .map(|input| {
                        if shared.stop.load(Relaxed) {
                            return None;
                        }
                        let result = input.puzzle(size).and_then(|grid| work(&grid));
                        shared.done.fetch_add(1, Relaxed);
                        Some(result)
                    })
                    .collect::<Vec<_>>()
            };
            let out = match &pool {
                Some(pool) => pool.install(job),
                None => job(),
            };
            shared.finish();
            out
        });
        let mut raised = None;
        loop {
            let finished = py.detach(|| shared.wait(TICK));
            if let Some(callback) = &options.progress {
                raised = callback.call1((shared.done.load(Relaxed), total)).err();
            }
            if raised.is_none() {
                raised = py.check_signals().err();
            }
            if raised.is_some() {
                shared.stop.store(true, Relaxed);
            }
            if finished || raised.is_some() {
                break;
            }
        }
        let out = py
            .detach(|| worker.join())
            .map_err(|_| PyRuntimeError::new_err("a worker thread panicked"));
        match raised {
            Some(err) => Err(err),
            None => out,
        }
    })?;
    results
        .into_iter()
        .enumerate()
        .map(|(i, result)| {
            result
                .expect("every puzzle runs unless the batch was stopped")
                .map_err(|f| f.into_pyerr_at(&format!("puzzles[{i}]: ")))
        })
        .collect()
}
