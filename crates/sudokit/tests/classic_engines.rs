//! The classic engines (`norvig`, `backtrack`, `dlx`, `bfs`, `best-first`) against the
//! same puzzles as `generic`: every solution verified against its puzzle, counts with
//! limits compared with `generic`, boards from 4×4 to 25×25.

mod common;

use sudokit::engine::{by_name, BoardSearch, Engine, Generic, SolveError, NAMES};
use sudokit::{Grid, Layout};

const CLASSIC: &[&str] = &["norvig", "backtrack", "dlx", "bfs", "best-first"];

/// Norvig's hard1: 17 givens, no quick solution for his first program.
const HARD1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The first `take` puzzles of a file under `data/`.
fn puzzles(file: &str, take: usize) -> Vec<Grid> {
    let mut grids = common::data(file);
    assert!(!grids.is_empty(), "{file} holds no puzzle");
    grids.truncate(take);
    grids
}

fn engine(name: &str) -> Box<dyn Engine> {
    by_name(name).unwrap()
}

/// Solves every puzzle with each engine and checks each answer.
fn solves_all(engines: &[&str], grids: &[Grid]) {
    for name in engines {
        let e = engine(name);
        for (i, g) in grids.iter().enumerate() {
            let found = e
                .solve(g)
                .unwrap_or_else(|err| panic!("{name}, puzzle {i}: {err}"));
            assert_eq!(found.count, 1, "{name}, puzzle {i}");
            let solution = found.solution.expect("a solution with a count of 1");
            assert!(solution.is_solution_of(g), "{name}, puzzle {i}: {solution}");
            assert!(found.stats.nodes >= 1, "{name}, puzzle {i}");
        }
    }
}

#[test]
fn every_name_builds_its_engine() {
    for name in NAMES {
        assert_eq!(engine(name).name(), *name);
    }
    for name in CLASSIC {
        assert!(NAMES.contains(name), "{name} is not listed");
    }
}

#[test]
fn every_engine_solves_hard1() {
    let g: Grid = HARD1.parse().unwrap();
    solves_all(CLASSIC, &[g]);
}

#[test]
fn every_engine_solves_the_top1465_sample() {
    let grids = puzzles("top1465.txt", 30);
    solves_all(&["norvig", "dlx", "bfs", "best-first"], &grids);
    // Plain backtracking takes seconds on some of these: a few are enough.
    solves_all(&["backtrack"], &grids[..8]);
}

#[test]
fn every_engine_solves_small_boards() {
    for file in ["4x4.txt", "6x6.txt"] {
        solves_all(CLASSIC, &puzzles(file, 10));
    }
    solves_all(CLASSIC, &puzzles("12x12.txt", 2));
}

#[test]
fn sixteen_by_sixteen_and_twenty_five_by_twenty_five() {
    solves_all(&["generic", "norvig", "dlx"], &puzzles("16x16.txt", 3));
    // An easier 16×16 (128 givens) for the engines without strong propagation.
    let easier: Vec<Grid> = common::data("examples.txt")
        .into_iter()
        .filter(|g| g.size() == 16)
        .collect();
    assert_eq!(easier.len(), 1);
    solves_all(&["backtrack", "bfs", "best-first"], &easier);
    // Plain backtracking is out of its depth on 25×25; the others solve it.
    solves_all(
        &["generic", "norvig", "dlx", "bfs", "best-first"],
        &puzzles("25x25.txt", 1),
    );
}

#[test]
fn counts_agree_with_generic_on_multi_solution_puzzles() {
    let grids = puzzles("serg_multi.txt", 12);
    for (i, g) in grids.iter().enumerate() {
        for limit in [1, 2, 25] {
            let reference = Generic.count(g, limit).unwrap().count;
            for name in CLASSIC {
                let found = engine(name).count(g, limit).unwrap();
                assert_eq!(found.count, reference, "{name}, puzzle {i}, limit {limit}");
                assert!(found.solution.unwrap().is_solution_of(g), "{name}, {i}");
            }
        }
    }
}

#[test]
fn unique_puzzles_count_one_with_every_engine() {
    for g in puzzles("top1465.txt", 5) {
        for name in ["norvig", "dlx", "bfs", "best-first"] {
            assert_eq!(engine(name).count(&g, 2).unwrap().count, 1, "{name}");
        }
    }
}

#[test]
fn the_empty_4x4_board_has_288_solutions_for_every_engine() {
    let g = Grid::empty(Layout::classic(4).unwrap());
    for name in CLASSIC {
        let found = engine(name).count(&g, u64::MAX).unwrap();
        assert_eq!(found.count, 288, "{name}");
        assert!(found.solution.unwrap().is_solution_of(&g), "{name}");
        assert_eq!(engine(name).count(&g, 100).unwrap().count, 100, "{name}");
    }
}

#[test]
fn puzzles_without_solution_count_zero() {
    // Valid givens, no solution: r1c9 can only be 9 (its row), but r2c9 holds the 9.
    let g: Grid = format!("12345678.........9{}", ".".repeat(63))
        .parse()
        .unwrap();
    assert!(g.validate().is_ok());
    for name in CLASSIC {
        let found = engine(name).count(&g, 2).unwrap();
        assert_eq!(found.count, 0, "{name}");
        assert!(found.solution.is_none(), "{name}");
    }
}

#[test]
fn the_node_bound_stops_bfs_and_best_first_with_an_error() {
    let g: Grid = HARD1.parse().unwrap();
    for start in [BoardSearch::bfs(), BoardSearch::best_first()] {
        let bounded = BoardSearch {
            max_nodes: 5,
            ..start
        };
        match bounded.solve(&g) {
            Err(SolveError::Bound { engine, nodes }) => {
                assert_eq!(engine, start.name());
                assert_eq!(nodes, 5);
            }
            other => panic!("{}: expected the bound, got {other:?}", start.name()),
        }
        assert!(start.solve(&g).is_ok(), "{}", start.name());
    }
    let message = BoardSearch {
        max_nodes: 5,
        ..BoardSearch::bfs()
    }
    .solve(&g)
    .unwrap_err()
    .to_string();
    assert!(message.contains("bound"), "{message}");
}

#[test]
fn naked_pairs_and_collapse_expand_fewer_nodes() {
    let grids = puzzles("top1465.txt", 10);
    for start in [BoardSearch::bfs(), BoardSearch::best_first()] {
        let expanded = |subsets, collapse| -> u64 {
            let e = BoardSearch {
                subsets,
                collapse,
                ..start
            };
            grids
                .iter()
                .map(|g| {
                    let (found, c) = e.search_counted(g, 1).unwrap();
                    assert!(found.solution.unwrap().is_solution_of(g));
                    c.expanded
                })
                .sum()
        };
        let singles = expanded(1, false);
        let pairs = expanded(2, false);
        let collapsed = expanded(2, true);
        assert!(pairs < singles, "{}: {pairs} vs {singles}", start.name());
        assert!(
            collapsed < pairs,
            "{}: {collapsed} vs {pairs}",
            start.name()
        );
    }
}
