//! Every registered engine ([`NAMES`], built with [`by_name`]) on one corpus: the
//! samples under `data/` (4×4 to 25×25, 17-clue, top1465, the hardest lists, serg's
//! puzzles with several solutions), puzzles without a solution and puzzles with
//! clashing givens. Each answer is checked against its puzzle and each count against
//! the reference engine, `generic`; a layout an engine does not handle must give
//! [`SolveError::Unsupported`]; node budgets must be honoured exactly. Tests that
//! concern one engine only come last.

mod common;

use proptest::prelude::*;
use sudokit::engine::{by_name, Auto, BoardSearch, Budget, Engine, Generic, GiveUp, Query, NAMES};
use sudokit::{Grid, Layout, SolveError};

/// Every registered engine, by name.
fn engines() -> Vec<Box<dyn Engine>> {
    NAMES.iter().map(|name| by_name(name).unwrap()).collect()
}

/// How many puzzles of a sample file an engine takes: all of them for the engines
/// built for speed; the first few for the teaching engines, and none where the
/// engine is out of its depth (plain backtracking on the hardest lists and 25×25, the
/// frontier searches on the hardest lists, which hold millions of states).
fn share(engine: &str, file: &str) -> usize {
    let fast = matches!(engine, "auto" | "fast" | "generic" | "triad");
    match (engine, file) {
        _ if fast => usize::MAX,
        ("backtrack", "hardest_1106.txt" | "hardest_11plus.txt" | "25x25.txt") => 0,
        ("backtrack", "16x16.txt") => 0,
        ("bfs" | "best-first", "hardest_1106.txt" | "hardest_11plus.txt" | "16x16.txt") => 0,
        ("backtrack", "top1465.txt" | "17_clue.txt" | "serg_multi.txt") => 8,
        (_, "hardest_1106.txt" | "hardest_11plus.txt") => 5,
        (_, "12x12.txt" | "16x16.txt") => 2,
        _ => 20,
    }
}

/// The sample files of the corpus.
const FILES: &[&str] = &[
    "4x4.txt",
    "6x6.txt",
    "12x12.txt",
    "16x16.txt",
    "25x25.txt",
    "examples.txt",
    "17_clue.txt",
    "top1465.txt",
    "hardest_1106.txt",
    "hardest_11plus.txt",
    "serg_multi.txt",
];

/// Checks `engine` on `puzzle` against the reference count `reference` (generic's,
/// counting to `limit`): the search to `limit`, the count alone and the first
/// solution agree with it, and every solution solves the puzzle. A layout the engine
/// does not handle must be refused with [`SolveError::Unsupported`] by each of them.
fn conforms(engine: &dyn Engine, puzzle: &Grid, limit: u64, reference: u64) {
    let at = || format!("{} on {}", engine.name(), puzzle.to_line());
    if !engine.supports(puzzle.layout()) {
        let unsupported = |r: Result<u64, SolveError>| {
            matches!(r, Err(SolveError::Unsupported { engine: e, size })
                if e == engine.name() && size == puzzle.size())
        };
        assert!(unsupported(engine.count(puzzle, limit)), "{}", at());
        assert!(
            unsupported(engine.solve(puzzle).map(|s| s.count)),
            "{}",
            at()
        );
        return;
    }
    let found = engine
        .search(puzzle, &Query::up_to(limit))
        .unwrap_or_else(|e| panic!("{}: {e}", at()));
    assert_eq!(found.count, reference, "{}, limit {limit}", at());
    match &found.solution {
        Some(s) => assert!(s.is_solution_of(puzzle), "{}", at()),
        None => assert_eq!(found.count, 0, "{}", at()),
    }
    assert!(found.stats.nodes >= 1, "{}", at());
    assert_eq!(engine.count(puzzle, limit).unwrap(), reference, "{}", at());
    let first = engine.solve(puzzle).unwrap();
    assert_eq!(first.count, reference.min(1), "{}", at());
    if let Some(s) = &first.solution {
        assert!(s.is_solution_of(puzzle), "{}", at());
    }
}

/// Every engine on its share of every sample file, counting to 2 (and to 25 on serg's
/// puzzles): counts as `generic`'s, one solution each in the unique sets.
#[test]
fn every_engine_agrees_with_generic_on_the_samples() {
    for file in FILES {
        let puzzles = common::data(file);
        assert!(!puzzles.is_empty(), "{file}");
        let limits: &[u64] = if *file == "serg_multi.txt" {
            &[2, 25]
        } else {
            &[2]
        };
        let reference: Vec<Vec<u64>> = puzzles
            .iter()
            .map(|p| {
                limits
                    .iter()
                    .map(|&l| Generic.count(p, l).unwrap())
                    .collect()
            })
            .collect();
        for (p, counts) in puzzles.iter().zip(&reference) {
            let unique = if *file == "serg_multi.txt" { 2 } else { 1 };
            assert_eq!(counts[0], unique, "{file}: {}", p.to_line());
        }
        for engine in engines() {
            let take = share(engine.name(), file);
            for (p, counts) in puzzles.iter().zip(&reference).take(take) {
                for (&limit, &count) in limits.iter().zip(counts) {
                    conforms(engine.as_ref(), p, limit, count);
                }
            }
        }
    }
}

/// The empty 4×4 and 9×9 boards: 288 solutions for the 4×4, and every count stops at
/// its limit.
#[test]
fn empty_boards_count_to_the_limit() {
    let four = Grid::empty(Layout::classic(4).unwrap());
    let nine = Grid::empty(Layout::classic(9).unwrap());
    for engine in engines() {
        let name = engine.name();
        conforms(engine.as_ref(), &four, u64::MAX, 288);
        conforms(engine.as_ref(), &four, 100, 100);
        if !name.contains("bfs") && name != "best-first" {
            conforms(engine.as_ref(), &nine, 1000, 1000);
        }
    }
}

/// Valid givens without a solution, and givens that clash in a row, a column, a box:
/// no engine finds anything, and an engine that says it rejects clashing givens
/// does.
#[test]
fn unsolvable_and_invalid_puzzles_have_no_solution() {
    let at = |cells: &[(usize, u8)]| {
        let mut line = vec![b'.'; 81];
        for &(c, d) in cells {
            line[c] = b'0' + d;
        }
        String::from_utf8(line).unwrap().parse::<Grid>().unwrap()
    };
    // r1c9 can only be 9 (its row), but r2c9 holds the 9.
    let mut no_solution: Vec<(usize, u8)> = (0..8).map(|c| (c, c as u8 + 1)).collect();
    no_solution.push((17, 9));
    let unsolvable = at(&no_solution);
    assert!(unsolvable.validate().is_ok());
    let clashes = [
        at(&[(0, 5), (1, 5)]),
        at(&[(0, 5), (27, 5)]),
        at(&[(0, 5), (10, 5)]),
    ];
    let small: Grid = "11..............".parse().unwrap();
    for engine in engines() {
        conforms(engine.as_ref(), &unsolvable, 2, 0);
        for p in clashes.iter().chain([&small]) {
            assert!(p.validate().is_err());
            conforms(engine.as_ref(), p, 2, 0);
        }
    }
}

/// A node budget is honoured exactly: a puzzle that takes more nodes than the budget
/// gives [`SolveError::GaveUp`] with the budget as its node count; a budget of as many
/// nodes as the unbounded search took gives the same answer.
#[test]
fn every_engine_honours_a_node_budget() {
    let puzzles = common::data("top1465.txt");
    for engine in engines() {
        let query = Query::first();
        // The first sample puzzle that takes the engine more than a few nodes.
        let (puzzle, full) = puzzles
            .iter()
            .take(20)
            .map(|p| (p, engine.search(p, &query).unwrap()))
            .find(|(_, found)| found.stats.nodes > 4)
            .unwrap_or_else(|| panic!("{}: every puzzle is solved in 4 nodes", engine.name()));
        let needed = full.stats.nodes;
        let exact = engine
            .search(puzzle, &query.within(Budget::nodes(needed)))
            .unwrap();
        assert_eq!(exact, full, "{}", engine.name());
        let short = engine.search(puzzle, &query.within(Budget::nodes(needed / 2)));
        let engine_name = if engine.name() == "auto" {
            "fast"
        } else {
            engine.name()
        };
        assert_eq!(
            short,
            Err(SolveError::GaveUp {
                engine: engine_name,
                nodes: needed / 2,
                reason: GiveUp::Nodes(needed / 2),
            }),
            "{}",
            engine.name()
        );
        let message = short.unwrap_err().to_string();
        assert!(message.contains("allow more nodes"), "{message}");
    }
}

/// A deadline already passed stops every engine at its first check, with
/// [`GiveUp::Deadline`]; a count alone honours it too.
#[test]
fn every_engine_honours_a_passed_deadline() {
    let hard: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    let passed = Budget {
        deadline: Some(std::time::Instant::now()),
        max_nodes: None,
    };
    for engine in engines() {
        let query = Query::count(2).within(passed);
        let r = engine.search(&hard, &query);
        assert!(
            matches!(r, Err(SolveError::GaveUp { reason: GiveUp::Deadline, engine: e, .. })
                if e == engine.name() || engine.name() == "auto"),
            "{}: {r:?}",
            engine.name()
        );
    }
}

/// A 64×64 board holding half the digits of a full grid (a pattern grid, shuffled):
/// a budget of a few nodes gives up with [`SolveError::GaveUp`], and a puzzle searched
/// after it, on the same engine, is answered as usual.
#[test]
fn a_half_clued_64x64_gives_up_within_its_budget_and_the_next_puzzle_is_answered() {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(64);
    let full = common::pattern_grid(8, 8, &mut rng);
    assert!(full.validate().is_ok() && full.is_full());
    let half = common::thin(&full, 0.5, &mut rng);
    let small = common::data("4x4.txt").remove(0);
    for engine in engines().iter().filter(|e| e.supports(half.layout())) {
        let query = Query::first().within(Budget::nodes(3));
        match engine.search(&half, &query) {
            Err(SolveError::GaveUp { nodes: 3, .. }) => {}
            // Norvig's hidden singles may solve it alone: then the solution must be right.
            Ok(found) if engine.name() == "norvig" => {
                assert!(found.solution.unwrap().is_solution_of(&half))
            }
            other => panic!("{}: {other:?}", engine.name()),
        }
        let next = engine.search(&small, &Query::first()).unwrap();
        assert!(
            next.solution.unwrap().is_solution_of(&small),
            "{}",
            engine.name()
        );
    }
}

/// Random puzzles for the engines with propagation (plain backtracking can take
/// minutes on an unsolvable sparse board, and the frontier searches keep too many
/// states on one): holes punched in a solution, and random givens (often clashing or
/// unsolvable); counts to 2 as `generic`'s.
fn depth_first() -> Vec<Box<dyn Engine>> {
    engines()
        .into_iter()
        .filter(|e| !matches!(e.name(), "bfs" | "best-first" | "backtrack" | "generic"))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_puzzles_agree(pick in 0usize..50, keep in proptest::collection::vec(proptest::bool::weighted(0.4), 81)) {
        let puzzles = common::data("top1465.txt");
        let solution = Generic.solve(&puzzles[pick]).unwrap().solution.unwrap();
        let mut p = solution.clone();
        for (cell, &k) in keep.iter().enumerate() {
            if !k {
                p.set(cell, 0);
            }
        }
        let reference = Generic.count(&p, 2).unwrap();
        for engine in depth_first() {
            conforms(engine.as_ref(), &p, 2, reference);
        }
    }

    #[test]
    fn random_givens_agree(givens in proptest::collection::vec((0..81usize, 1..=9u8), 0..30)) {
        let mut cells = vec![0u8; 81];
        for (c, d) in givens {
            cells[c] = d;
        }
        let p = Grid::from_cells(Layout::classic(9).unwrap(), cells).unwrap();
        let reference = if p.validate().is_ok() { Generic.count(&p, 2).unwrap() } else { 0 };
        for engine in depth_first() {
            if engine.rejects_clashes(p.layout()) || p.validate().is_ok() {
                conforms(engine.as_ref(), &p, 2, reference);
            }
        }
    }
}

// What concerns one engine only.

#[test]
fn auto_picks_fast_for_nine_by_nine_cdcl_for_big_boards_and_generic_between() {
    let nine = Layout::classic(9).unwrap();
    assert_eq!(Auto.engine_for(&nine).name(), "fast");
    let name = |n| Auto.engine_for(&Layout::classic(n).unwrap()).name();
    assert_eq!(
        [name(4), name(16), name(25), name(64)],
        ["generic", "generic", "cdcl", "cdcl"]
    );
    assert!(Auto.rejects_clashes(&nine));
}

#[test]
fn every_name_builds_its_engine() {
    for name in NAMES {
        assert_eq!(by_name(name).unwrap().name(), *name);
    }
    let err = by_name("nope").unwrap_err();
    assert!(err.to_string().contains("choose one of"), "{err}");
}

#[test]
fn fast_reports_the_guesses_hard_puzzles_need() {
    let fast = by_name("fast").unwrap();
    let guesses: u64 = common::data("hardest_1106.txt")
        .iter()
        .map(|p| fast.solve(p).unwrap().stats.guesses)
        .sum();
    assert!(guesses > 0);
}

#[test]
fn the_bound_of_bfs_and_best_first_names_a_real_way_out() {
    let g: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    for start in [BoardSearch::bfs(), BoardSearch::best_first()] {
        let bounded = BoardSearch {
            max_nodes: 5,
            ..start
        };
        let err = bounded.solve(&g).unwrap_err();
        assert_eq!(
            err,
            SolveError::GaveUp {
                engine: start.name(),
                nodes: 5,
                reason: GiveUp::EngineBound
            }
        );
        assert!(err.to_string().contains("such as `generic`"), "{err}");
        assert!(by_name("generic").is_ok());
        assert!(start.solve(&g).is_ok(), "{}", start.name());
    }
}

#[test]
fn naked_pairs_and_collapse_expand_fewer_nodes() {
    let grids: Vec<Grid> = common::data("top1465.txt").into_iter().take(10).collect();
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
                    let (found, c) = e.search_counted(g, &Query::first()).unwrap();
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

/// Sparse random 16×16 puzzles (a quarter of the cells given) on which branching only
/// on cells ran for minutes: `generic` branches on a digit with two places in a unit
/// when no cell has two candidates, and solves each in a few hundred nodes.
#[test]
fn generic_solves_sparse_sixteen_by_sixteen_in_few_nodes() {
    let opts = sudokit::ReadOptions { size: Some(16) };
    for line in [
        "9..3..2.45..C.8......7.B....G...........2....1A4............2...............B.7G.D....G6.......3.3..A.72.....8.1.......D.......E....C.....G7...2C.9.....8.3...6B.A.6.E..D2...G.5...4.............7..1G.F.3.D..2......B.7E.9.......2...8........C.5.8.2....CG67B.",
        ".....D.G.79........E.2...F.4.B.G..G.......E....2.....................35.462..89B.53..A.C.........46............E....2........3.......9.175.2......5.........3..63.1......B........F..5.6..........C4A..5....6....3.A....6..............8.4...F7A..9..C..215..4..",
        "8..C..7..65........2.6.........16.....1B.......7.974...F........AG.E318..4..F..........C..........D7.F4.....3........B2..E........C..E........3.57...4...3..9E....2..........1B.......D..BG..............A..82......1.....8..65.C....35.....A..D..FA..6.4...E.C.",
        "......8....4.......1.........6...D6C......3...........6.G.8..5.....2....F..6.1A..7...........4...........897..6.3...1.....2..8...4G7.3..8.F...9...1D.824.7......E..8.........7..C3.B.F.....5.....C.3.A125..8..........5E.A....2....F.4......D...........2...6.3.",
    ] {
        let p = sudokit::format::read::parse_one(line, &opts).unwrap();
        let found = Generic.solve(&p).unwrap();
        assert!(found.solution.unwrap().is_solution_of(&p), "{line}");
        assert!(found.stats.nodes < 20_000, "{} nodes: {line}", found.stats.nodes);
    }
}

/// Propagation reaches its fixpoint: every puzzle `fast` solves without a guess,
/// `triad` solves without a guess too.
#[cfg(feature = "triad")]
#[test]
fn triad_needs_no_guess_where_fast_needs_none() {
    let (fast, triad) = (by_name("fast").unwrap(), by_name("triad").unwrap());
    for name in ["17_clue.txt", "top1465.txt"] {
        for p in common::data(name) {
            if fast.solve(&p).unwrap().stats.guesses == 0 {
                let found = triad.solve(&p).unwrap();
                assert_eq!(found.stats.guesses, 0, "{}", p.to_line());
            }
        }
    }
}

/// Without the `triad` feature the engine is not built, and its name says how to get
/// it.
#[cfg(not(feature = "triad"))]
#[test]
fn triad_needs_its_feature() {
    assert!(!NAMES.contains(&"triad"));
    let err = by_name("triad").unwrap_err();
    assert!(err.to_string().contains("--features triad"), "{err}");
}
