//! `compare-all [--sample N] [--reps N] [--tdoku PATH]`: the whole comparison against
//! the peers in one run, one thread, as Markdown tables.
//!
//! 1. Engines: sudokit's `fast` against the `sudoku` crate on every default puzzle file
//!    (first solution and count to two, chunked best times as `peer-compare`), and
//!    tdoku when `--tdoku` gives a build of its example program ([`sudokit_bench::tdoku`]).
//! 2. Logic: sudokit's solver with the crate's technique set and the full rater, against
//!    the crate's `StrategySolver`, on the 17-clue and top1465 files (as
//!    `logic-compare`).
//! 3. Generation (no symmetry, rotate-180) and the canonical form of the 17-clue file
//!    (as `gen-compare`).
//!
//! Every answer is verified before it is timed; a failed check ends the run with an
//! error. `--sample N` keeps the first `N` puzzles of each file and generates `N`
//! puzzles per side (default: whole files and 5,000); `--reps` (default 3) repeats
//! every timing. Ratios are only comparable within one run.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use sudokit::logic::{Solver, TechniqueSet};
use sudokit_bench::generation::{canon_row, generation_row, SYMMETRIES};
use sudokit_bench::logic::{techniques, Side};
use sudokit_bench::{compare_engines, Corpus};

struct Args {
    sample: Option<usize>,
    reps: usize,
    tdoku: Option<PathBuf>,
}

fn parse() -> Result<Args, String> {
    let mut out = Args {
        sample: None,
        reps: 3,
        tdoku: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--sample" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) if n > 0 => out.sample = Some(n),
                _ => return Err("--sample needs a positive number of puzzles".into()),
            },
            "--reps" => out.reps = sudokit_bench::reps_value(args.next())?,
            "--tdoku" => match args.next() {
                Some(p) => out.tdoku = Some(PathBuf::from(p)),
                None => return Err("--tdoku needs the path of tdoku's example `solve`".into()),
            },
            _ => {
                return Err(format!(
                "unknown argument {a}; usage: compare-all [--sample N] [--reps N] [--tdoku PATH]"
            ))
            }
        }
    }
    Ok(out)
}

fn load(path: &Path, sample: Option<usize>) -> Result<Corpus, String> {
    let mut c = Corpus::load(path)?;
    if let Some(n) = sample {
        c.truncate(n);
    }
    Ok(c)
}

fn engines(args: &Args) -> Result<(), String> {
    println!("## Engines: `fast`, the `sudoku` crate, tdoku\n");
    println!("| file | puzzles | fast 1st/s | crate 1st/s | tdoku 1st/s | fast ÷ best peer | fast lim2/s | crate lim2/s | tdoku lim2/s | fast ÷ best peer |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for path in sudokit_bench::default_files() {
        let corpus = load(&path, args.sample)?;
        if corpus.is_empty() {
            continue;
        }
        let r = compare_engines(&corpus, args.reps)?;
        let mut first = [r.first[0], r.first[1], f64::NAN];
        let mut limit2 = [r.limit2[0], r.limit2[1], f64::NAN];
        if let Some(t) = &args.tdoku {
            first[2] = sudokit_bench::tdoku::rate(t, &corpus, 1, args.reps)?;
            limit2[2] = sudokit_bench::tdoku::rate(t, &corpus, 2, args.reps)?;
        }
        let cell = |x: f64| {
            if x.is_nan() {
                "–".to_string()
            } else {
                format!("{x:.0}")
            }
        };
        let lead = |r: [f64; 3]| r[0] / r[1].max(if r[2].is_nan() { 0.0 } else { r[2] });
        println!(
            "| {} | {} | {} | {} | {} | {:.2}× | {} | {} | {} | {:.2}× |",
            corpus.name,
            corpus.len(),
            cell(first[0]),
            cell(first[1]),
            cell(first[2]),
            lead(first),
            cell(limit2[0]),
            cell(limit2[1]),
            cell(limit2[2]),
            lead(limit2),
        );
    }
    if args.tdoku.is_some() {
        println!("\ntdoku: its example program's CPU time in a child process (start, text input and output included); counting to two, it solves a unique puzzle twice.");
    }
    Ok(())
}

fn logic(args: &Args) -> Result<(), String> {
    println!("\n## Logic: sudokit against the crate's `StrategySolver`\n");
    let crate_set = Solver::new(techniques("crate")?).explain(false);
    let full = Solver::new(TechniqueSet::all()).explain(false);
    for (title, solver, side) in [
        (
            "crate's technique set, `Solver::solve`",
            &crate_set,
            Side::Solve,
        ),
        ("every technique, the full rater", &full, Side::Rate),
    ] {
        println!("{title}:\n\n{}", sudokit_bench::logic::HEAD);
        for path in sudokit_bench::logic_files() {
            let corpus = load(&path, args.sample)?;
            println!(
                "{}",
                sudokit_bench::logic::row(&corpus, solver, side, args.reps)?
            );
        }
        println!();
    }
    Ok(())
}

fn generation(args: &Args) -> Result<(), String> {
    println!("## Generation and canonical form\n");
    println!("{}", sudokit_bench::generation::HEAD);
    let count = args.sample.map_or(5000, |n| n as u64);
    for (symmetry, label) in SYMMETRIES {
        println!(
            "{}",
            generation_row(symmetry, label, count, 300, args.reps)?
        );
    }
    let path = sudokit_bench::shared_or_sample("puzzles2_17_clue", "17_clue.txt");
    let corpus = load(&path, args.sample)?;
    println!(
        "{}",
        canon_row(&corpus.grids, "canonical form, 17-clue puzzles", args.reps)?
    );
    Ok(())
}

fn main() -> ExitCode {
    let run = parse().and_then(|args| {
        engines(&args)?;
        logic(&args)?;
        generation(&args)
    });
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("compare-all: {e}");
            ExitCode::FAILURE
        }
    }
}
