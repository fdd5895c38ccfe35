//! The reader on mixed texts: good puzzles, broken lines, boards too large, lines too
//! long, blank and comment lines, any line ends. It finds as many records as the text
//! has puzzles, each at its line, and reads each good one as it reads its line alone.

mod common;
mod mixed;

use mixed::Expect;
use proptest::prelude::*;
use sudokit::format::read::{parse_one, records};
use sudokit::{solve, ReadOptions};

/// The one-line puzzles of the 17-clue sample.
fn puzzles() -> Vec<String> {
    common::data("17_clue.txt")
        .iter()
        .map(|g| g.to_line())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn records_keep_the_true_boundaries(m in mixed::mixed(puzzles(), 40)) {
        let opts = ReadOptions::default();
        let got: Vec<_> = records(&m.text, &opts).collect();
        let lines: Vec<usize> = got.iter().map(|r| r.line).collect();
        let want: Vec<usize> = m.records.iter().map(|r| r.0).collect();
        prop_assert_eq!(lines, want);
        for (record, (_, expect)) in got.iter().zip(&m.records) {
            match expect {
                Expect::Puzzle(line) => {
                    let alone = parse_one(line, &opts).unwrap();
                    let grid = record.result.as_ref().unwrap();
                    prop_assert_eq!(grid, &alone);
                    let solution = solve(grid).unwrap();
                    prop_assert!(solution.is_solution_of(&alone));
                    prop_assert_eq!(Some(solution), solve(&alone));
                }
                Expect::Malformed(text) => {
                    let err = record.result.as_ref().unwrap_err().to_string();
                    prop_assert!(err.contains(text), "line {}: {}", record.line, err);
                }
            }
        }
    }
}
