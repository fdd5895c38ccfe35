//! `logic-compare [--reps N] [FILE…]`: sudokit's logic rater against the `sudoku` crate's
//! `StrategySolver` (all its strategies) on the same puzzles in the same process, one
//! thread.
//!
//! Per file: first, untimed, both solve every puzzle by logic and every grid either one
//! finishes is checked against its puzzle; that gives the share each finishes. Then
//! sudokit's `rate` (every implemented technique, no explanations) and the peer's
//! `solve` are each timed over the whole file `N` times (default 3), alternating, and the
//! best time of each is kept. Default files: the shared 17-clue and top1465 files, else
//! the samples under `data/`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use sudokit::logic::{Outcome, Solver, TechniqueSet};
use sudokit::rating::rate;
use sudokit::{Candidates, Grid};
use sudokit_bench::Corpus;
use sudoku::strategy::{Strategy, StrategySolver};

/// Every strategy the `sudoku` crate implements (0.8: `AvoidableRectangles` is listed
/// but not implemented).
const STRATEGIES: &[Strategy] = &[
    Strategy::NakedSingles,
    Strategy::HiddenSingles,
    Strategy::LockedCandidates,
    Strategy::NakedPairs,
    Strategy::NakedTriples,
    Strategy::NakedQuads,
    Strategy::HiddenPairs,
    Strategy::HiddenTriples,
    Strategy::HiddenQuads,
    Strategy::XWing,
    Strategy::Swordfish,
    Strategy::Jellyfish,
    Strategy::XyWing,
    Strategy::XyzWing,
    Strategy::MutantSwordfish,
    Strategy::MutantJellyfish,
];

fn files_or_default(files: Vec<PathBuf>) -> Vec<PathBuf> {
    if files.is_empty() {
        sudokit_bench::logic_files()
    } else {
        files
    }
}

/// Untimed: how many puzzles each finishes by logic, every finished grid verified.
fn verify(corpus: &Corpus, solver: &Solver) -> Result<(usize, usize), String> {
    let (mut ours, mut peer) = (0, 0);
    for (i, (grid, p)) in corpus.grids.iter().zip(&corpus.peers).enumerate() {
        let at = || format!("{} puzzle {}: {}", corpus.name, i + 1, grid.to_line());
        let mut c = Candidates::from_grid(grid);
        if solver.solve(&mut c, |_, _| {}) == Outcome::Solved {
            if !c.to_grid().is_solution_of(grid) {
                return Err(format!("{}: sudokit's logic gave a wrong grid", at()));
            }
            ours += 1;
        }
        if let Ok((s, _)) = StrategySolver::from_sudoku(*p).solve(STRATEGIES) {
            let g = Grid::from_cells(grid.layout().clone(), s.to_bytes().to_vec());
            if !g.is_some_and(|g| g.is_solution_of(grid)) {
                return Err(format!("{}: the peer gave a wrong grid", at()));
            }
            peer += 1;
        }
    }
    Ok((ours, peer))
}

fn time_ours(corpus: &Corpus, solver: &Solver) -> (Duration, usize) {
    let start = Instant::now();
    let done = corpus
        .grids
        .iter()
        .filter(|g| rate(g, solver).finished())
        .count();
    (start.elapsed(), std::hint::black_box(done))
}

fn time_peer(corpus: &Corpus) -> (Duration, usize) {
    let start = Instant::now();
    let done = corpus
        .peers
        .iter()
        .filter(|p| StrategySolver::from_sudoku(**p).solve(STRATEGIES).is_ok())
        .count();
    (start.elapsed(), std::hint::black_box(done))
}

fn main() -> ExitCode {
    let mut reps = 3usize;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--reps" {
            match sudokit_bench::reps_value(args.next()) {
                Ok(n) => reps = n,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            }
        } else {
            files.push(PathBuf::from(a));
        }
    }
    let solver = Solver::new(TechniqueSet::all()).explain(false);
    println!("| file | puzzles | finished: sudokit | finished: sudoku crate | sudokit rate/s | sudoku crate/s | ratio |");
    println!("|---|---|---|---|---|---|---|");
    for path in files_or_default(files) {
        let corpus = match Corpus::load(&path) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        let (ours, peer) = match verify(&corpus, &solver) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        let (mut best_ours, mut best_peer) = (Duration::MAX, Duration::MAX);
        for rep in 0..reps {
            let mut runs = [true, false];
            if rep % 2 == 1 {
                runs.reverse();
            }
            for ours_first in runs {
                if ours_first {
                    best_ours = best_ours.min(time_ours(&corpus, &solver).0);
                } else {
                    best_peer = best_peer.min(time_peer(&corpus).0);
                }
            }
        }
        let n = corpus.len() as f64;
        let pct = |k: usize| 100.0 * k as f64 / n;
        let (a, b) = (n / best_ours.as_secs_f64(), n / best_peer.as_secs_f64());
        println!(
            "| {} | {} | {ours} ({:.1}%) | {peer} ({:.1}%) | {a:.0} | {b:.0} | {:.2} |",
            corpus.name,
            corpus.len(),
            pct(ours),
            pct(peer),
            a / b
        );
    }
    ExitCode::SUCCESS
}
