//! `bigboards-compare`: the engines on big boards, one thread, one table.
//!
//! For each size, `--count` puzzles are made by [`sudokit_bench::boards::puzzle`] (a
//! shuffled valid full grid with `--clues` of its cells kept, seeded by `--seed`). Each
//! engine first solves every puzzle (the solution checked with
//! [`sudokit::Grid::is_solution_of`]), then counts each to 2 (the uniqueness check, the count
//! checked against the first engine's). Times are the CPU time of the solving thread.
//!
//! Every (engine, size, task) runs in a child process of this program, which prints one
//! line per puzzle; a puzzle that takes longer than `--timeout` seconds ends the child,
//! the table shows the time limit for it, and the engine is not run on larger boards
//! for that task. Engines that do not support a layout are skipped.
//!
//! With `--write FILE` the puzzles are written to `FILE` instead (block form, a blank
//! line between puzzles), for other solvers to run on the same ones
//! (`scripts/cpsat-bigboards.py` runs OR-Tools' CP-SAT on them).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use clap::{Parser, ValueEnum};
use cpu_time::ThreadTime;
use sudokit::engine::{by_name, Query};
use sudokit::format::{write, OutputFormat};
use sudokit::Layout;
use sudokit_bench::boards::puzzle;

#[derive(Parser, Debug)]
#[command(about = "Engines on big boards: seconds per puzzle, first solution and count to 2")]
struct Args {
    /// Board sizes (classic layouts).
    #[arg(long, value_delimiter = ',', default_value = "9,16,25,36,49,64")]
    sizes: Vec<usize>,
    /// Part of each full grid's cells kept as clues.
    #[arg(long, default_value_t = 0.5)]
    clues: f64,
    /// Puzzles per size.
    #[arg(long, default_value_t = 5)]
    count: u64,
    /// Seed of the puzzles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Engines, by `--engine` name.
    #[arg(long, value_delimiter = ',', default_value = "generic,cdcl,dlx,norvig")]
    engines: Vec<String>,
    /// Seconds one puzzle may take before the engine is stopped.
    #[arg(long, default_value_t = 10.0)]
    timeout: f64,
    /// Only these tasks.
    #[arg(long, value_delimiter = ',', default_value = "solve,count2")]
    tasks: Vec<Task>,
    /// Write the puzzles to this file (every size in order, block form) instead of
    /// running the engines.
    #[arg(long, value_name = "FILE")]
    write: Option<std::path::PathBuf>,
    /// Internal: run one engine on one size and task, printing one line per puzzle.
    #[arg(long, hide = true, requires = "size")]
    worker: Option<String>,
    /// Internal: the size a worker runs.
    #[arg(long, hide = true)]
    size: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Task {
    /// The first solution.
    Solve,
    /// Counting to 2.
    Count2,
}

impl Task {
    fn limit(self) -> u64 {
        match self {
            Task::Solve => 1,
            Task::Count2 => 2,
        }
    }
}

/// Writes every puzzle of the run to `path`, each size's in order, in block form.
fn write_puzzles(args: &Args, path: &std::path::Path) -> Result<(), String> {
    let mut text = String::new();
    for &n in &args.sizes {
        for index in 0..args.count {
            let p = puzzle(n, args.clues, args.seed, index).map_err(|e| e.to_string())?;
            text.push_str(&write(&p, OutputFormat::Block));
            text.push_str("\n\n");
        }
    }
    std::fs::write(path, text).map_err(|e| e.to_string())
}

/// One puzzle's answer from a worker: CPU seconds and solutions found.
struct Timed {
    seconds: f64,
    count: u64,
}

/// What a worker did on one size: the puzzles it finished, and why it stopped early.
struct Outcome {
    done: Vec<Timed>,
    stopped: Option<String>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(engine) = &args.worker {
        return match worker(&args, engine) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        };
    }
    for name in &args.engines {
        if let Err(e) = by_name(name) {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    if let Some(&n) = args.sizes.iter().find(|&&n| !Layout::is_classic_size(n)) {
        eprintln!("--sizes: {n} has no classic box layout; use 4, 6, 8, 9, …, 64");
        return ExitCode::FAILURE;
    }
    if let Some(path) = &args.write {
        return match write_puzzles(&args, path) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                ExitCode::FAILURE
            }
        };
    }
    println!(
        "{} puzzles per size, {:.0}% of the cells given, seed {}, time limit {} s per puzzle",
        args.count,
        args.clues * 100.0,
        args.seed,
        args.timeout
    );
    println!();
    println!("| size | engine | task | s/puzzle | puzzles/s | solutions |");
    println!("|---:|---|---|---:|---:|---|");
    let mut failed = false;
    for &task in &args.tasks {
        let mut gave_up: Vec<String> = Vec::new();
        for &n in &args.sizes {
            let mut reference: Option<Vec<u64>> = None;
            for engine in &args.engines {
                let supported = by_name(engine)
                    .map(|e| e.supports(&Layout::classic(n).expect("checked")))
                    .unwrap_or(false);
                if !supported || gave_up.contains(engine) {
                    continue;
                }
                let out = run_worker(&args, engine, n, task);
                let counts: Vec<u64> = out.done.iter().map(|t| t.count).collect();
                if let Some(r) = &reference {
                    if counts.iter().zip(r).any(|(a, b)| a != b) {
                        eprintln!("{n}×{n} {engine}: counts {counts:?} differ from {r:?}");
                        failed = true;
                    }
                } else if out.done.len() as u64 == args.count {
                    reference = Some(counts.clone());
                }
                print_row(n, engine, task, &out, args.timeout);
                if let Some(why) = &out.stopped {
                    if !why.starts_with("timeout") {
                        eprintln!("{n}×{n} {engine}: {why}");
                        failed = true;
                    }
                    gave_up.push(engine.clone());
                }
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn print_row(n: usize, engine: &str, task: Task, out: &Outcome, timeout: f64) {
    let task_name = match task {
        Task::Solve => "solve",
        Task::Count2 => "count ≤ 2",
    };
    let done = out.done.len();
    let total: f64 = out.done.iter().map(|t| t.seconds).sum();
    let (per, rate) = match &out.stopped {
        Some(_) => (
            format!("> {timeout} (puzzle {})", done + 1),
            "—".to_string(),
        ),
        None if done == 0 => ("—".to_string(), "—".to_string()),
        None => {
            let per = total / done as f64;
            (format!("{per:.4}"), format!("{:.1}", 1.0 / per.max(1e-9)))
        }
    };
    let mut solutions = [0usize; 3];
    for t in &out.done {
        solutions[t.count.min(2) as usize] += 1;
    }
    let found = ["none", "one", "two"]
        .iter()
        .zip(solutions)
        .filter(|(_, k)| *k > 0)
        .map(|(name, k)| format!("{name}: {k}"))
        .collect::<Vec<_>>()
        .join(", ");
    println!("| {n}×{n} | {engine} | {task_name} | {per} | {rate} | {found} |");
}

/// Runs one engine on one size and task in a child process, stopping it when a
/// puzzle takes longer than the time limit.
fn run_worker(args: &Args, engine: &str, n: usize, task: Task) -> Outcome {
    let task_name = format!("{task:?}").to_lowercase();
    let spawned = std::env::current_exe().and_then(|exe| {
        Command::new(exe)
            .args(["--worker", engine, "--size", &n.to_string()])
            .args(["--clues", &args.clues.to_string()])
            .args(["--count", &args.count.to_string()])
            .args(["--seed", &args.seed.to_string()])
            .args(["--tasks", &task_name])
            .stdout(Stdio::piped())
            .spawn()
    });
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => {
            return Outcome {
                done: Vec::new(),
                stopped: Some(format!("could not start a worker: {e}")),
            }
        }
    };
    let stdout = child.stdout.take().expect("piped");
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let mut done = Vec::new();
    let limit = Duration::from_secs_f64(args.timeout);
    let stopped = loop {
        if done.len() as u64 == args.count {
            break None;
        }
        match lines.recv_timeout(limit) {
            Ok(Ok(line)) => match parse_line(&line) {
                Some(t) => done.push(t),
                None => break Some(format!("bad worker line `{line}`")),
            },
            Ok(Err(e)) => break Some(format!("worker output: {e}")),
            Err(mpsc::RecvTimeoutError::Timeout) => break Some("timeout".to_string()),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Some("the worker stopped (see its message above)".to_string())
            }
        }
    };
    if stopped.is_some() {
        // The child may still be searching; it is ours to end.
        let _ = child.kill();
    }
    let _ = child.wait();
    Outcome { done, stopped }
}

fn parse_line(line: &str) -> Option<Timed> {
    let (seconds, count) = line.split_once(' ')?;
    Some(Timed {
        seconds: seconds.parse().ok()?,
        count: count.parse().ok()?,
    })
}

/// The child's side: every puzzle of one size with one engine and task, one line each
/// (`seconds count`), each answer checked against its puzzle.
fn worker(args: &Args, name: &str) -> Result<(), String> {
    let n = args.size.ok_or("--worker needs --size")?;
    let task = *args.tasks.first().ok_or("--worker needs one task")?;
    let engine = by_name(name).map_err(|e| e.to_string())?;
    let mut out = std::io::stdout().lock();
    for index in 0..args.count {
        let p = puzzle(n, args.clues, args.seed, index).map_err(|e| e.to_string())?;
        let start = ThreadTime::now();
        let found = engine
            .search(&p, &Query::up_to(task.limit()))
            .map_err(|e| e.to_string())?;
        let seconds = start.elapsed().as_secs_f64();
        match &found.solution {
            Some(s) if !s.is_solution_of(&p) => {
                return Err(format!("{name}: wrong solution of {n}×{n} puzzle {index}"))
            }
            None if found.count > 0 => {
                return Err(format!(
                    "{name}: {n}×{n} puzzle {index}: a count without a solution"
                ))
            }
            _ => {}
        }
        writeln!(out, "{seconds:.6} {}", found.count).map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
    }
    Ok(())
}
