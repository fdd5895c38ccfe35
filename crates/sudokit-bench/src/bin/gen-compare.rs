//! `gen-compare [--count N] [--reps N] [FILE]`: sudokit's generator and canonical form
//! against the `sudoku` crate, in the same process, one thread.
//!
//! Generation: each side makes `N` random minimal unique 9×9 puzzles (default 5,000)
//! with no symmetry and with the half-turn symmetry. Canonical form: each side
//! canonicalizes every puzzle of FILE (default: the shared 17-clue file, else the
//! sample under `data/`). Every run is repeated `--reps` times (default 3), alternating
//! sides, and the best time is kept; the table gives puzzles per second and the ratio
//! sudokit / peer.
//!
//! Before timing, every generated puzzle of both sides is checked with sudokit's
//! `generic` engine (exactly one solution, minimal for its symmetry), and the canonical
//! forms of the file are checked to be pairwise distinct (its puzzles are inequivalent).
//! The two canonical forms differ in definition: sudokit's is the minlex form of the
//! puzzle itself; the crate's is the puzzle moved by the transform that makes its
//! solution grid minlex (it solves the puzzle first).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit::canon::Canonicalizer;
use sudokit::engine::{Auto, Engine, Generic};
use sudokit::generate::{Generator, Options, Rng, Symmetry, SymmetryChoice};
use sudokit::{Grid, Layout};
use sudoku::Sudoku;

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

fn ours(symmetry: Symmetry, count: u64) -> Vec<Grid> {
    let g = generator(symmetry);
    (0..count)
        .map(|i| {
            g.puzzle(&mut Rng::for_index(1, i))
                .expect("generated")
                .puzzle
        })
        .collect()
}

fn peer(symmetry: Symmetry, count: u64) -> Vec<Grid> {
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

/// Exactly one solution, and no orbit of the symmetry can be removed.
fn check(puzzles: &[Grid], symmetry: Symmetry, side: &str) -> Result<(), String> {
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
    let t = Instant::now();
    run();
    t.elapsed()
}

fn row(what: &str, n: usize, ours: Duration, peer: Duration) {
    let rate = |d: Duration| n as f64 / d.as_secs_f64().max(1e-9);
    println!(
        "| {what} | {n} | {:.0} | {:.0} | {:.2} |",
        rate(ours),
        rate(peer),
        rate(ours) / rate(peer)
    );
}

fn seventeen() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let shared = root.join("../shared/data/puzzles2_17_clue");
    if shared.exists() {
        shared
    } else {
        root.join("data/17_clue.txt")
    }
}

fn main() -> ExitCode {
    let (mut count, mut reps, mut file) = (5000u64, 3usize, None);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = |v: Option<String>| v.and_then(|n| n.parse().ok()).filter(|&n| n > 0);
        match a.as_str() {
            "--count" => match value(args.next()) {
                Some(n) => count = n as u64,
                None => return usage(),
            },
            "--reps" => match value(args.next()) {
                Some(n) => reps = n,
                None => return usage(),
            },
            _ => file = Some(PathBuf::from(a)),
        }
    }
    println!("| task | puzzles | sudokit /s | `sudoku` crate /s | ratio |");
    println!("|---|---:|---:|---:|---:|");
    for (symmetry, name) in [
        (Symmetry::None, "minimal 9×9, no symmetry"),
        (Symmetry::Rotate180, "minimal 9×9, rotate-180"),
    ] {
        let sample = count.min(300);
        if let Err(e) = check(&ours(symmetry, sample), symmetry, "sudokit")
            .and_then(|()| check(&peer(symmetry, sample), symmetry, "peer"))
        {
            eprintln!("verification failed: {e}");
            return ExitCode::FAILURE;
        }
        let (mut a, mut b) = (Duration::MAX, Duration::MAX);
        for _ in 0..reps {
            a = a.min(time(|| drop(std::hint::black_box(ours(symmetry, count)))));
            b = b.min(time(|| drop(std::hint::black_box(peer(symmetry, count)))));
        }
        row(name, count as usize, a, b);
    }
    let path = file.unwrap_or_else(seventeen);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    };
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| &l[..81])
        .collect();
    let grids: Vec<Grid> = lines.iter().filter_map(|l| l.parse().ok()).collect();
    let peers: Vec<Sudoku> = lines
        .iter()
        .filter_map(|l| Sudoku::from_str_line(l).ok())
        .collect();
    let mut canon = Canonicalizer::default();
    let forms: HashSet<Vec<u8>> = grids
        .iter()
        .map(|g| canon.minlex(g).expect("9×9").cells().to_vec())
        .collect();
    if forms.len() != grids.len() || peers.iter().any(|p| p.canonicalized().is_none()) {
        eprintln!("verification failed: canonical forms of {}", path.display());
        return ExitCode::FAILURE;
    }
    let (mut a, mut b) = (Duration::MAX, Duration::MAX);
    for _ in 0..reps {
        a = a.min(time(|| {
            for g in &grids {
                std::hint::black_box(canon.minlex(g).ok());
            }
        }));
        b = b.min(time(|| {
            for p in &peers {
                std::hint::black_box(p.canonicalized());
            }
        }));
    }
    row("canonical form, 17-clue puzzles", grids.len(), a, b);
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: gen-compare [--count N] [--reps N] [FILE]");
    ExitCode::FAILURE
}
