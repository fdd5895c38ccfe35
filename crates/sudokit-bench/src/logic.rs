//! sudokit's logic solver against the `sudoku` crate's `StrategySolver`.
//!
//! [`verify`] solves every puzzle of a [`Corpus`] by logic with both, untimed, and checks
//! every grid either finishes against its puzzle. [`row`] then times both over the
//! whole corpus, alternating, and keeps the best time of each (the thread's CPU time).
//! With every technique, sudokit's side is the full rater ([`rate`]: HoDoKu's order, the
//! score kept); with a selection, it is [`Solver::solve`] (the steps, no explanations),
//! the question the crate's `solve` answers. [`CRATE_TECHNIQUES`] is the selection that matches the
//! crate's strategies.

use std::time::Duration;

use cpu_time::ThreadTime;

use sudokit::logic::{Outcome, Solver, TechniqueSet};
use sudokit::rating::rate;
use sudokit::{Candidates, Grid};
use sudoku::strategy::{Strategy, StrategySolver};

use crate::Corpus;

/// Every strategy the `sudoku` crate implements (0.8: `AvoidableRectangles` is listed
/// but not implemented).
pub const STRATEGIES: &[Strategy] = &[
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

/// sudokit's techniques that make up the crate's [`STRATEGIES`]: the singles (a full
/// house is a naked and a hidden single), locked candidates, naked subsets (locked pairs
/// and triples are naked subsets in a box and a line), hidden subsets, basic fish, XY-
/// and XYZ-Wing, and the crate's mutant fish of size 3 and 4, which take boxes among
/// their base and cover sets too (sudokit's Franken and mutant fish).
pub const CRATE_TECHNIQUES: &str = "full-house,hidden-single,naked-single,\
    locked-candidates-1,locked-candidates-2,locked-pair,locked-triple,\
    naked-pair,naked-triple,naked-quad,hidden-pair,hidden-triple,hidden-quad,\
    x-wing,swordfish,jellyfish,xy-wing,xyz-wing,\
    franken-swordfish,franken-jellyfish,mutant-swordfish,mutant-jellyfish";

/// The technique set named by a `--techniques` value: `crate` for
/// [`CRATE_TECHNIQUES`], else a list as [`TechniqueSet::parse`] reads it.
pub fn techniques(value: &str) -> Result<TechniqueSet, String> {
    let list = if value == "crate" {
        CRATE_TECHNIQUES
    } else {
        value
    };
    TechniqueSet::parse(list).map_err(|e| format!("--techniques: {e}"))
}

/// The puzzles each side finishes by logic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finished {
    /// Finished by sudokit.
    pub ours: usize,
    /// Finished by the crate.
    pub peer: usize,
}

/// Untimed: how many puzzles each finishes by logic, every finished grid verified.
pub fn verify(corpus: &Corpus, solver: &Solver) -> Result<Finished, String> {
    let mut done = Finished { ours: 0, peer: 0 };
    for (i, (grid, p)) in corpus.grids.iter().zip(&corpus.peers).enumerate() {
        let at = || format!("{} puzzle {}: {}", corpus.name, i + 1, grid.to_line());
        let mut c = Candidates::from_grid(grid);
        if solver.solve(&mut c, |_, _| {}) == Outcome::Solved {
            if !c.to_grid().is_solution_of(grid) {
                return Err(format!("{}: sudokit's logic gave a wrong grid", at()));
            }
            done.ours += 1;
        }
        if let Ok((s, _)) = StrategySolver::from_sudoku(*p).solve(STRATEGIES) {
            let g = Grid::from_cells(grid.layout().clone(), s.to_bytes().to_vec());
            if !g.is_some_and(|g| g.is_solution_of(grid)) {
                return Err(format!("{}: the peer gave a wrong grid", at()));
            }
            done.peer += 1;
        }
    }
    Ok(done)
}

/// What sudokit's side runs: the full rater or the solver alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// [`rate`]: every step rated, the score kept.
    Rate,
    /// [`Solver::solve`]: the steps, nothing kept.
    Solve,
}

fn time_ours(corpus: &Corpus, solver: &Solver, side: Side) -> Duration {
    let start = ThreadTime::now();
    let done = corpus
        .grids
        .iter()
        .filter(|g| match side {
            Side::Rate => rate(g, solver).finished(),
            Side::Solve => {
                let mut c = Candidates::from_grid(g);
                solver.solve(&mut c, |_, _| {}) == Outcome::Solved
            }
        })
        .count();
    std::hint::black_box(done);
    start.elapsed()
}

fn time_peer(corpus: &Corpus) -> Duration {
    let start = ThreadTime::now();
    let done = corpus
        .peers
        .iter()
        .filter(|p| StrategySolver::from_sudoku(**p).solve(STRATEGIES).is_ok())
        .count();
    std::hint::black_box(done);
    start.elapsed()
}

/// Markdown table head of [`row`].
pub const HEAD: &str = "| file | puzzles | finished: sudokit | finished: sudoku crate | sudokit /s | sudoku crate /s | ratio |\n|---|---:|---:|---:|---:|---:|---:|";

/// Verifies, then times both sides `reps` times, alternating; returns the table row.
pub fn row(corpus: &Corpus, solver: &Solver, side: Side, reps: usize) -> Result<String, String> {
    let done = verify(corpus, solver)?;
    let (mut ours, mut peer) = (Duration::MAX, Duration::MAX);
    for rep in 0..reps.max(1) {
        let mut runs = [true, false];
        if rep % 2 == 1 {
            runs.reverse();
        }
        for ours_first in runs {
            if ours_first {
                ours = ours.min(time_ours(corpus, solver, side));
            } else {
                peer = peer.min(time_peer(corpus));
            }
        }
    }
    let n = corpus.len() as f64;
    let pct = |k: usize| 100.0 * k as f64 / n.max(1.0);
    let (a, b) = (
        crate::rate(corpus.len(), ours),
        crate::rate(corpus.len(), peer),
    );
    Ok(format!(
        "| {} | {} | {} ({:.1}%) | {} ({:.1}%) | {a:.0} | {b:.0} | {:.2}× |",
        corpus.name,
        corpus.len(),
        done.ours,
        pct(done.ours),
        done.peer,
        pct(done.peer),
        a / b
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With the crate's technique set, sudokit finishes every puzzle the crate
    /// finishes (every finished grid checked by `verify`), on samples where some are
    /// finished and some are not; where it finishes one the crate does not, the
    /// difference is its Franken and mutant fish (without them it stops too): they
    /// find fish the crate's mutant fish do not.
    #[test]
    fn crate_set_finishes_what_the_crate_finishes() {
        let solver = Solver::new(techniques("crate").unwrap()).explain(false);
        let no_fish = Solver::new(
            techniques("crate").unwrap().difference(
                techniques("franken-swordfish,franken-jellyfish,mutant-swordfish,mutant-jellyfish")
                    .unwrap(),
            ),
        )
        .explain(false);
        for name in ["17_clue.txt", "top1465.txt"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../data")
                .join(name);
            let mut corpus = Corpus::load(&path).unwrap();
            corpus.truncate(300);
            let done = verify(&corpus, &solver).unwrap();
            assert!(
                done.ours > 0 && done.ours < corpus.len(),
                "{name}: {done:?}"
            );
            for (g, p) in corpus.grids.iter().zip(&corpus.peers) {
                let mut c = Candidates::from_grid(g);
                let ours = solver.solve(&mut c, |_, _| {}) == Outcome::Solved;
                let peer = StrategySolver::from_sudoku(*p).solve(STRATEGIES).is_ok();
                assert!(
                    ours || !peer,
                    "{name}: the crate finishes {g}, sudokit does not"
                );
                if ours && !peer {
                    let mut c = Candidates::from_grid(g);
                    let without = no_fish.solve(&mut c, |_, _| {}) == Outcome::Solved;
                    assert!(
                        !without,
                        "{name}: sudokit finishes {g} without the fish the crate lacks"
                    );
                }
            }
        }
    }

    #[test]
    fn unknown_techniques_are_refused() {
        assert!(techniques("crate").is_ok());
        assert!(techniques("no-such-technique").is_err());
    }
}
