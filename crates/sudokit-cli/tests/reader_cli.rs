//! `sudokit solve` on mixed files (good puzzles, broken lines, boards too large, lines
//! too long, blank and comment lines, any line ends), on one thread and on two: one
//! output line per puzzle the file holds, each good one's answer that of its line
//! solved alone, each error naming the line its puzzle starts on.

#[path = "../../sudokit/tests/mixed/mod.rs"]
mod mixed;

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use mixed::Expect;
use proptest::prelude::*;
use sudokit::format::read::{parse_one, records};
use sudokit::ReadOptions;

/// The one-line puzzles of the 17-clue sample.
fn puzzles() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/17_clue.txt");
    let text = std::fs::read_to_string(path).unwrap();
    records(&text, &ReadOptions::default())
        .map(|r| r.result.unwrap().to_line())
        .collect()
}

/// Runs `sudokit solve FILE -jN`: standard output and the line numbers that the error
/// messages on standard error name.
fn solve(file: &std::path::Path, threads: &str) -> (String, Vec<usize>) {
    let out = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["solve", "-j", threads])
        .arg(file)
        .output()
        .unwrap();
    let prefix = format!("error: {}: line ", file.display());
    let lines = String::from_utf8(out.stderr)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .map(|l| l[..l.find([':', ',']).unwrap()].parse().unwrap())
        .collect();
    (String::from_utf8(out.stdout).unwrap(), lines)
}

static CASE: AtomicUsize = AtomicUsize::new(0);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn one_answer_per_puzzle_on_one_thread_and_two(m in mixed::mixed(puzzles(), 60)) {
        let case = CASE.fetch_add(1, Ordering::Relaxed);
        let file = std::env::temp_dir()
            .join(format!("sudokit-mixed-{}-{case}.txt", std::process::id()));
        std::fs::write(&file, &m.text).unwrap();
        let one = solve(&file, "1");
        let two = solve(&file, "2");
        std::fs::remove_file(&file).unwrap();
        prop_assert_eq!(&one, &two);
        let (stdout, error_lines) = one;
        let answers: Vec<&str> = stdout.lines().collect();
        prop_assert_eq!(answers.len(), m.records.len());
        let mut malformed = Vec::new();
        for (answer, (line, expect)) in answers.iter().zip(&m.records) {
            match expect {
                Expect::Puzzle(text) => {
                    let alone = parse_one(text, &ReadOptions::default()).unwrap();
                    let solution = sudokit::solve(&alone).unwrap();
                    prop_assert!(solution.is_solution_of(&alone));
                    prop_assert_eq!(*answer, solution.to_line());
                }
                Expect::Malformed(_) => {
                    prop_assert_eq!(*answer, "error: malformed");
                    malformed.push(*line);
                }
            }
        }
        prop_assert_eq!(error_lines, malformed);
    }
}
