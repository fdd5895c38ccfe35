//! Generated puzzles, checked by a solver other than the one that made them: exactly
//! one solution, minimal (with respect to the symmetry, and plainly with strict
//! minimality), the symmetry holds, and the same seed gives the same puzzles however the
//! batch is split.

use sudokit::engine::{Auto, Engine, Generic};
use sudokit::generate::{
    GenerateError, Generated, Generator, Options, Rng, Symmetry, SymmetryChoice,
};
use sudokit::{Grid, Layout};

/// A plain backtracking counter for 9×9, independent of the library's engines.
fn count_9x9(cells: &mut [u8; 81], limit: u32) -> u32 {
    let Some(cell) = cells.iter().position(|&v| v == 0) else {
        return 1;
    };
    let (r, c) = (cell / 9, cell % 9);
    let mut used = 0u16;
    for i in 0..9 {
        used |= 1 << cells[r * 9 + i];
        used |= 1 << cells[i * 9 + c];
        used |= 1 << cells[(r / 3 * 3 + i / 3) * 9 + c / 3 * 3 + i % 3];
    }
    let mut found = 0;
    for d in 1..=9u8 {
        if used & (1 << d) == 0 {
            cells[cell] = d;
            found += count_9x9(cells, limit - found);
            cells[cell] = 0;
            if found >= limit {
                break;
            }
        }
    }
    found
}

/// Solutions of a puzzle up to 2, by the independent counter for 9×9 and by the
/// generic engine for other sizes.
fn solutions(puzzle: &Grid) -> u32 {
    if puzzle.size() == 9 {
        let mut cells: [u8; 81] = puzzle.cells().try_into().unwrap();
        count_9x9(&mut cells, 2)
    } else {
        Generic.count(puzzle, 2).unwrap() as u32
    }
}

/// Checks one generated puzzle completely.
fn check(made: &Generated, strict: bool) {
    let n = made.puzzle.size();
    assert_eq!(solutions(&made.puzzle), 1, "{}", made.puzzle);
    assert!(made.solution.is_solution_of(&made.puzzle));
    // The strict pass removes single clues, which may break the pattern's symmetry.
    assert!(strict || made.symmetry.holds(made.puzzle.cells(), n));
    for orbit in made.symmetry.orbits(n) {
        if made.puzzle.get(orbit[0]) == 0 {
            continue;
        }
        let mut fewer = made.puzzle.clone();
        orbit.iter().for_each(|&c| fewer.set(c, 0));
        assert_eq!(solutions(&fewer), 2, "orbit {orbit:?} was removable");
    }
    if strict {
        for cell in (0..n * n).filter(|&c| made.puzzle.get(c) != 0) {
            let mut fewer = made.puzzle.clone();
            fewer.set(cell, 0);
            assert_eq!(solutions(&fewer), 2, "clue {cell} was removable");
        }
    }
}

fn generator(n: usize, options: Options) -> Generator<'static> {
    Generator::new(Layout::classic(n).unwrap(), options, &Auto).unwrap()
}

fn with_symmetry(symmetry: Symmetry) -> Options {
    Options {
        symmetry: SymmetryChoice::Fixed(symmetry),
        ..Options::default()
    }
}

#[test]
fn every_symmetry_gives_unique_minimal_symmetric_puzzles() {
    for (i, symmetry) in Symmetry::ALL.into_iter().enumerate() {
        let g = generator(9, with_symmetry(symmetry));
        for index in 0..3 {
            let made = g.puzzle(&mut Rng::for_index(i as u64, index)).unwrap();
            assert_eq!(made.symmetry, symmetry);
            check(&made, false);
        }
    }
}

#[test]
fn strict_minimal_puzzles_are_minimal_clue_by_clue() {
    let g = generator(
        9,
        Options {
            strict_minimal: true,
            ..Options::default()
        },
    );
    for index in 0..4 {
        check(&g.puzzle(&mut Rng::for_index(11, index)).unwrap(), true);
    }
}

#[test]
fn random_symmetry_is_one_of_them_and_holds() {
    let g = generator(
        9,
        Options {
            symmetry: SymmetryChoice::Random,
            ..Options::default()
        },
    );
    let mut seen = std::collections::HashSet::new();
    for index in 0..12 {
        let made = g.puzzle(&mut Rng::for_index(5, index)).unwrap();
        check(&made, false);
        seen.insert(made.symmetry);
    }
    assert!(seen.len() > 2, "random picked {seen:?}");
}

#[test]
fn same_seed_same_puzzles_however_the_batch_is_split() {
    let g = generator(9, Options::default());
    let make = |i: u64| g.puzzle(&mut Rng::for_index(42, i)).unwrap().puzzle;
    let sequential: Vec<Grid> = (0..8).map(make).collect();
    for threads in [2usize, 3] {
        let mut split: Vec<(u64, Grid)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        (0..8u64)
                            .filter(|i| *i as usize % threads == t)
                            .map(|i| (i, make(i)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap())
                .collect()
        });
        split.sort_by_key(|(i, _)| *i);
        let split: Vec<Grid> = split.into_iter().map(|(_, p)| p).collect();
        assert_eq!(split, sequential);
    }
    let other: Vec<Grid> = (0..8)
        .map(|i| g.puzzle(&mut Rng::for_index(43, i)).unwrap().puzzle)
        .collect();
    assert_ne!(other, sequential);
}

#[test]
fn full_grids_for_every_classic_size() {
    for n in [4, 6, 8, 9, 12, 16, 25] {
        let g = generator(n, Options::default());
        let mut rng = Rng::new(n as u64);
        let a = g.full_grid(&mut rng).unwrap();
        let b = g.full_grid(&mut rng).unwrap();
        for grid in [&a, &b] {
            assert!(grid.is_full() && grid.validate().is_ok(), "n={n}");
        }
        assert_ne!(a, b, "n={n}");
    }
}

#[test]
fn target_clue_count_is_reached_and_unique() {
    let g = generator(
        9,
        Options {
            target_clues: Some(32),
            ..Options::default()
        },
    );
    let (made, _) = g.generate(3, 0, |_| true).unwrap();
    assert!(made.puzzle.clue_count() <= 32);
    assert_eq!(solutions(&made.puzzle), 1);
    assert!(made.symmetry.holds(made.puzzle.cells(), 9));
}

#[test]
fn sixteen_by_sixteen_minimal_puzzle() {
    let g = generator(16, with_symmetry(Symmetry::Rotate180));
    check(&g.puzzle(&mut Rng::new(16)).unwrap(), false);
}

#[test]
fn the_filter_decides_and_attempts_are_bounded() {
    let options = Options {
        max_attempts: 3,
        ..Options::default()
    };
    let g = generator(9, options);
    let mut calls = 0;
    let refused = g.generate(1, 0, |_| {
        calls += 1;
        false
    });
    assert_eq!(refused, Err(GenerateError::NoMatch { attempts: 3 }));
    assert_eq!(calls, 3);
    let mut seen = Vec::new();
    let (made, attempts) = g
        .generate(1, 0, |m| {
            seen.push(m.puzzle.clone());
            seen.len() == 2
        })
        .unwrap();
    assert_eq!(attempts, 2);
    assert_eq!(made.puzzle, seen[1]);
    assert_eq!(made, g.attempt(1, 0, 1).unwrap());
    assert_ne!(seen[0], seen[1]);
}

#[test]
fn bad_requests_are_errors() {
    let too_many = Options {
        target_clues: Some(82),
        ..Options::default()
    };
    assert!(matches!(
        Generator::new(Layout::classic(9).unwrap(), too_many, &Auto),
        Err(GenerateError::TargetTooHigh { .. })
    ));
    let diag: Vec<usize> = (0..9).map(|i| i * 10).collect();
    let x = std::sync::Arc::new(Layout::with_boxes(3, 3, vec![diag]).unwrap());
    assert!(Generator::new(x, Options::default(), &Auto).is_err());
}

#[test]
fn a_difficulty_filter_is_a_predicate_over_the_rater() {
    use sudokit::logic::{Level, Rating, Solver, TechniqueSet};
    use sudokit::rating::rate;
    let solver = Solver::new(TechniqueSet::all()).explain(false);
    let g = generator(
        9,
        Options {
            max_attempts: 200,
            ..Options::default()
        },
    );
    for index in 0..2 {
        let (made, _) = g
            .generate(9, index, |m| {
                rate(&m.puzzle, &solver).level == Level::Medium
            })
            .unwrap();
        check(&made, false);
        assert_eq!(rate(&made.puzzle, &solver).level, Level::Medium);
        let (lo, hi) = (Rating(25), Rating(40));
        let (made, _) = g
            .generate(9, index, |m| {
                let d = rate(&m.puzzle, &solver);
                d.finished() && lo <= d.er && d.er <= hi
            })
            .unwrap();
        check(&made, false);
        let er = rate(&made.puzzle, &solver).er;
        assert!(lo <= er && er <= hi, "ER {er}");
    }
}
