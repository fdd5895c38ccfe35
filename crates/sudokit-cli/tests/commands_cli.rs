//! Every command's contract at its edges: puzzles without exactly one solution, one
//! record per puzzle with failure markers, input forms decided per record, unreadable
//! files, closed pipes and full disks, thread counts, exit codes.

mod common;

use std::io::Write;
use std::process::Stdio;

use common::{spawn, sudokit, text};
use sudokit::format::pencilmark;
use sudokit::Grid;

const HARD1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// The first puzzle of the multiple-solution sample.
fn multi() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/serg_multi.txt"
    ))
    .unwrap()
    .lines()
    .find(|l| !l.starts_with('#'))
    .unwrap()
    .to_string()
}

/// A valid puzzle with no solution: r1c1 can hold nothing.
fn unsolvable() -> String {
    format!(".12345678{}{}", "9........", ".".repeat(63))
}

/// A puzzle with a digit twice in row 1.
fn invalid() -> String {
    format!("44{}", &HARD1[2..])
}

#[test]
fn hint_explain_and_rate_refuse_puzzles_without_one_solution() {
    assert!(sudokit::count(&multi().parse::<Grid>().unwrap(), 2) == 2);
    let input = format!(
        "{EASY}\n{}\n{}\n{}\n{EASY}\n",
        multi(),
        unsolvable(),
        invalid()
    );
    for command in ["hint", "explain", "rate"] {
        let out = sudokit(&[command, "-"], &input);
        assert_eq!(out.status.code(), Some(1), "{command}");
        let stdout = text(&out.stdout);
        let markers: Vec<&str> = stdout.lines().filter(|l| l.starts_with("error:")).collect();
        assert_eq!(
            markers,
            [
                "error: multiple solutions",
                "error: no solution",
                "error: invalid"
            ],
            "{command}: {stdout}"
        );
        assert!(!stdout.contains("Contradiction"), "{command}: {stdout}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("error: -: line 2: more than one solution"),
            "{command}: {stderr}"
        );
        assert!(
            stderr.contains("error: -: line 3: no solution"),
            "{command}: {stderr}"
        );
        assert!(
            stderr.contains("error: -: line 4: invalid puzzle: digit 4 appears twice in row 1"),
            "{command}: {stderr}"
        );
    }
}

#[test]
fn hint_and_explain_go_on_after_a_bad_puzzle() {
    let input = format!("{EASY}\n12345\n{HARD1}\n");
    let out = sudokit(&["hint", "-"], &input);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    // HoDoKu's first steps (HoDoKu 2.2.0 gives the same).
    assert!(lines[0].starts_with("Naked Single: r5c6=4"), "{stdout}");
    assert_eq!(lines[1], "error: malformed");
    assert!(lines[2].starts_with("Hidden Single: r8c6=1"), "{stdout}");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error: -: line 2: 5 cells is not a puzzle"),
        "{stderr}"
    );
    assert!(!stderr.contains(":2: line 2"), "{stderr}");

    let out = sudokit(&["explain", "--json", "-"], &input);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[1], "error: malformed");
    for (line, puzzle) in [(lines[0], EASY), (lines[2], HARD1)] {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["puzzle"], puzzle);
    }
    let first: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    let result: Grid = first["result"].as_str().unwrap().parse().unwrap();
    assert!(result.is_solution_of(&EASY.parse().unwrap()));
}

#[test]
fn input_forms_are_decided_per_record() {
    // A trailing comment with numbers, and a second puzzle.
    let input = format!("{EASY} # rated 12 34\n{HARD1}\n");
    for command in ["hint", "explain", "rate"] {
        let out = sudokit(&[command, "-"], &input);
        assert!(out.status.success(), "{command}: {}", text(&out.stderr));
    }
    // A 12×12 board in numbers.
    let twelve: Grid =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/12x12.txt"))
            .unwrap()
            .lines()
            .find(|l| !l.starts_with('#'))
            .unwrap()
            .parse()
            .unwrap();
    let numbers: String = twelve
        .cells()
        .chunks(12)
        .map(|row| {
            row.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let out = sudokit(&["hint", "-"], &numbers);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // A pencilmark grid of the easy puzzle, and its Sukaku line among puzzles.
    let easy: Grid = EASY.parse().unwrap();
    let candidates = sudokit::Candidates::from_grid(&easy);
    let grid = pencilmark::write(&candidates);
    let out = sudokit(&["rate", "-"], &grid);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("solved"),
        "{}",
        text(&out.stdout)
    );
    let sukaku = pencilmark::write_sukaku(&candidates);
    assert_eq!(sukaku.len(), 729);
    for command in ["hint", "rate"] {
        let out = sudokit(&[command, "-"], &format!("{HARD1}\n{sukaku}\n"));
        assert!(out.status.success(), "{command}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout).lines().count(), 2, "{command}");
    }
    // The pencilmark grid as a whole gives the same hint as its puzzle.
    let by_grid = sudokit(&["hint", "-"], &grid);
    let by_puzzle = sudokit(&["hint", EASY], "");
    assert_eq!(text(&by_grid.stdout), text(&by_puzzle.stdout));
}

#[test]
fn missing_files_and_folders_are_read_errors() {
    for command in ["hint", "explain", "rate", "solve", "count", "canon"] {
        for path in ["no-such-file.txt", "data"] {
            let out = sudokit(&[command, path], "");
            assert_eq!(out.status.code(), Some(1), "{command} {path}");
            let stderr = text(&out.stderr);
            assert!(
                stderr.contains(&format!("cannot read {path}: ")),
                "{command} {path}: {stderr}"
            );
            assert!(!stderr.contains("block starting here"), "{stderr}");
        }
    }
    let out = sudokit(
        &["bench", "--repeat", "1", "no-such-file.txt", "data/4x4.txt"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot read no-such-file.txt"));
    assert!(
        text(&out.stdout).contains("4x4.txt"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn bench_counts_unsolvable_puzzles_answered_as_such_as_right() {
    let dir = std::env::temp_dir().join(format!("sudokit-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mixed.txt");
    std::fs::write(&file, format!("{HARD1}\n{}\n{EASY}\n", unsolvable())).unwrap();
    let out = sudokit(
        &[
            "bench",
            "--repeat",
            "1",
            "--engine",
            "all",
            file.to_str().unwrap(),
        ],
        "",
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        !text(&out.stdout).contains("WRONG"),
        "{}",
        text(&out.stdout)
    );
}

/// Enough input for every command to write more than a pipe holds.
fn many_puzzles() -> String {
    format!("{EASY}\n{HARD1}\n").repeat(600)
}

/// The argument lists of every command, reading standard input where they read.
fn every_command() -> Vec<Vec<&'static str>> {
    vec![
        vec!["solve", "-"],
        vec!["count", "-"],
        vec!["canon", "-"],
        vec!["rate", "-"],
        vec!["hint", "-"],
        vec!["explain", "-"],
        vec!["generate", "-n", "300", "--seed", "1", "--size", "4"],
        vec!["bench", "--repeat", "1", "data/4x4.txt"],
    ]
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let input = many_puzzles();
    for args in every_command() {
        let mut child = spawn(&args, Stdio::piped());
        drop(child.stdout.take());
        let mut stdin = child.stdin.take().unwrap();
        // The command may stop reading once it cannot write.
        let _ = stdin.write_all(input.as_bytes());
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        let stderr = text(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_full_disk_is_a_clear_error_with_its_own_code() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let input = many_puzzles();
    for args in every_command() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let mut child = spawn(&args, Stdio::from(full));
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(input.as_bytes());
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {stderr}");
        assert!(
            stderr.contains("cannot write output: No space left on device"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_huge_thread_count_is_capped() {
    let out = sudokit(&["solve", "--threads", "1000000", "-"], HARD1);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let solution: Grid = text(&out.stdout).trim().parse().unwrap();
    assert!(solution.is_solution_of(&HARD1.parse().unwrap()));
}

#[test]
fn usage_errors_alone_exit_with_two() {
    let out = sudokit(&["solve", "--no-such-option"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = sudokit(&["hint", "-"], "12345\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "error: malformed\n");
}

#[test]
fn rate_names_the_line_of_an_invalid_puzzle() {
    let out = sudokit(&["rate", "-"], &format!("{EASY}\n{}\n", invalid()));
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error: -: line 2: invalid puzzle: digit 4"),
        "{stderr}"
    );
}

#[test]
fn a_big_board_solved_by_singles_is_easy() {
    let out = sudokit(&["rate", "--se", "data/25x25.txt"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let row: Vec<&str> = stdout.lines().next().unwrap().split('\t').collect();
    assert_eq!(row[5], "solved");
    // Sudoku Explainer's ratings are for 9×9 only.
    assert_eq!(row.last(), Some(&"-"));
    assert!(
        row[3].ends_with("single") || row[3] == "full-house",
        "{stdout}"
    );
    assert_eq!(row[2], "easy", "{stdout}");
}

#[test]
fn canon_tells_invalid_puzzles_from_unsupported_boards() {
    let input = format!("{}\n1...2...3...4...\n12\n{EASY}\n", invalid());
    let out = sudokit(&["canon", "-"], &input);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[..3],
        ["error: invalid", "error: unsupported", "error: malformed"],
        "{stdout}"
    );
    assert_eq!(lines.len(), 4, "{stdout}");
}
