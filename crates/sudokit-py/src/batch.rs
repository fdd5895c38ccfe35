//! Batches: many puzzles read, checked and solved (or counted, or generated) in
//! parallel on rayon's threads, with the GIL released, results in input order.
//!
//! The calling thread waits outside the GIL while the work runs on the pool. Every
//! [`TICK`] it takes the GIL back for a moment to report progress to the optional
//! callback and to let `KeyboardInterrupt` through; either one raising stops the batch.
//!
//! A puzzle that cannot be read, checked or answered either raises (the first by
//! position, [`Errors::Raise`]) or becomes its exception object in its place
//! ([`Errors::Return`]), so one bad puzzle never loses the others' results.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::IntoPyObjectExt;
use rayon::prelude::*;
use sudokit::Grid;

use crate::errors::Failure;
use crate::grid::PyGrid;
use crate::read;

/// How often a running batch reports progress and checks for interrupts.
const TICK: Duration = Duration::from_millis(100);

/// One puzzle of a batch as handed over: text, a grid already built, or (when errors
/// are returned) what was handed over instead, by its type's name.
enum Input {
    Text(PyBackedStr),
    Grid(Grid),
    Wrong(String),
}

impl Input {
    fn puzzle(&self, size: Option<usize>) -> Result<Grid, Failure> {
        match self {
            Input::Text(text) => read::puzzle(text, size),
            Input::Grid(grid) => read::check(grid.clone()),
            Input::Wrong(kind) => Err(Failure::Type(format!(
                "a puzzle is a string, Puzzle or Grid, not {kind}"
            ))),
        }
    }
}

/// What a batch does with a puzzle that cannot be read, checked or answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Errors {
    /// Raise the first failure by position, its message starting with the position
    /// (`puzzles[3]: …`).
    Raise,
    /// Put each failure's exception object in its puzzle's place and go on.
    Return,
}

impl Errors {
    /// The choice named by `errors=`: `"raise"` or `"return"`.
    pub fn named(name: &str) -> PyResult<Errors> {
        match name {
            "raise" => Ok(Errors::Raise),
            "return" => Ok(Errors::Return),
            _ => Err(PyValueError::new_err(format!(
                "errors={name:?} is not a choice: give \"raise\" (stop at the first bad puzzle) \
                 or \"return\" (its exception in its place)"
            ))),
        }
    }
}

/// How a batch runs.
pub struct Options<'py> {
    /// Worker threads, or `None` for one per core (capped, see [`pool`]).
    pub threads: Option<usize>,
    /// Called as `progress(done, total)` while the batch runs and once at its end.
    pub progress: Option<Bound<'py, PyAny>>,
}

/// Takes the puzzles out of any iterable of strings, `Puzzle`s or `Grid`s; anything
/// else raises `TypeError`, or is kept as a wrong input when errors are returned.
fn gather(puzzles: &Bound<'_, PyAny>, errors: Errors) -> PyResult<Vec<Input>> {
    let mut inputs = Vec::with_capacity(puzzles.len().unwrap_or(0));
    for item in puzzles.try_iter()? {
        let item = item?;
        inputs.push(match item.cast::<PyGrid>() {
            Ok(grid) => Input::Grid(grid.get().grid.clone()),
            Err(_) => match item.extract() {
                Ok(text) => Input::Text(text),
                Err(_) if errors == Errors::Return => {
                    Input::Wrong(item.get_type().name()?.to_string())
                }
                Err(e) => return Err(e),
            },
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

/// Reads and checks every puzzle of `puzzles` (any iterable of strings, `Puzzle`s or
/// `Grid`s; `size` as for `Puzzle`) and runs `work` on it; results in order, each
/// converted to a Python object by `convert`. A puzzle that cannot be read, checked or
/// answered is handled as `errors` says.
pub fn run<'py, T, W, C>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    size: Option<usize>,
    options: Options<'py>,
    errors: Errors,
    work: W,
    convert: C,
) -> PyResult<Vec<Py<PyAny>>>
where
    T: Send,
    W: Fn(&Grid) -> Result<T, Failure> + Sync,
    C: Fn(T) -> PyResult<Py<PyAny>>,
{
    let inputs = gather(puzzles, errors)?;
    let results = run_indexed(py, inputs.len(), options, |i| {
        inputs[i].puzzle(size).and_then(|grid| work(&grid))
    })?;
    values(py, results, errors, convert)
}

/// The results of a batch as Python objects, each converted by `convert`; a failure
/// raises (the first, its message starting with its position) or becomes its
/// exception object, as `errors` says.
pub fn values<T>(
    py: Python<'_>,
    results: Vec<Result<T, Failure>>,
    errors: Errors,
    convert: impl Fn(T) -> PyResult<Py<PyAny>>,
) -> PyResult<Vec<Py<PyAny>>> {
    results
        .into_iter()
        .enumerate()
        .map(|(i, result)| match (result, errors) {
            (Ok(value), _) => convert(value),
            (Err(f), Errors::Raise) => Err(f.into_pyerr_at(&format!("puzzles[{i}]: "))),
            (Err(f), Errors::Return) => f.into_pyerr_at("").into_value(py).into_py_any(py),
        })
        .collect()
}

/// The most threads per core a batch runs: more only adds switching between them and
/// memory for their stacks.
const THREADS_PER_CORE: usize = 4;

/// A pool of `threads` workers, but no more than [`THREADS_PER_CORE`] per core nor
/// than `total` items; when the system cannot start that many, half as many, down
/// to one.
fn pool(threads: usize, total: usize) -> PyResult<rayon::ThreadPool> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut n = threads.min(THREADS_PER_CORE * cores).min(total).max(1);
    loop {
        match rayon::ThreadPoolBuilder::new().num_threads(n).build() {
            Ok(pool) => return Ok(pool),
            Err(e) if n == 1 => {
                return Err(PyRuntimeError::new_err(format!(
                    "cannot start a worker thread: {e}"
                )))
            }
            Err(_) => n /= 2,
        }
    }
}

/// Runs `work(0)` … `work(total - 1)` in parallel outside the GIL; results in order.
pub fn run_indexed<T, W>(
    py: Python<'_>,
    total: usize,
    options: Options<'_>,
    work: W,
) -> PyResult<Vec<Result<T, Failure>>>
where
    T: Send,
    W: Fn(usize) -> Result<T, Failure> + Sync,
{
    let pool = match options.threads {
        None => None,
        Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
        Some(n) => Some(pool(n, total)?),
    };
    let shared = Shared::default();
    let results = std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let job = || {
                (0..total)
                    .into_par_iter()
                    .map(|i| {
                        if shared.stop.load(Relaxed) {
                            return None;
                        }
                        let result = work(i);
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
    Ok(results
        .into_iter()
        .map(|result| result.expect("every item runs unless the batch was stopped"))
        .collect())
}
