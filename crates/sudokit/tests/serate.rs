//! Sudoku Explainer's rater against `serate`'s own ratings (`data/serate-sample.txt`),
//! every step of its path checked against the solution, and its errors.

use std::time::Duration;

use sudokit::engine::Budget;
use sudokit::serate::{explain, explain_state, rate, SeError, SeReport};
use sudokit::{solve, Candidates, Grid};

fn sample() -> Vec<(Grid, String)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/serate-sample.txt"
    ))
    .expect("the sample file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (p, r) = l.split_once(' ').expect("puzzle and rating");
            (p.parse().expect("a puzzle"), r.to_string())
        })
        .collect()
}

/// Every placement and elimination agrees with the solution, and the path ends on it.
fn check_path(puzzle: &Grid, report: &SeReport) {
    let solution = solve(puzzle).expect("a solution");
    let mut grid = puzzle.clone();
    for step in &report.steps {
        for &(cell, d) in &step.eliminations {
            assert_ne!(solution.get(cell), d, "{step} removes the solution's digit");
        }
        if let Some((cell, d)) = step.placement {
            assert_eq!(solution.get(cell), d, "{step} places a wrong digit");
            grid.set(cell, d);
        }
    }
    assert!(
        grid.is_solution_of(puzzle),
        "the path does not end on the solution"
    );
}

#[test]
fn ratings_are_serates() {
    let cases = sample();
    assert!(cases.len() >= 20);
    for (puzzle, expected) in cases {
        let report = explain(&puzzle, Budget::UNLIMITED).expect("rated");
        assert_eq!(report.rating.to_string(), expected, "{}", puzzle.to_line());
        check_path(&puzzle, &report);
    }
}

#[test]
fn direct_hints_and_chains_are_on_the_path() {
    let cases = sample();
    let names: Vec<String> = cases
        .iter()
        .flat_map(|(p, _)| explain(p, Budget::UNLIMITED).expect("rated").steps)
        .map(|s| s.technique)
        .collect();
    for name in [
        "Direct Pointing",
        "Direct Hidden Pair",
        "Naked Single",
        "Unique Rectangle type 1",
        "BUG type 1",
    ] {
        assert!(names.iter().any(|n| n == name), "no {name} on any path");
    }
    assert!(names
        .iter()
        .any(|n| n.starts_with("Forcing") || n.contains("Cycle")));
}

/// A puzzle of the hardest-1106 list whose path needs dynamic chains nested in
/// dynamic chains (level 4): `serate` (SE 1.2.1 technique set, the settings of the
/// sample) rates it 11.8/11.8/11.4 after 55 minutes.
#[test]
fn nested_dynamic_chains_rate_as_serate() {
    let puzzle: Grid =
        "2.......6.5..8..1...4...9...7.3.1......82.......7.5.3...9...4...8..1..5.6.......2"
            .parse()
            .unwrap();
    let report = explain(&puzzle, Budget::UNLIMITED).expect("rated");
    assert_eq!(report.rating.to_string(), "11.8/11.8/11.4");
    assert!(report
        .steps
        .iter()
        .any(|s| s.technique == "Dynamic Forcing Chains (+ Dynamic Forcing Chains)"));
    check_path(&puzzle, &report);
}

#[test]
fn a_state_rates_as_its_puzzle() {
    let (puzzle, expected) = sample().into_iter().nth(10).expect("a case");
    let state = Candidates::from_grid(&puzzle);
    let report = explain_state(&state, Budget::UNLIMITED).expect("rated");
    assert_eq!(report.rating.to_string(), expected);
}

#[test]
fn an_exhausted_budget_gives_up() {
    let hard: Grid =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
            .parse()
            .unwrap();
    let r = rate(&hard, Budget::time(Duration::ZERO));
    assert!(matches!(r, Err(SeError::GaveUp)), "{r:?}");
}

#[test]
fn only_unique_classic_puzzles_are_rated() {
    let empty: Grid = ".".repeat(81).parse().unwrap();
    assert!(matches!(
        rate(&empty, Budget::UNLIMITED),
        Err(SeError::Solutions(_))
    ));
    let small: Grid = "1.3..4..........".parse().unwrap();
    assert!(matches!(
        rate(&small, Budget::UNLIMITED),
        Err(SeError::Unsupported)
    ));
}

/// `serate`'s saved lines for the hardest lists (`data/serate-hardest.se`, `= puzzle
/// ER/EP/ED time`): the first and the last, one from each sample, rated the same.
#[test]
fn saved_hardest_lines_rate_as_serate() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/serate-hardest.se"
    ))
    .expect("the saved lines");
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("= ")).collect();
    assert!(lines.len() >= 57);
    for line in [lines[0], lines[lines.len() - 1]] {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let puzzle: Grid = fields[1].parse().expect("a puzzle");
        let report = explain(&puzzle, Budget::UNLIMITED).expect("rated");
        assert_eq!(report.rating.to_string(), fields[2], "{}", fields[1]);
        check_path(&puzzle, &report);
    }
}
