//! `se-compare (--serate PATH | --reference FILE) [--time-limit SECS] FILE…`: sudokit's
//! Sudoku Explainer rater (`sudokit::serate`) side by side with `serate` itself.
//!
//! `--serate PATH` runs Sudoku Explainer's `serate` on every file (PATH is a jar or a
//! class directory, run with `java -cp PATH diuf.sudoku.test.serate`, one thread, the
//! SE 1.2.1 technique set, without the later UR and BUG fixes) and times it;
//! `--reference FILE` reads a saved run instead (lines `= PUZZLE ER/EP/ED TIME`, as
//! `serate --format='= %g %r/%p/%d %e'` writes them). sudokit rates the same puzzles on
//! one thread. Printed per file and in total: ER exact and within 0.1, EP and ED
//! exact, the histogram of ER differences (ours − SE's) and the throughput ratio: CPU
//! time against CPU time when `serate` runs here (the JVM's own threads included),
//! else wall clock against the times a saved run recorded.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use clap::Parser;
use cpu_time::ProcessTime;
use sudokit::engine::Budget;
use sudokit::serate::{rate, SeError};
use sudokit::Grid;

/// SE 1.2.1's techniques in `serate --techs` order (the SukakuExplainer build).
const TECHS_121: &str = "1111000011010111011011011011000010100010111111";

#[derive(Parser)]
struct Args {
    /// A `serate` build: a jar or a class directory.
    #[arg(long)]
    serate: Option<PathBuf>,
    /// A saved `serate` run to compare with instead of running it.
    #[arg(long)]
    reference: Vec<PathBuf>,
    /// Seconds per puzzle for sudokit before it gives up.
    #[arg(long, default_value_t = 600.0)]
    time_limit: f64,
    /// Show each puzzle whose ER differs.
    #[arg(long)]
    verbose: bool,
    /// Print sudokit's path for this puzzle and stop.
    #[arg(long)]
    path: Option<String>,
    /// Puzzle files, one 81-character puzzle a line (for `--serate`).
    files: Vec<PathBuf>,
}

/// One puzzle as SE rated it.
struct Rated {
    puzzle: String,
    se: [u16; 3],
    seconds: f64,
}

/// SE's ratings of a file and the time `serate` took: CPU time of the whole run
/// when it ran here, else the sum of its own per-puzzle (wall-clock) times.
struct Run {
    name: String,
    rated: Vec<Rated>,
    cpu: Option<f64>,
}

/// CPU seconds used by the waited-for children of this process (Linux `/proc`).
fn children_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    // Fields 16 and 17 of stat (cutime, cstime), counted from 1, in clock ticks.
    let ticks: f64 = fields.get(13)?.parse::<f64>().ok()? + fields.get(14)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn tenths(s: &str) -> Option<u16> {
    let x: f64 = s.parse().ok()?;
    Some((x * 10.0).round() as u16)
}

fn parse_line(line: &str) -> Option<Rated> {
    let rest = line.strip_prefix("= ")?;
    let mut parts = rest.split_whitespace();
    let puzzle = parts.next()?.to_string();
    let mut r = parts.next()?.split('/');
    let se = [tenths(r.next()?)?, tenths(r.next()?)?, tenths(r.next()?)?];
    let seconds = parse_seconds(parts.next().unwrap_or("0s"));
    Some(Rated {
        puzzle,
        se,
        seconds,
    })
}

/// `serate`'s `%e`: `1.23s`, `2m 3.4s` or `1h 2m 3s`.
fn parse_seconds(s: &str) -> f64 {
    let mut total = 0.0;
    let mut num = String::new();
    for ch in s.chars() {
        match ch {
            'h' => total += num.parse::<f64>().unwrap_or(0.0) * 3600.0,
            'm' => total += num.parse::<f64>().unwrap_or(0.0) * 60.0,
            's' => total += num.parse::<f64>().unwrap_or(0.0),
            _ => {
                num.push(ch);
                continue;
            }
        }
        num.clear();
    }
    total
}

fn run_serate(build: &Path, file: &Path) -> Result<Run, String> {
    let before = children_cpu();
    let out = Command::new("java")
        .arg("-Xmx2g")
        .arg("-cp")
        .arg(build)
        .arg("diuf.sudoku.test.serate")
        .arg(format!("--techs={TECHS_121}"))
        .arg("--islkSudokuBUG=0")
        .arg("--islkSudokuURUL=0")
        .arg("--threads=1")
        .arg("--format== %g %r/%p/%d %e")
        .arg(format!("--input={}", file.display()))
        .output()
        .map_err(|e| format!("cannot run java for serate: {e}; install a JDK"))?;
    if !out.status.success() {
        return Err(format!(
            "serate failed on {}: {}",
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let cpu = match (before, children_cpu()) {
        (Some(a), Some(b)) => Some(b - a),
        _ => None,
    };
    Ok(Run {
        name: file.display().to_string(),
        rated: String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(parse_line)
            .collect(),
        cpu,
    })
}

#[derive(Default)]
struct Tally {
    n: usize,
    er: usize,
    er1: usize,
    ep: usize,
    ed: usize,
    unrated: usize,
    hist: BTreeMap<i32, usize>,
    ours: Duration,
    ours_cpu: f64,
    theirs: f64,
    /// Whether `theirs` is CPU time (else serate's own wall-clock figures).
    cpu: bool,
}

impl Tally {
    fn row(&self, name: &str) -> String {
        let pct = |k: usize| 100.0 * k as f64 / self.n.max(1) as f64;
        let ours = if self.cpu {
            self.ours_cpu
        } else {
            self.ours.as_secs_f64()
        };
        let ratio = self.theirs / ours.max(1e-9);
        format!(
            "| {name} | {} | {:.1} % | {:.1} % | {:.1} % | {:.1} % | {} | {:.1}× |",
            self.n,
            pct(self.er),
            pct(self.er1),
            pct(self.ep),
            pct(self.ed),
            self.unrated,
            ratio
        )
    }

    fn add(&mut self, o: &Tally) {
        self.n += o.n;
        self.er += o.er;
        self.er1 += o.er1;
        self.ep += o.ep;
        self.ed += o.ed;
        self.unrated += o.unrated;
        for (k, v) in &o.hist {
            *self.hist.entry(*k).or_default() += v;
        }
        self.ours += o.ours;
        self.ours_cpu += o.ours_cpu;
        self.theirs += o.theirs;
        self.cpu = o.cpu;
    }
}

fn compare(run: &Run, limit: f64, verbose: bool) -> Result<Tally, String> {
    let mut t = Tally::default();
    let cpu_start = ProcessTime::now();
    for r in &run.rated {
        let grid: Grid = r
            .puzzle
            .parse()
            .map_err(|e| format!("bad puzzle {}: {e}", r.puzzle))?;
        let budget = Budget::time(Duration::from_secs_f64(limit));
        let start = Instant::now();
        let ours = rate(&grid, budget);
        t.ours += start.elapsed();
        t.theirs += r.seconds;
        t.n += 1;
        match ours {
            Ok(s) => {
                let o = [s.er.0, s.ep.0, s.ed.0];
                t.er += usize::from(o[0] == r.se[0]);
                t.er1 += usize::from(o[0].abs_diff(r.se[0]) <= 1);
                t.ep += usize::from(o[1] == r.se[1]);
                t.ed += usize::from(o[2] == r.se[2]);
                let d = i32::from(o[0]) - i32::from(r.se[0]);
                *t.hist.entry(d).or_default() += 1;
                if verbose && d != 0 {
                    println!("{} ours {} se {:?}", r.puzzle, s, r.se);
                }
            }
            Err(SeError::GaveUp) | Err(SeError::Beyond) => {
                t.unrated += 1;
                if verbose {
                    println!("{} unrated, se {:?}", r.puzzle, r.se);
                }
            }
            Err(e) => return Err(format!("{}: {e}", r.puzzle)),
        }
    }
    t.ours_cpu = cpu_start.elapsed().as_secs_f64();
    if let Some(cpu) = run.cpu {
        t.theirs = cpu;
        t.cpu = true;
    }
    Ok(t)
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(p) = &args.path {
        let grid: Grid = match p.parse() {
            Ok(g) => g,
            Err(e) => {
                eprintln!("se-compare: bad puzzle: {e}");
                return ExitCode::from(2);
            }
        };
        match sudokit::serate::explain(
            &grid,
            Budget::time(Duration::from_secs_f64(args.time_limit)),
        ) {
            Ok(r) => {
                for s in &r.steps {
                    println!("  > {s}");
                }
                println!("{}", r.rating);
            }
            Err(e) => eprintln!("se-compare: {e}"),
        }
        return ExitCode::SUCCESS;
    }
    let mut sets: Vec<Run> = Vec::new();
    for f in &args.reference {
        match std::fs::read_to_string(f) {
            Ok(text) => sets.push(Run {
                name: f.display().to_string(),
                rated: text.lines().filter_map(parse_line).collect(),
                cpu: None,
            }),
            Err(e) => {
                eprintln!("se-compare: cannot read {}: {e}", f.display());
                return ExitCode::FAILURE;
            }
        }
    }
    if let Some(build) = &args.serate {
        for f in &args.files {
            match run_serate(build, f) {
                Ok(r) => sets.push(r),
                Err(e) => {
                    eprintln!("se-compare: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    } else if !args.files.is_empty() {
        eprintln!("se-compare: give --serate PATH to rate the files with serate");
        return ExitCode::from(2);
    }
    println!(
        "| set | puzzles | ER exact | ER ±0.1 | EP exact | ED exact | unrated | speed vs serate |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let mut total = Tally::default();
    for run in &sets {
        match compare(run, args.time_limit, args.verbose) {
            Ok(t) => {
                println!("{}", t.row(&run.name));
                total.add(&t);
            }
            Err(e) => {
                eprintln!("se-compare: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!("{}", total.row("all"));
    let hist: Vec<String> = total
        .hist
        .iter()
        .map(|(d, n)| format!("{:+.1}: {n}", f64::from(*d) / 10.0))
        .collect();
    println!("\nER difference (sudokit − serate): {}", hist.join(", "));
    ExitCode::SUCCESS
}
