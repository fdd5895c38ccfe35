//! sudokit's generator and canonical form against the `sudoku` crate's.
//!
//! Generation: each side makes `count` random minimal unique 9×9 puzzles, with no
//! symmetry or with the half-turn symmetry, from fixed seeds. Before timing, puzzles of
//! both sides are checked with sudokit's `generic` engine (exactly one solution, minimal
//! for the symmetry). Canonical form: each side canonicalizes every puzzle of a file; the
//! forms are first checked to be pairwise distinct (the file's puzzles are
//! inequivalent). The two canonical forms differ in definition: sudokit's is the minlex
//! form of the puzzle itself; the crate's is the puzzle moved by the transform that makes
//! its solution grid minlex (it solves the puzzle first). Every run is repeated, sides
//! alternating, and the best time of each is kept (the thread's CPU time).

use std::collections::HashSet;
use std::time::Duration;

use cpu_time::ThreadTime;

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit::canon::Canonicalizer;
use sudokit::engine::{Auto, Engine, Generic};
use sudokit::generate::{Generator, Options, Rng, Symmetry, SymmetryChoice};
use sudokit::{Grid, Layout};
use sudoku::Sudoku;

/// The symmetries compared, with their table labels.
pub const SYMMETRIES: [(Symmetry, &str); 2] = [
    (Symmetry::None, "minimal 9×9, no symmetry"),
    (Symmetry::Rotate180, "minimal 9×9, rotate-180"),
];

/// Markdown table head of [`generation_row`] and [`canon_row`].
pub const HEAD: &str =
    "| task | puzzles | sudokit /s | `sudoku` crate /s | ratio |\n|---|---:|---:|---:|---:|";

fn generator(symmetry: Symmetry) -> Generator<'static> {
    let options = Options {
        symmetry: SymmetryChoice::Fixed(symmetry),
        ..Options::default()
    };
    Generator::new(Layout::classic(9).expect("9×9"), options, &Auto).expect("classic")
}

fn peer_symmetry(symmetry: Symmetry) -> sudoku::Symmetry {
    match symmetry {
        Symmetry::Rotate180 => sudoku::Symmetry::HalfRotation,
        _ => sudoku::Symmetry::None,
    }
}

/// sudokit's puzzles `0..count` of seed 1.
pub fn ours(symmetry: Symmetry, count: u64) -> Vec<Grid> {
    let g = generator(symmetry);
    (0..count)
        .map(|i| {
            g.puzzle(&mut Rng::for_index(1, i))
                .expect("generated")
                .puzzle
        })
        .collect()
}

/// The crate's first `count` puzzles from a ChaCha8 generator seeded with 1.
pub fn peer(symmetry: Symmetry, count: u64) -> Vec<Grid> {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    (0..count)
        .map(|_| {
            let solved = Sudoku::generate_solved_with_rng(&mut rng);
            let p = Sudoku::generate_with_symmetry_and_rng_from(
                solved,
                peer_symmetry(symmetry),
                &mut rng,
            );
            p.to_str_line().parse().expect("81 cells")
        })
        .collect()
}

/// Exactly one solution, the symmetry holds, and no orbit of it can be removed.
pub fn check(puzzles: &[Grid], symmetry: Symmetry, side: &str) -> Result<(), String> {
    for p in puzzles {
        if Generic.count(p, 2).map_err(|e| e.to_string())? != 1 {
            return Err(format!("{side}: {p} is not unique"));
        }
        if !symmetry.holds(p.cells(), 9) {
            return Err(format!("{side}: {p} lacks the symmetry"));
        }
        for orbit in symmetry.orbits(9) {
            if p.get(orbit[0]) == 0 {
                continue;
            }
            let mut fewer = p.clone();
            orbit.iter().for_each(|&c| fewer.set(c, 0));
            if Generic.count(&fewer, 2).map_err(|e| e.to_string())? != 2 {
                return Err(format!("{side}: {p} is not minimal"));
            }
        }
    }
    Ok(())
}

fn time(run: impl FnOnce()) -> Duration {
    let t = ThreadTime::now();
    run();
    t.elapsed()
}

fn format_row(what: &str, n: usize, ours: Duration, peer: Duration) -> String {
    let (a, b) = (crate::rate(n, ours), crate::rate(n, peer));
    format!("| {what} | {n} | {a:.0} | {b:.0} | {:.2}× |", a / b)
}

/// Checks `check_count` puzzles of each side (at most `count`), then times `count`
/// puzzles per side `reps` times; returns the table row.
pub fn generation_row(
    symmetry: Symmetry,
    label: &str,
    count: u64,
    check_count: u64,
    reps: usize,
) -> Result<String, String> {
    let sample = check_count.min(count);
    check(&ours(symmetry, sample), symmetry, "sudokit")?;
    check(&peer(symmetry, sample), symmetry, "peer")?;
    let (mut a, mut b) = (Duration::MAX, Duration::MAX);
    for _ in 0..reps.max(1) {
        a = a.min(time(|| drop(std::hint::black_box(ours(symmetry, count)))));
        b = b.min(time(|| drop(std::hint::black_box(peer(symmetry, count)))));
    }
    Ok(format_row(label, count as usize, a, b))
}

/// Checks, then times the canonical forms of `grids` on both sides `reps` times;
/// returns the table row labelled `label`.
pub fn canon_row(grids: &[Grid], label: &str, reps: usize) -> Result<String, String> {
    let peers = grids
        .iter()
        .map(|g| {
            let bytes: [u8; 81] = g.cells().try_into().map_err(|_| format!("{g}: not 9×9"))?;
            Sudoku::from_bytes(bytes).map_err(|e| format!("{g}: {e:?}"))
        })
        .collect::<Result<Vec<Sudoku>, String>>()?;
    let mut canon = Canonicalizer::default();
    let mut forms = HashSet::new();
    for g in grids {
        let form = canon.minlex(g).map_err(|e| format!("{g}: {e}"))?;
        forms.insert(form.cells().to_vec());
    }
    if forms.len() != grids.len() || peers.iter().any(|p| p.canonicalized().is_none()) {
        return Err(format!("{label}: canonical forms not pairwise distinct"));
    }
    let (mut a, mut b) = (Duration::MAX, Duration::MAX);
    for _ in 0..reps.max(1) {
        a = a.min(time(|| {
            for g in grids {
                std::hint::black_box(canon.minlex(g).ok());
            }
        }));
        b = b.min(time(|| {
            for p in &peers {
                std::hint::black_box(p.canonicalized());
            }
        }));
    }
    Ok(format_row(label, grids.len(), a, b))
}
