//! `sudokit bench`: puzzles per second per file and engine, for the first solution and
//! for counting to 2, with every answer verified.
//!
//! Each (file, engine, mode) is run `--repeat` times; the table gives the median and
//! the range. A run that passes the time budget stops and reports how many puzzles it
//! finished instead of hanging. Verification happens after the timed loop: every
//! solution must solve its puzzle, and counts must agree between engines.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;
use sudokit::engine::{self, Engine, Search};
use sudokit::{Grid, ReadOptions};

use crate::batch;
use crate::driver::{OutputError, EXIT_FAILED};

/// Measure engines on puzzle files.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  sudokit bench                                  # every shared data file, engine auto
  sudokit bench --engine all data/top1465.txt    # every engine side by side
  sudokit bench --engine generic --engine auto --repeat 5 --json

Without FILE, reads every `puzzles*` file in ../shared/data when that folder exists,
else the samples in data/. Single thread unless --threads is given.")]
pub struct Args {
    /// Puzzle files.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Engine to measure (repeatable); `all` for every engine.
    #[arg(long, short, value_name = "NAME", default_value = "auto")]
    engine: Vec<String>,

    /// Timed runs per file, engine and mode.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    repeat: u32,

    /// Seconds one run may take before it stops and reports how far it got.
    #[arg(long, default_value_t = 20.0, value_name = "SECS")]
    budget: f64,

    /// Worker threads.
    #[arg(long, short = 'j', default_value_t = 1, value_name = "N")]
    threads: usize,

    /// Measure only the first solution (skip counting to 2).
    #[arg(long)]
    solve_only: bool,

    /// Print the results as JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// One measured mode of one engine on one file.
#[derive(Debug, Clone, Serialize)]
struct Mode {
    /// Solutions looked for (1 = first solution, 2 = uniqueness).
    limit: u64,
    /// Puzzles finished in the first run.
    finished: usize,
    /// Puzzles per second, one per run.
    rates: Vec<f64>,
    /// Median of `rates`.
    median: f64,
    /// Guesses per finished puzzle.
    guesses_per_puzzle: f64,
    /// Search nodes per finished puzzle.
    nodes_per_puzzle: f64,
    /// Answers that failed verification.
    wrong: usize,
}

#[derive(Debug, Clone, Serialize)]
struct Row {
    file: String,
    engine: String,
    puzzles: usize,
    skipped: usize,
    modes: Vec<Mode>,
}

/// Runs `sudokit bench`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let engines = engine_list(&args.engine)?;
    let files = if args.files.is_empty() {
        default_files()
    } else {
        args.files.clone()
    };
    anyhow::ensure!(
        !files.is_empty(),
        "no puzzle files: give FILE arguments or run from the project folder"
    );
    let pool = batch::pool(Some(args.threads))?;
    let budget = Duration::from_secs_f64(args.budget.max(0.001));
    let mut rows = Vec::new();
    let mut unreadable = 0;
    for file in &files {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", file.display());
                unreadable += 1;
                continue;
            }
        };
        let all: Vec<_> = sudokit::format::read::records(&text, &ReadOptions::default()).collect();
        let puzzles: Vec<Grid> = all
            .iter()
            .filter_map(|r| r.result.as_ref().ok())
            .filter(|g| g.validate().is_ok())
            .cloned()
            .collect();
        let skipped = all.len() - puzzles.len();
        let mut reference: Option<Vec<Option<u64>>> = None;
        for e in &engines {
            if !args.json {
                eprintln!("{}: {} ...", file.display(), e.name());
            }
            let limits: &[u64] = if args.solve_only { &[1] } else { &[1, 2] };
            let mut modes = Vec::new();
            for &limit in limits {
                let (mut mode, counts) =
                    measure(&pool, e.as_ref(), &puzzles, limit, args.repeat, budget);
                if limit == 2 {
                    match &reference {
                        Some(r) => mode.wrong += disagreements(r, &counts),
                        None => reference = Some(counts),
                    }
                }
                modes.push(mode);
            }
            rows.push(Row {
                file: file.display().to_string(),
                engine: e.name().to_string(),
                puzzles: puzzles.len(),
                skipped,
                modes,
            });
        }
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = serde_json::to_string_pretty(&rows)?;
        writeln!(out, "{json}").map_err(OutputError)?;
    } else {
        print_table(&mut out, &rows, pool.current_num_threads()).map_err(OutputError)?;
    }
    out.flush().map_err(OutputError)?;
    let wrong: usize = rows.iter().flat_map(|r| &r.modes).map(|m| m.wrong).sum();
    if wrong > 0 {
        eprintln!("error: {wrong} answers failed verification");
    }
    Ok(if wrong + unreadable > 0 {
        ExitCode::from(EXIT_FAILED)
    } else {
        ExitCode::SUCCESS
    })
}

fn engine_list(names: &[String]) -> anyhow::Result<Vec<Box<dyn Engine>>> {
    let mut out = Vec::new();
    for name in names {
        if name == "all" {
            for n in engine::NAMES.iter().filter(|&&n| n != "auto") {
                out.push(engine::by_name(n)?);
            }
        } else {
            out.push(engine::by_name(name)?);
        }
    }
    Ok(out)
}

fn default_files() -> Vec<PathBuf> {
    let shared = Path::new("../shared/data");
    let mut files: Vec<PathBuf> = std::fs::read_dir(shared)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("puzzles"))
        })
        .collect();
    if files.is_empty() {
        files = std::fs::read_dir("data")
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
    }
    files.sort();
    files
}

/// Times `repeat` runs of `limit`-searches over `puzzles`; returns the mode and the
/// counts of the first run (`None` for puzzles it did not reach).
fn measure(
    pool: &rayon::ThreadPool,
    engine: &dyn Engine,
    puzzles: &[Grid],
    limit: u64,
    repeat: u32,
    budget: Duration,
) -> (Mode, Vec<Option<u64>>) {
    let mut rates = Vec::new();
    let mut first: Vec<Option<Search>> = Vec::new();
    for run in 0..repeat {
        let (results, elapsed) = timed_run(pool, engine, puzzles, limit, budget);
        let finished = results.iter().filter(|r| r.is_some()).count();
        rates.push(finished as f64 / elapsed.as_secs_f64().max(1e-9));
        if run == 0 {
            first = results;
            if finished < puzzles.len() {
                break;
            }
        }
    }
    let finished = first.iter().filter(|r| r.is_some()).count();
    let wrong = first
        .iter()
        .zip(puzzles)
        .filter(|(r, p)| match r {
            Some(s) => !answered_right(engine, s, p),
            None => false,
        })
        .count();
    let (guesses, nodes) = first.iter().flatten().fold((0u64, 0u64), |(g, n), s| {
        (g + s.stats.guesses, n + s.stats.nodes)
    });
    let per = |v: u64| v as f64 / finished.max(1) as f64;
    let mut sorted = rates.clone();
    sorted.sort_by(|a, b| a.total_cmp(b));
    let median = sorted[sorted.len() / 2];
    let counts = first.iter().map(|r| r.as_ref().map(|s| s.count)).collect();
    (
        Mode {
            limit,
            finished,
            rates,
            median,
            guesses_per_puzzle: per(guesses),
            nodes_per_puzzle: per(nodes),
            wrong,
        },
        counts,
    )
}

/// Whether `engine` answered a puzzle right: its solution solves the puzzle, or it
/// found none and the puzzle has none (checked by another engine, only then and after
/// the timed runs).
fn answered_right(engine: &dyn Engine, s: &Search, puzzle: &Grid) -> bool {
    let other: &dyn Engine = if engine.name() == engine::Dlx.name() {
        &engine::Auto
    } else {
        &engine::Dlx
    };
    match &s.solution {
        Some(g) => g.is_solution_of(puzzle),
        None => s.count == 0 && matches!(other.count_only(puzzle, 1), Ok(0)),
    }
}

/// One timed pass; puzzles not reached before the budget are `None`.
fn timed_run(
    pool: &rayon::ThreadPool,
    engine: &dyn Engine,
    puzzles: &[Grid],
    limit: u64,
    budget: Duration,
) -> (Vec<Option<Search>>, Duration) {
    let start = Instant::now();
    let over = AtomicBool::new(false);
    let one = |p: &Grid| {
        if over.load(Ordering::Relaxed) {
            return None;
        }
        let r = engine.search(p, limit).ok();
        if start.elapsed() > budget {
            over.store(true, Ordering::Relaxed);
        }
        r
    };
    let results: Vec<Option<Search>> = if pool.current_num_threads() == 1 {
        puzzles.iter().map(one).collect()
    } else {
        pool.install(|| puzzles.par_iter().map(one).collect())
    };
    (results, start.elapsed())
}

fn disagreements(reference: &[Option<u64>], counts: &[Option<u64>]) -> usize {
    reference
        .iter()
        .zip(counts)
        .filter(|(a, b)| matches!((a, b), (Some(x), Some(y)) if x != y))
        .count()
}

fn print_table(out: &mut dyn Write, rows: &[Row], threads: usize) -> std::io::Result<()> {
    writeln!(
        out,
        "{:<34} {:<11} {:>8}  {:>26}  {:>26}  {:>9}  {:>9}  verified",
        "file",
        "engine",
        "puzzles",
        "solve/s median (min-max)",
        "count-2/s median (min-max)",
        "guesses/p",
        "nodes/p",
    )?;
    for row in rows {
        let name = Path::new(&row.file)
            .file_name()
            .map_or(row.file.clone(), |n| n.to_string_lossy().into_owned());
        let cell = |m: Option<&Mode>| match m {
            None => "-".to_string(),
            Some(m) if m.finished < row.puzzles => {
                format!(
                    "{} ({} of {} in budget)",
                    rate(m.median),
                    m.finished,
                    row.puzzles
                )
            }
            Some(m) => {
                let lo = m.rates.iter().copied().fold(f64::MAX, f64::min);
                let hi = m.rates.iter().copied().fold(0.0, f64::max);
                format!("{} ({}-{})", rate(m.median), rate(lo), rate(hi))
            }
        };
        let solve = row.modes.iter().find(|m| m.limit == 1);
        let count = row.modes.iter().find(|m| m.limit == 2);
        let wrong: usize = row.modes.iter().map(|m| m.wrong).sum();
        writeln!(
            out,
            "{:<34} {:<11} {:>8}  {:>26}  {:>26}  {:>9.1}  {:>9.1}  {}",
            name,
            row.engine,
            row.puzzles,
            cell(solve),
            cell(count),
            solve.map_or(0.0, |m| m.guesses_per_puzzle),
            solve.map_or(0.0, |m| m.nodes_per_puzzle),
            if wrong == 0 {
                "ok".to_string()
            } else {
                format!("{wrong} WRONG")
            }
        )?;
    }
    writeln!(out, "threads: {threads}; every solution checked against its puzzle; counts compared between engines")
}

/// A rate for the table: whole numbers, with two decimals below 10 so that slow
/// engines do not show as 0.
fn rate(r: f64) -> String {
    if r < 10.0 {
        format!("{r:.2}")
    } else {
        format!("{r:.0}")
    }
}
