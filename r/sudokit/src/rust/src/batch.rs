//! Many puzzles at once: the per-puzzle outcome every function returns, and the map
//! that runs a function over a batch on one thread or on a pool of `threads`.
//!
//! R objects are touched only on the calling thread: the text of each puzzle is taken
//! out as `&str` first, the work runs on plain Rust values, and the results become R
//! vectors afterwards. Interrupts are checked by the R side between chunks, so one call
//! here is one chunk.

use extendr_api::prelude::*;
use extendr_api::Result;
use rayon::prelude::*;

use crate::failure::Failure;

/// Runs `work` on every item, on the calling thread when `threads <= 1`, else on a
/// rayon pool of that many threads; results in input order.
pub fn map<I, T, W>(items: &[I], threads: i32, work: W) -> Result<Vec<T>>
where
    I: Sync,
    T: Send,
    W: Fn(&I) -> T + Sync,
{
    if threads <= 1 {
        return Ok(items.iter().map(work).collect());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads as usize)
        .build()
        .map_err(|e| Error::Other(format!("cannot start {threads} threads: {e}")))?;
    Ok(pool.install(|| items.par_iter().map(&work).collect()))
}

/// The text of each element of a character vector (`NA` as `None`).
pub fn texts(x: &Strings) -> Vec<Option<&str>> {
    x.iter()
        .map(|s| if s.is_na() { None } else { Some(s.as_ref()) })
        .collect()
}

/// The status and message columns shared by every batch result: `status` is 0 for an
/// answer and [`Failure::code`] otherwise, `message` is `NA` or the library's message.
pub struct Report {
    status: Vec<i32>,
    message: Vec<Option<String>>,
}

impl Report {
    /// Splits a batch's results into the answers (`None` where it failed) and the report.
    pub fn split<T>(results: Vec<std::result::Result<T, Failure>>) -> (Vec<Option<T>>, Report) {
        let mut report = Report {
            status: Vec::with_capacity(results.len()),
            message: Vec::with_capacity(results.len()),
        };
        let values = results
            .into_iter()
            .map(|r| match r {
                Ok(v) => {
                    report.status.push(0);
                    report.message.push(None);
                    Some(v)
                }
                Err(f) => {
                    report.status.push(f.code());
                    report.message.push(Some(f.to_string()));
                    None
                }
            })
            .collect();
        (values, report)
    }

    /// A named R list of `columns` followed by `status` and `message`.
    pub fn into_list(self, columns: Vec<(&str, Robj)>) -> Result<List> {
        let mut names: Vec<&str> = columns.iter().map(|(n, _)| *n).collect();
        let mut values: Vec<Robj> = columns.into_iter().map(|(_, v)| v).collect();
        names.extend(["status", "message"]);
        values.push(Integers::from_values(self.status).into());
        values.push(strings(self.message).into());
        List::from_names_and_values(names, values)
    }
}

/// A character vector from optional strings (`None` as `NA`).
pub fn strings<S: AsRef<str>>(values: Vec<Option<S>>) -> Strings {
    let na = <&str>::na();
    let refs: Vec<&str> = values
        .iter()
        .map(|v| v.as_ref().map_or(na, |s| s.as_ref()))
        .collect();
    Strings::from_values(refs)
}

/// Optional values as R scalars for a vector (`Doubles::from_values(or_na(…))`),
/// `None` as `NA`.
pub fn or_na<T, R>(values: impl IntoIterator<Item = Option<T>>) -> Vec<R>
where
    R: CanBeNA + From<T>,
{
    values
        .into_iter()
        .map(|v| v.map_or_else(R::na, R::from))
        .collect()
}

/// The list an exported function hands back: its columns, or, when it could not run
/// at all (an unknown engine, threads that would not start), `list(error = message)`
/// for the R side to raise. Returning an `Err` to extendr instead would print a panic
/// message on the way to the R error.
pub fn or_error(answer: impl FnOnce() -> Result<List>) -> List {
    answer().unwrap_or_else(|e| {
        let message = match e {
            Error::Other(message) => message,
            e => e.to_string(),
        };
        List::from_names_and_values(["error"], [Robj::from(message)]).unwrap_or_default()
    })
}
