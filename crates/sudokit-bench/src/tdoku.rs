//! tdoku, timed in a child process, for the comparison table.
//!
//! tdoku is not part of this project and nothing here builds it: the path given is a
//! build of its example program `example/solve.c`, which reads puzzles on standard
//! input, one per line, and writes `puzzle:count:solution` per puzzle, counting up to
//! the limit given as its argument. [`rate`] feeds it a [`Corpus`], checks every line
//! (the count against sudokit's, every solution given against its puzzle) and returns
//! puzzles per second from the best CPU time of the child over the repetitions, read from the children's times
//! in `/proc/self/stat` (Linux, in clock ticks of 10 ms): process start and the text
//! input and output are included. Asked to count to two, that program solves a puzzle
//! with one solution a second time for the solution, so its count-to-two time is an
//! upper bound.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use sudokit::Grid;

use crate::Corpus;

/// Clock ticks per second of the times in `/proc` (`USER_HZ`, 100 on Linux).
const TICKS_PER_SECOND: u64 = 100;

/// CPU time of the waited-for children of this process (user and system).
fn children_cpu() -> Result<Duration, String> {
    let stat = std::fs::read_to_string("/proc/self/stat")
        .map_err(|e| format!("timing tdoku needs Linux's /proc/self/stat: {e}"))?;
    let after = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest)
        .ok_or("unexpected /proc/self/stat")?;
    // Fields 16 and 17 of the line (cutime, cstime); the first after ')' is field 3.
    let fields: Vec<&str> = after.split_whitespace().collect();
    let tick = |i: usize| -> Result<u64, String> {
        fields
            .get(i)
            .and_then(|f| f.parse().ok())
            .ok_or_else(|| "unexpected /proc/self/stat".to_string())
    };
    let ticks = tick(13)? + tick(14)?;
    Ok(Duration::from_millis(ticks * 1000 / TICKS_PER_SECOND))
}

/// Runs the program at `path` once over the corpus with `limit`; returns its output.
fn run(path: &Path, input: &str, limit: u64) -> Result<String, String> {
    let mut child = Command::new(path)
        .arg(limit.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run tdoku at {}: {e}", path.display()))?;
    let mut stdin = child.stdin.take().ok_or("no stdin for tdoku")?;
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("tdoku at {}: {e}", path.display()))?;
    writer
        .join()
        .map_err(|_| "writing to tdoku failed".to_string())?
        .map_err(|e| format!("writing to tdoku: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "tdoku at {} failed: {}",
            path.display(),
            out.status
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("tdoku's output: {e}"))
}

/// Checks tdoku's output line by line against the puzzles and sudokit's counts.
fn check(corpus: &Corpus, counts: &[u64], limit: u64, output: &str) -> Result<(), String> {
    let lines: Vec<&str> = output.lines().collect();
    if lines.len() != corpus.len() {
        return Err(format!(
            "{}: tdoku answered {} of {} puzzles",
            corpus.name,
            lines.len(),
            corpus.len()
        ));
    }
    for (i, ((line, grid), &ours)) in lines.iter().zip(&corpus.grids).zip(counts).enumerate() {
        let at = || {
            format!(
                "{} puzzle {} (limit {limit}): tdoku said {line}",
                corpus.name,
                i + 1
            )
        };
        let mut parts = line.splitn(3, ':');
        let (puzzle, count, solution) = (parts.next(), parts.next(), parts.next());
        let same = puzzle
            .and_then(|p| p.parse::<Grid>().ok())
            .is_some_and(|p| p.cells() == grid.cells());
        let count: Option<u64> = count.and_then(|c| c.parse().ok());
        if !same || count != Some(ours.min(limit)) {
            return Err(format!(
                "{}: puzzle or count differs from sudokit's {ours}",
                at()
            ));
        }
        if ours >= 1 && (limit == 1 || ours == 1) {
            let solved = solution
                .and_then(|s| s.get(..81))
                .and_then(|s| s.parse::<Grid>().ok())
                .is_some_and(|s| s.is_solution_of(grid));
            if !solved {
                return Err(format!("{}: wrong solution", at()));
            }
        }
    }
    Ok(())
}

/// A timed run lasts this long at least: the input is repeated as often as needed.
const MIN_RUN: Duration = Duration::from_millis(500);

/// tdoku's puzzles per second over the corpus, counting to `limit`: the best of `reps`
/// timed runs. A first run, over the corpus once, is checked; the timed runs repeat the
/// corpus as often as needed to last `MIN_RUN` (the clock counts in 10 ms ticks), the
/// first of them being the last run that found how often.
pub fn rate(path: &Path, corpus: &Corpus, limit: u64, reps: usize) -> Result<f64, String> {
    let counts = corpus
        .grids
        .iter()
        .map(|g| corpus.engine.count(g, 2).map_err(|e| format!("{g}: {e}")))
        .collect::<Result<Vec<u64>, String>>()?;
    let once: String = corpus.grids.iter().map(|g| g.to_line() + "\n").collect();
    let before = children_cpu()?;
    let output = run(path, &once, limit)?;
    let first = children_cpu()?.saturating_sub(before);
    check(corpus, &counts, limit, &output)?;
    let tick = Duration::from_millis(1000 / TICKS_PER_SECOND);
    let (mut copies, mut took) = (1usize, first);
    while took < MIN_RUN {
        copies = if took < tick * 5 {
            copies * 16
        } else {
            (copies as f64 * 1.1 * MIN_RUN.as_secs_f64() / took.as_secs_f64()).ceil() as usize
        };
        let before = children_cpu()?;
        run(path, &once.repeat(copies), limit)?;
        took = children_cpu()?.saturating_sub(before);
    }
    let input = once.repeat(copies);
    let mut best = took;
    for _ in 1..reps.max(1) {
        let before = children_cpu()?;
        let output = run(path, &input, limit)?;
        best = best.min(children_cpu()?.saturating_sub(before));
        if output.lines().count() != corpus.len() * copies {
            return Err(format!("{}: tdoku left puzzles out", corpus.name));
        }
    }
    Ok(crate::rate(corpus.len() * copies, best))
}
