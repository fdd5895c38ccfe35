//! Side-by-side benchmarks of sudokit's `fast` engine (or another 9×9 engine, see
//! [`Corpus::engine`]) and the `sudoku` crate.
//!
//! The `sudoku` crate (AGPL-3.0) is a dependency of this unpublished crate only, never of
//! the library, the command line tool or the bindings. [`Corpus`] loads a puzzle file
//! once into both libraries' types; [`Corpus::verify`] checks every answer of both
//! (solutions with [`Grid::is_solution_of`], counts against each other); the timing
//! functions then run one solver over the corpus, or a range of it, and return the
//! elapsed time, and [`best_chunked`] times a comparison's four runs chunk by chunk.
//! [`boards`] makes seeded test puzzles for boards of every classic size; [`logic`],
//! [`generation`] and [`tdoku`] hold the other comparisons, which `compare-all` prints
//! together.

pub mod boards;
pub mod generation;
pub mod logic;
pub mod tdoku;

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Duration;

use cpu_time::ThreadTime;

use sudokit::engine::{Engine, Fast, Query};
use sudokit::format::read::records;
use sudokit::{Grid, ReadOptions, Stats};
use sudoku::Sudoku;

#[path = "../../sudokit/tests/reglib/mod.rs"]
pub mod reglib;

/// The puzzles of one file, in both libraries' types.
pub struct Corpus {
    /// File name, for the table.
    pub name: String,
    /// The puzzles as sudokit grids.
    pub grids: Vec<Grid>,
    /// The same puzzles as the peer's type.
    pub peers: Vec<Sudoku>,
    /// The sudokit engine measured: `fast` unless set otherwise.
    pub engine: Box<dyn Engine>,
}

/// What the verification pass found.
#[derive(Debug, Clone, Copy, Default)]
pub struct Checked {
    /// Puzzles with exactly one solution.
    pub unique: usize,
    /// Puzzles with two or more.
    pub multiple: usize,
    /// Puzzles with none.
    pub none: usize,
    /// sudokit's search counters for the first solution of every puzzle.
    pub first: Stats,
    /// sudokit's search counters for counting every puzzle to 2.
    pub limit2: Stats,
}

impl Corpus {
    /// Reads a file of 81-character lines (`#` comments and blank lines skipped).
    pub fn load(path: &Path) -> Result<Corpus, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut grids = Vec::new();
        let mut peers = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let grid: Grid = line
                .parse()
                .map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))?;
            let bytes: [u8; 81] = grid
                .cells()
                .try_into()
                .map_err(|_| format!("{}:{}: not a 9×9 puzzle", path.display(), n + 1))?;
            let peer = Sudoku::from_bytes(bytes)
                .map_err(|e| format!("{}:{}: {e:?}", path.display(), n + 1))?;
            grids.push(grid);
            peers.push(peer);
        }
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        Ok(Corpus {
            name,
            grids,
            peers,
            engine: Box::new(Fast),
        })
    }

    /// Number of puzzles.
    pub fn len(&self) -> usize {
        self.grids.len()
    }

    /// Whether the file held no puzzle.
    pub fn is_empty(&self) -> bool {
        self.grids.is_empty()
    }

    /// Keeps the first `n` puzzles only.
    pub fn truncate(&mut self, n: usize) {
        self.grids.truncate(n);
        self.peers.truncate(n);
    }

    /// Solves every puzzle with both libraries (first solution and count to 2) and checks
    /// every answer: each solution solves its puzzle, the counts agree (sudokit's count
    /// alone too), and a first solution exists exactly when the count is at least one.
    pub fn verify(&self) -> Result<Checked, String> {
        let mut c = Checked::default();
        for (i, (grid, peer)) in self.grids.iter().zip(&self.peers).enumerate() {
            let at = || format!("{} puzzle {}: {}", self.name, i + 1, grid.to_line());
            let first = self
                .engine
                .solve(grid)
                .map_err(|e| format!("{}: {e}", at()))?;
            let two = self
                .engine
                .search(grid, &Query::up_to(2))
                .map_err(|e| format!("{}: {e}", at()))?;
            c.first += first.stats;
            c.limit2 += two.stats;
            for found in [&first, &two] {
                let ok = match &found.solution {
                    Some(s) => s.is_solution_of(grid),
                    None => found.count == 0,
                };
                if !ok {
                    return Err(format!("{}: sudokit gave a wrong solution", at()));
                }
            }
            let peer_count = peer.solutions_count_up_to(2) as u64;
            let alone = self
                .engine
                .count(grid, 2)
                .map_err(|e| format!("{}: {e}", at()))?;
            if peer_count != two.count || alone != two.count || first.count != two.count.min(1) {
                return Err(format!(
                    "{}: counts differ (sudokit {} / alone {alone} / first {}, peer {peer_count})",
                    at(),
                    two.count,
                    first.count
                ));
            }
            if let Some(s) = peer.some_solution() {
                let g = Grid::from_cells(grid.layout().clone(), s.to_bytes().to_vec());
                if !g.is_some_and(|g| g.is_solution_of(grid)) {
                    return Err(format!("{}: the peer gave a wrong solution", at()));
                }
            }
            match two.count {
                0 => c.none += 1,
                1 => c.unique += 1,
                _ => c.multiple += 1,
            }
        }
        Ok(c)
    }
}

/// Which solver and which question a timing run asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// sudokit's engine, first solution.
    SudokitFirst,
    /// sudokit's engine, count to 2 ([`Engine::count`]:
    /// the count alone, as the peer's).
    SudokitLimit2,
    /// The `sudoku` crate, `some_solution`.
    PeerFirst,
    /// The `sudoku` crate, `solutions_count_up_to(2)`.
    PeerLimit2,
}

/// Runs `task` once over the whole corpus; returns the CPU time this thread spent and a
/// checksum of the answers (the number of solutions found), which keeps the work
/// observable.
///
/// CPU time rather than wall time: on a machine shared with other work, a thread that is
/// waiting for a core does not count against the solver it was running.
pub fn time(corpus: &Corpus, task: Task) -> (Duration, u64) {
    time_range(corpus, task, 0..corpus.len())
}

/// [`time`] over the puzzles `range` of the corpus only.
pub fn time_range(corpus: &Corpus, task: Task, range: Range<usize>) -> (Duration, u64) {
    let start = ThreadTime::now();
    let mut sum = 0u64;
    match task {
        Task::SudokitFirst => {
            for g in &corpus.grids[range] {
                sum += corpus.engine.solve(g).map_or(0, |s| s.count);
            }
        }
        Task::SudokitLimit2 => {
            for g in &corpus.grids[range] {
                sum += corpus.engine.count(g, 2).unwrap_or(0);
            }
        }
        Task::PeerFirst => {
            for p in &corpus.peers[range] {
                sum += u64::from(p.some_solution().is_some());
            }
        }
        Task::PeerLimit2 => {
            for p in &corpus.peers[range] {
                sum += p.solutions_count_up_to(2) as u64;
            }
        }
    }
    (start.elapsed(), std::hint::black_box(sum))
}

/// Puzzles per second: `n` puzzles in `d`.
pub fn rate(n: usize, d: Duration) -> f64 {
    n as f64 / d.as_secs_f64().max(1e-9)
}

/// The engine comparison of one file: puzzles per second of sudokit and the peer.
#[derive(Debug, Clone, Copy)]
pub struct EngineRates {
    /// First solution: sudokit, peer.
    pub first: [f64; 2],
    /// Count to two: sudokit, peer.
    pub limit2: [f64; 2],
    /// What the verification pass found.
    pub checked: Checked,
}

/// Verifies every answer of both ([`Corpus::verify`]), then times the four runs
/// ([`best_chunked`], `reps` repetitions).
pub fn compare_engines(corpus: &Corpus, reps: usize) -> Result<EngineRates, String> {
    let checked = corpus
        .verify()
        .map_err(|e| format!("verification failed: {e}"))?;
    let tasks = [
        Task::SudokitFirst,
        Task::PeerFirst,
        Task::SudokitLimit2,
        Task::PeerLimit2,
    ];
    let best = best_chunked(corpus, &tasks, reps);
    let r = |d| rate(corpus.len(), d);
    Ok(EngineRates {
        first: [r(best[0]), r(best[1])],
        limit2: [r(best[2]), r(best[3])],
        checked,
    })
}

/// Puzzles per timed chunk at most: a few milliseconds of work on the hardest files.
const CHUNK: usize = 250;

/// Chunks per file at least, so that a short file (the 2011 list has 375 puzzles) is
/// not timed in one or two pieces; a chunk keeps `MIN_CHUNK` puzzles or more.
const MIN_CHUNKS: usize = 8;

/// Puzzles per timed chunk at least.
const MIN_CHUNK: usize = 25;

/// The four runs of a comparison, each timed `reps` times on every chunk of the corpus
/// (250 puzzles, fewer in a corpus too short for eight such chunks, but 25 at least), in
/// an order that alternates between repetitions; returns, per task of `tasks`, the sum
/// over the chunks of each chunk's best time.
///
/// A burst of other work on a shared machine then spoils one chunk of one repetition,
/// not a whole run: the best of the others stands in for it, and both solvers meet the
/// same bursts at nearly the same moments.
pub fn best_chunked(corpus: &Corpus, tasks: &[Task; 4], reps: usize) -> [Duration; 4] {
    let chunk = corpus.len().div_ceil(MIN_CHUNKS).clamp(MIN_CHUNK, CHUNK);
    let mut total = [Duration::ZERO; 4];
    for range in chunks(corpus.len(), chunk) {
        let mut best = [Duration::MAX; 4];
        for rep in 0..reps.max(1) {
            for k in 0..4 {
                let k = if rep % 2 == 0 { k } else { 3 - k };
                let (t, _) = time_range(corpus, tasks[k], range.clone());
                best[k] = best[k].min(t);
            }
        }
        for (t, b) in total.iter_mut().zip(best) {
            *t += b;
        }
    }
    total
}

/// `0..len` cut into consecutive ranges of `chunk` puzzles (at least one), the last one
/// shorter when `chunk` does not divide `len`.
pub fn chunks(len: usize, chunk: usize) -> impl Iterator<Item = Range<usize>> {
    let chunk = chunk.max(1);
    (0..len)
        .step_by(chunk)
        .map(move |start| start..(start + chunk).min(len))
}

/// The directory of the shared data sets: `$SUDOKIT_BENCH_DATA` when set, else
/// `../shared/data/` beside the project.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("SUDOKIT_BENCH_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"),
    }
}

/// The 9×9 samples under `data/` that stand in for the shared files, in their order.
const SAMPLES: [&str; 5] = [
    "17_clue.txt",
    "top1465.txt",
    "hardest_11plus.txt",
    "hardest_1106.txt",
    "serg_multi.txt",
];

/// The puzzle files benchmarked by default: every `puzzles*` file of the shared data
/// sets ([`shared_dir`]) when they exist, else the 9×9 samples under `data/`.
pub fn default_files() -> Vec<PathBuf> {
    let mut shared: Vec<PathBuf> = std::fs::read_dir(shared_dir())
        .map(|it| {
            it.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .filter(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("puzzles"))
                })
                .collect()
        })
        .unwrap_or_default();
    shared.sort();
    if shared.is_empty() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
        SAMPLES
            .iter()
            .map(|n| data.join(n))
            .filter(|p| p.exists())
            .collect()
    } else {
        shared
    }
}

/// `name` in the shared data sets ([`shared_dir`]) when it is there, else the sample
/// `data/sample` shipped with the project.
pub fn shared_or_sample(name: &str, sample: &str) -> PathBuf {
    let shared = shared_dir().join(name);
    if shared.exists() {
        shared
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../data")
            .join(sample)
    }
}

/// The default files of the logic tools: the 17-clue and top1465 sets.
pub fn logic_files() -> Vec<PathBuf> {
    vec![
        shared_or_sample("puzzles2_17_clue", "17_clue.txt"),
        shared_or_sample("puzzles3_magictour_top1465", "top1465.txt"),
    ]
}

/// The puzzles of a file in any format the library reads (unreadable records skipped).
pub fn read_puzzles(path: &Path) -> Result<Vec<Grid>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(records(&text, &ReadOptions::default())
        .filter_map(|r| r.result.ok())
        .collect())
}

/// The value given after `--reps`: a positive number of timed repetitions.
pub fn reps_value(value: Option<String>) -> Result<usize, String> {
    match value.and_then(|n| n.parse().ok()) {
        Some(n) if n > 0 => Ok(n),
        _ => Err("--reps needs a positive number".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chunks cover every puzzle once, in order, each at most `chunk` long.
    #[test]
    fn chunks_cover_the_corpus_once() {
        for (len, chunk) in [
            (0, 250),
            (1, 250),
            (375, 250),
            (500, 250),
            (49158, 250),
            (7, 0),
        ] {
            let ranges: Vec<_> = chunks(len, chunk).collect();
            let mut next = 0;
            for r in &ranges {
                assert_eq!(r.start, next, "{len} by {chunk}");
                assert!(
                    !r.is_empty() && r.len() <= chunk.max(1),
                    "{len} by {chunk}: {r:?}"
                );
                next = r.end;
            }
            assert_eq!(next, len, "{len} by {chunk}");
        }
        assert_eq!(chunks(375, 250).collect::<Vec<_>>(), [0..250, 250..375]);
    }
}
