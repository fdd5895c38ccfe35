//! `hodoku-compare --hodoku PATH [FILE…]`: sudokit's logic solver on HoDoKu's path
//! ([`Order::Hodoku`]) side by side with HoDoKu itself, step by step.
//!
//! HoDoKu is run in its batch mode with its default configuration (`/c default /vp /o
//! stdout /bs FILE`: each puzzle's level, score and solution path); `PATH` is its jar
//! (run with `java -jar`) or a command to which those arguments are appended. The
//! puzzles of each file (one-line 9×9 puzzles with exactly one solution; others are
//! counted and left out) are written to a temporary file for it, so both read the same
//! puzzles. With `--cache DIR` HoDoKu's output for a file is kept there and read again
//! while the file is unchanged.
//!
//! Each HoDoKu step is read as its technique (mapped to ours by name) and its effect
//! (placements and eliminations); each of ours likewise. Printed per file and in total:
//! level exact, score exact, the first step after singles the same technique with the
//! same effect (HoDoKu's guess and our deep forcing net count as the same when they
//! place the same digit), whole paths identical, the share of HoDoKu's steps matched before the
//! first difference, level pairs that differ, and a histogram of the first differing
//! step (HoDoKu's technique / ours). Every grid sudokit finishes is checked against its
//! puzzle. Throughput: HoDoKu's own time for its batch (its summary line; one thread,
//! the JVM's start not counted) against sudokit's best of three runs rating the same
//! puzzles on one thread (explanations off), with the allocator of the `sudokit`
//! command (mimalloc).

use std::collections::{BTreeMap, BTreeSet};
use std::hash::{Hash, Hasher};
use std::path::{Path as FilePath, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use sudokit::format::read::records;
use sudokit::logic::{Order, Solver, Technique, TechniqueSet};
use sudokit::rating::{check_unique, rate, Rater};
use sudokit::{Candidates, Grid, ReadOptions};

/// The allocator of the `sudokit` command, so that the throughput measured is the
/// command's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(about = "sudokit's logic on HoDoKu's path side by side with HoDoKu 2.2.0")]
struct Args {
    /// HoDoKu: the path of its jar, or a command (its arguments follow it)
    #[arg(long)]
    hodoku: String,
    /// Keep HoDoKu's output per file in this directory and reuse it while the file is
    /// unchanged
    #[arg(long)]
    cache: Option<PathBuf>,
    /// sudokit's order: HoDoKu's path, or by rating (to compare the two)
    #[arg(long, value_enum, default_value_t = Path::Hodoku)]
    order: Path,
    /// Print the first N puzzles whose paths differ, with the steps around the
    /// difference
    #[arg(long, default_value_t = 0)]
    show: usize,
    /// Puzzle files
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// The solver order measured.
#[derive(Clone, Copy, ValueEnum)]
enum Path {
    /// [`Order::Hodoku`].
    Hodoku,
    /// [`Order::Rating`].
    Rating,
}

/// One step of a path: the technique's name (ours when it maps to one of ours) and
/// its effect, placements then eliminations, each sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Move {
    name: String,
    placed: BTreeSet<(usize, u8)>,
    removed: BTreeSet<(usize, u8)>,
}

impl Move {
    fn is_single(&self) -> bool {
        ["Full House", "Naked Single", "Hidden Single"].contains(&self.name.as_str())
    }

    fn show(&self) -> String {
        let cell = |&(at, d): &(usize, u8)| (at, d, format!("r{}c{}", at / 9 + 1, at % 9 + 1));
        let placed = self
            .placed
            .iter()
            .map(cell)
            .map(|(_, d, c)| format!("{c}={d}"));
        let removed = self
            .removed
            .iter()
            .map(cell)
            .map(|(_, d, c)| format!("{c}<>{d}"));
        let effect: Vec<String> = placed.chain(removed).collect();
        format!("{}: {}", self.name, effect.join(" "))
    }
}

/// What HoDoKu reported for one puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Report {
    puzzle: String,
    level: String,
    score: u32,
    path: Vec<Move>,
}

/// HoDoKu's names that differ from ours.
const ALIASES: &[(&str, Technique)] = &[
    ("Almost Locked Set XZ-Rule", Technique::AlsXz),
    ("Almost Locked Set XY-Wing", Technique::AlsXyWing),
    ("Almost Locked Set Chain", Technique::AlsXyChain),
    ("Multi Colors 1", Technique::MultiColors1),
    ("Multi Colors 2", Technique::MultiColors2),
    ("Kraken Fish Type 1", Technique::KrakenFish),
    ("Kraken Fish Type 2", Technique::KrakenFish),
];

/// HoDoKu's steps that are no technique of ours.
const OTHERS: &[&str] = &["Brute Force", "Give Up", "Incomplete Solution!"];

/// The technique a step line starts with, as our name (or HoDoKu's, for a step that is
/// none of ours), and the rest of the line.
fn technique_of(line: &str) -> Option<(String, &str)> {
    let ours = Technique::ALL.iter().map(|t| (t.name(), t.name()));
    let aliases = ALIASES.iter().map(|&(h, t)| (h, t.name()));
    let others = OTHERS.iter().map(|&o| (o, o));
    ours.chain(aliases)
        .chain(others)
        .filter(|(h, _)| {
            line.strip_prefix(h)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with([':', ' ']))
        })
        .max_by_key(|(h, _)| h.len())
        .map(|(h, name)| (name.to_string(), &line[h.len()..]))
}

/// The cells of `r123c45` (rows 1–3 by columns 4–5).
fn cells(group: &str) -> Option<Vec<usize>> {
    let rest = group.strip_prefix('r')?;
    let (rows, cols) = rest.split_once('c')?;
    let digits = |s: &str| -> Option<Vec<usize>> {
        s.chars()
            .map(|ch| ch.to_digit(10).filter(|&d| (1..=9).contains(&d)))
            .map(|d| d.map(|d| d as usize - 1))
            .collect()
    };
    let (rows, cols) = (digits(rows)?, digits(cols)?);
    Some(
        rows.iter()
            .flat_map(|r| cols.iter().map(move |c| r * 9 + c))
            .collect(),
    )
}

/// A step's effect: `r8c3=4` or `r123c2,r46c1<>4, r5c5<>8`.
fn effect(text: &str, m: &mut Move) -> Option<()> {
    for part in text.split(", ") {
        let (at, digits, set) = match part.split_once("<>") {
            Some((at, d)) => (at, d, &mut m.removed),
            None => {
                let (at, d) = part.split_once('=')?;
                (at, d, &mut m.placed)
            }
        };
        for group in at.split(',') {
            for cell in cells(group.trim())? {
                for d in digits.trim().chars() {
                    set.insert((cell, d.to_digit(10)? as u8));
                }
            }
        }
    }
    Some(())
}

/// One step line of HoDoKu's path (without its indent).
fn parse_step(line: &str) -> Move {
    let (name, rest) = technique_of(line).unwrap_or_else(|| {
        let end = line.find([':', '=']).unwrap_or(line.len());
        (line[..end].trim().to_string(), &line[end..])
    });
    let mut m = Move {
        name,
        placed: BTreeSet::new(),
        removed: BTreeSet::new(),
    };
    let text = match rest.rfind(" => ") {
        Some(at) => &rest[at + 4..],
        None => rest.trim_start_matches(':').trim(),
    };
    if effect(text.trim(), &mut m).is_none() {
        m.name = format!("{} (unread effect)", m.name);
    }
    m
}

/// The puzzle reports of HoDoKu's batch output (`PUZZLE #N Level (score)` lines, each
/// followed by its steps indented by three spaces, a chain or net step by its chains
/// indented by two).
fn parse_output(text: &str) -> Vec<Report> {
    let mut out: Vec<Report> = Vec::new();
    // Whether indented lines are still the steps of the last report (the summary at
    // the end is indented too).
    let mut in_path = false;
    for line in text.lines() {
        if let Some(step) = line.strip_prefix("   ") {
            if let Some(r) = out.last_mut().filter(|_| in_path) {
                r.path.push(parse_step(step.trim_end()));
            }
            continue;
        }
        // A chain or net of the last step (indented by two spaces) is no step.
        if in_path && line.starts_with("  ") {
            continue;
        }
        in_path = false;
        let mut words = line.split_whitespace();
        let (Some(puzzle), Some(number), Some(level), Some(score)) =
            (words.next(), words.next(), words.next(), words.next())
        else {
            continue;
        };
        let score = score
            .strip_prefix('(')
            .and_then(|s| s.strip_suffix(')'))
            .and_then(|s| s.parse().ok());
        if let (81, true, Some(score)) = (puzzle.len(), number.starts_with('#'), score) {
            in_path = true;
            out.push(Report {
                puzzle: puzzle.to_string(),
                level: level.to_lowercase(),
                score,
                path: Vec::new(),
            });
        }
    }
    out
}

/// sudokit's report for a puzzle on HoDoKu's path; `None` if its grid is wrong.
fn ours(grid: &Grid, solver: &Solver) -> Option<(Report, bool)> {
    let mut c = Candidates::from_grid(grid);
    let mut rater = Rater::new(81);
    let mut path = Vec::new();
    let outcome = solver.solve(&mut c, |s, _| {
        rater.add(s);
        path.push(Move {
            name: s.technique.name().to_string(),
            placed: s.placements.iter().copied().collect(),
            removed: s.eliminations.iter().copied().collect(),
        });
    });
    let d = rater.finish(outcome);
    if d.finished() && !c.to_grid().is_solution_of(grid) {
        return None;
    }
    let report = Report {
        puzzle: grid.to_line(),
        level: d.level.name().to_string(),
        score: d.score,
        path,
    };
    Some((report, d.finished()))
}

/// Whether HoDoKu's step `h` and ours `s` are the same: the same technique with the
/// same effect, or HoDoKu's guess and our deep forcing net (which stands where HoDoKu
/// guesses) placing the same digit.
fn same_move(h: &Move, s: &Move) -> bool {
    let guess = h.name == "Brute Force" && s.name == Technique::DeepForcingNet.name();
    (h.name == s.name || guess) && h.placed == s.placed && h.removed == s.removed
}

/// How many steps the two paths share before they differ.
fn common_steps(h: &Report, s: &Report) -> usize {
    h.path
        .iter()
        .zip(&s.path)
        .take_while(|(a, b)| same_move(a, b))
        .count()
}

/// The figures of one file or of all.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    left_out: usize,
    finished: usize,
    hodoku_logic: usize,
    level: usize,
    score: usize,
    first_after_singles: usize,
    whole_path: usize,
    matched_steps: usize,
    hodoku_steps: usize,
    levels: BTreeMap<(String, String), usize>,
    first_difference: BTreeMap<String, usize>,
    /// HoDoKu's own time for its batch (from its summary line).
    hodoku_time: Duration,
    /// sudokit's best time rating the same puzzles on one thread.
    our_time: Duration,
}

impl Tally {
    fn add(&mut self, h: &Report, s: &Report, finished: bool) {
        self.puzzles += 1;
        self.finished += usize::from(finished);
        let logic = !h.path.iter().any(|m| OTHERS.contains(&m.name.as_str()));
        self.hodoku_logic += usize::from(logic);
        self.level += usize::from(h.level == s.level);
        self.score += usize::from(h.score == s.score);
        if h.level != s.level {
            *self
                .levels
                .entry((h.level.clone(), s.level.clone()))
                .or_default() += 1;
        }
        let first = |r: &Report| r.path.iter().find(|m| !m.is_single()).cloned();
        self.first_after_singles += usize::from(match (first(h), first(s)) {
            (Some(a), Some(b)) => same_move(&a, &b),
            (a, b) => a.is_none() && b.is_none(),
        });
        let same = common_steps(h, s);
        self.matched_steps += same;
        self.hodoku_steps += h.path.len();
        if same == h.path.len() && same == s.path.len() {
            self.whole_path += 1;
        } else {
            let name = |m: Option<&Move>| m.map_or("(end)".to_string(), |m| m.name.clone());
            let key = format!("{} / {}", name(h.path.get(same)), name(s.path.get(same)));
            *self.first_difference.entry(key).or_default() += 1;
        }
    }

    fn merge(&mut self, o: &Tally) {
        self.puzzles += o.puzzles;
        self.left_out += o.left_out;
        self.finished += o.finished;
        self.hodoku_logic += o.hodoku_logic;
        self.level += o.level;
        self.score += o.score;
        self.first_after_singles += o.first_after_singles;
        self.whole_path += o.whole_path;
        self.matched_steps += o.matched_steps;
        self.hodoku_steps += o.hodoku_steps;
        self.hodoku_time += o.hodoku_time;
        self.our_time += o.our_time;
        for (k, v) in &o.levels {
            *self.levels.entry(k.clone()).or_default() += v;
        }
        for (k, v) in &o.first_difference {
            *self.first_difference.entry(k.clone()).or_default() += v;
        }
    }

    fn row(&self, name: &str) -> String {
        let pct = |n: usize, of: usize| {
            if of == 0 {
                "–".to_string()
            } else {
                format!("{:.1}%", 100.0 * n as f64 / of as f64)
            }
        };
        let p = self.puzzles;
        let rate = |t: Duration| p as f64 / t.as_secs_f64().max(1e-9);
        let (theirs, ours) = (rate(self.hodoku_time), rate(self.our_time));
        format!(
            "| {name} | {p} | {} | {} | {} | {} | {} | {} | {} | {theirs:.0} | {ours:.0} | {:.0}× |",
            pct(self.finished, p),
            pct(self.hodoku_logic, p),
            pct(self.level, p),
            pct(self.score, p),
            pct(self.first_after_singles, p),
            pct(self.whole_path, p),
            pct(self.matched_steps, self.hodoku_steps),
            ours / theirs,
        )
    }
}

/// Where `--cache` keeps HoDoKu's output for these puzzle lines.
fn cache_file(args: &Args, lines: &str) -> Option<PathBuf> {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    lines.hash(&mut hasher);
    let key = format!("{:016x}.out", hasher.finish());
    args.cache.as_ref().map(|dir| dir.join(key))
}

/// HoDoKu's output for the puzzles in `input` (their lines), from the cache or a run;
/// and whether it still has to be kept in the cache.
fn run_hodoku(args: &Args, input: &FilePath, lines: &str) -> Result<(String, bool), String> {
    if let Some(text) = cache_file(args, lines).and_then(|f| std::fs::read_to_string(f).ok()) {
        return Ok((text, false));
    }
    let tmp = std::env::temp_dir().join(format!("hodoku-compare-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
    let puzzles = tmp.join("puzzles.txt");
    std::fs::write(&puzzles, lines).map_err(|e| format!("{}: {e}", puzzles.display()))?;
    let mut cmd = if args.hodoku.ends_with(".jar") {
        let mut c = Command::new("java");
        c.arg("-Djava.awt.headless=true")
            .arg(format!("-Djava.io.tmpdir={}", tmp.display()))
            .arg("-jar")
            .arg(&args.hodoku);
        c
    } else {
        let mut words = args.hodoku.split_whitespace();
        let mut c = Command::new(words.next().ok_or("--hodoku is empty")?);
        c.args(words);
        c
    };
    // HoDoKu reads any argument that starts with a slash as an option: the file is
    // named relative to the directory it runs in.
    cmd.args(["/c", "default", "/vp", "/o", "stdout", "/bs", "puzzles.txt"])
        .current_dir(&tmp);
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run HoDoKu ({}): {e}", args.hodoku))?;
    let _ = std::fs::remove_dir_all(&tmp);
    if !out.status.success() {
        return Err(format!(
            "HoDoKu failed on {} ({}): {}",
            input.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok((String::from_utf8_lossy(&out.stdout).into_owned(), true))
}

/// Compares one file; prints the differing paths asked for with `--show`.
fn compare(
    args: &Args,
    path: &FilePath,
    solver: &Solver,
    shown: &mut usize,
) -> Result<Tally, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut tally = Tally::default();
    let mut grids = Vec::new();
    for r in records(&text, &ReadOptions::default()) {
        match r.result {
            Ok(g) if g.layout().size() == 9 && check_unique(&g).is_ok() => grids.push(g),
            _ => tally.left_out += 1,
        }
    }
    let lines: String = grids.iter().map(|g| g.to_line() + "\n").collect();
    let (output, fresh) = run_hodoku(args, path, &lines)?;
    let reports = parse_output(&output);
    if reports.len() != grids.len() {
        return Err(format!(
            "{}: HoDoKu reported {} puzzles of {}",
            path.display(),
            reports.len(),
            grids.len()
        ));
    }
    if let Some(file) = cache_file(args, &lines).filter(|_| fresh) {
        let dir = file.parent().expect("a file in the cache directory");
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        std::fs::write(&file, &output).map_err(|e| format!("{}: {e}", file.display()))?;
    }
    for (g, h) in grids.iter().zip(&reports) {
        let (s, finished) =
            ours(g, solver).ok_or_else(|| format!("wrong grid from logic: {}", g.to_line()))?;
        if h.puzzle != s.puzzle {
            return Err(format!("HoDoKu's puzzle {} is not {}", h.puzzle, s.puzzle));
        }
        tally.add(h, &s, finished);
        let same = common_steps(h, &s);
        if *shown < args.show && (same < h.path.len() || same < s.path.len()) {
            *shown += 1;
            println!(
                "{} HoDoKu {} ({}) sudokit {} ({}), step {}:",
                s.puzzle,
                h.level,
                h.score,
                s.level,
                s.score,
                same + 1
            );
            for (who, p) in [("  hodoku ", &h.path), ("  sudokit", &s.path)] {
                for m in p.iter().skip(same.saturating_sub(1)).take(3) {
                    println!("{who} {}", m.show());
                }
            }
        }
    }
    tally.hodoku_time = hodoku_time(&output)
        .ok_or_else(|| format!("{}: no timing line in HoDoKu's output", path.display()))?;
    tally.our_time = (0..3)
        .map(|_| {
            let start = Instant::now();
            for g in &grids {
                std::hint::black_box(rate(g, solver));
            }
            start.elapsed()
        })
        .min()
        .unwrap_or_default();
    Ok(tally)
}

/// HoDoKu's own time for its batch: its summary line `N puzzles in Tms (…)`.
fn hodoku_time(output: &str) -> Option<Duration> {
    output.lines().find_map(|l| {
        let ms = l.split_once(" puzzles in ")?.1.split_once("ms")?.0;
        ms.parse().ok().map(Duration::from_millis)
    })
}

fn main() -> ExitCode {
    let args = Args::parse();
    let order = match args.order {
        Path::Hodoku => Order::Hodoku,
        Path::Rating => Order::Rating,
    };
    let solver = Solver::with_order(TechniqueSet::all(), order).explain(false);
    let mut total = Tally::default();
    let mut rows = Vec::new();
    let mut shown = 0;
    for path in &args.files {
        match compare(&args, path, &solver, &mut shown) {
            Ok(t) => {
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                rows.push(t.row(&name));
                total.merge(&t);
            }
            Err(e) => {
                eprintln!("hodoku-compare: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!("| file | puzzles | sudokit finishes | HoDoKu by logic | level exact | score exact | first step after singles | whole path | steps matched | HoDoKu puzzles/s | sudokit puzzles/s | ratio |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in &rows {
        println!("{r}");
    }
    println!("{}", total.row("all"));
    if total.left_out > 0 {
        println!(
            "\n{} records left out (not a 9×9 puzzle with one solution)",
            total.left_out
        );
    }
    println!("\nLevels that differ (HoDoKu → sudokit):\n");
    for ((h, s), n) in &total.levels {
        println!("- {h} → {s}: {n}");
    }
    println!("\nFirst differing step (HoDoKu / sudokit):\n");
    let mut firsts: Vec<_> = total.first_difference.iter().collect();
    firsts.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (k, n) in firsts {
        println!("- {k}: {n}");
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUTPUT: &str = "Starting batch solve...\n\
        .................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7... #1 Medium (916)\n   \
        Naked Single: r8c3=4\n   \
        Locked Triple: 4,8,9 in r456c2 => r123c2,r46c1<>4, r1c2<>8\n   \
        Forcing Chain Contradiction in c5 => r3c6=5\n  \
        r3c6<>5 r3c5=5 r2c5<>5\n  \
        r3c6<>5 (r3c4=5) r2c4<>5\n   \
        Almost Locked Set XZ-Rule: A=r1c2 {12} => r9c9<>1\n   \
        Brute Force: r1c1=5\n\
        1 puzzles in 31ms (0:00:00.031)\n   Easy: 0\n";

    #[test]
    fn reads_hodoku_reports_and_steps() {
        let r = parse_output(OUTPUT);
        assert_eq!(r.len(), 1);
        assert_eq!((r[0].level.as_str(), r[0].score), ("medium", 916));
        let p = &r[0].path;
        assert_eq!(p.len(), 5);
        assert_eq!(p[0].name, "Naked Single");
        assert_eq!(p[0].placed, BTreeSet::from([(7 * 9 + 2, 4)]));
        assert_eq!(p[1].name, "Locked Triple");
        let col2 = [1, 10, 19].map(|c| (c, 4));
        let col1 = [27, 45].map(|c| (c, 4));
        let want: BTreeSet<_> = col2.into_iter().chain(col1).chain([(1, 8)]).collect();
        assert_eq!(p[1].removed, want);
        assert_eq!(p[2].name, "Forcing Chain Contradiction");
        assert_eq!(p[2].placed, BTreeSet::from([(2 * 9 + 5, 5)]));
        assert_eq!(p[3].name, "ALS-XZ");
        assert_eq!(p[3].removed, BTreeSet::from([(80, 1)]));
        assert_eq!(p[4].name, "Brute Force");
        assert_eq!(hodoku_time(OUTPUT), Some(Duration::from_millis(31)));
        assert!(p[0].is_single() && !p[1].is_single());
    }

    #[test]
    fn a_guess_matches_a_deep_net_placing_the_same_digit() {
        let guess = parse_step("Brute Force: r1c1=5");
        let net = |e: &str| parse_step(&format!("Deep Forcing Net: {e}"));
        assert!(same_move(&guess, &net("r1c1=5")));
        assert!(!same_move(&guess, &net("r1c1=6")));
        assert!(!same_move(&guess, &net("r1c1<>5")));
        assert!(!same_move(&net("r1c1=5"), &guess));
        assert!(!same_move(&guess, &parse_step("Hidden Single: r1c1=5")));
    }

    #[test]
    fn unreadable_effects_are_marked() {
        assert_eq!(parse_step("X-Wing: 5 r1c1x").name, "X-Wing (unread effect)");
        assert_eq!(parse_step("Something New: r1c1=2").name, "Something New");
    }
}
