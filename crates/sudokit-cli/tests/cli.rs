//! The `sudokit` command end to end: formats in and out, mixed batches of good and bad
//! puzzles, messages and exit codes.

mod common;

use common::{sudokit, text};

const HARD1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn check_solution(puzzle: &str, solution: &str) {
    let p: sudokit::Grid = puzzle.parse().unwrap();
    let s: sudokit::Grid = solution.parse().unwrap();
    assert!(s.is_solution_of(&p), "{solution} does not solve {puzzle}");
}

#[test]
fn solves_the_shipped_examples() {
    let out = sudokit(&["solve", "data/examples.txt", "--threads", "2"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let puzzles: Vec<String> = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/examples.txt"
    ))
    .unwrap()
    .lines()
    .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    .map(str::to_string)
    .collect();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), puzzles.len());
    for (p, s) in puzzles.iter().zip(&lines) {
        check_solution(p, s);
    }
}

#[test]
fn mixed_batch_keeps_one_line_per_puzzle() {
    let bad_char = HARD1.replacen('.', "x", 1);
    let conflict = format!("44{}", &HARD1[2..]);
    let unsolvable = format!(".12345678{}{}", "9........", ".".repeat(63));
    let input = format!(
        "# a mixed batch\n{HARD1}\n{bad_char}\n{}\n{conflict}\n{unsolvable}\n{HARD1}\n",
        &HARD1[..80]
    );
    let out = sudokit(&["solve", "--threads", "2", "--stats"], &input);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{stdout}");
    check_solution(HARD1, lines[0]);
    assert_eq!(lines[1], "error: malformed");
    assert_eq!(lines[2], "error: malformed");
    assert_eq!(lines[3], "error: invalid");
    assert_eq!(lines[4], "error: no solution");
    check_solution(HARD1, lines[5]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error: -: line 3, column 2: unexpected character 'x'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: -: line 4: 80 cells is not a puzzle"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "error: -: line 5: invalid puzzle: digit 4 appears twice in row 1: r1c1 and r1c2"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("error: -: line 6: no solution"), "{stderr}");
    assert!(
        stderr.contains("puzzles 6, solved 2, unsolvable 1, invalid 1, malformed 2, multiple 0"),
        "{stderr}"
    );
}

#[test]
fn unique_flags_multiple_solutions() {
    let input = "1...2...3...4...\n";
    let plain = sudokit(&["solve"], input);
    assert!(plain.status.success());
    let out = sudokit(&["solve", "--unique"], input);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "error: multiple solutions");
    assert!(text(&out.stderr).contains("line 1: more than one solution"));
}

#[test]
fn counts_with_limits() {
    let empty4 = "................\n";
    let out = sudokit(&["count"], empty4);
    assert_eq!(text(&out.stdout), "288\n");
    assert!(out.status.success());
    let out = sudokit(&["count", "--limit", "10"], &format!("{empty4}{HARD1}\n"));
    assert_eq!(text(&out.stdout), "10+\n1\n");
    let none = format!(".12345678{}{}\n", "9........", ".".repeat(63));
    let out = sudokit(&["count"], &none);
    assert_eq!(text(&out.stdout), "0\n");
    assert!(
        out.status.success(),
        "a count of 0 is an answer, not a failure"
    );
}

#[test]
fn output_formats_and_block_input() {
    let out = sudokit(&["solve", "--format", "pretty"], &format!("{HARD1}\n"));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 12);
    assert_eq!(lines[3], "------+-------+------");
    assert_eq!(lines[11], "");
    // The pretty output reads back as input.
    let again = sudokit(&["solve"], &stdout);
    assert_eq!(text(&again.stdout).trim().len(), 81);
    let block = sudokit(&["solve", "--format", "block"], &format!("{HARD1}\n"));
    let b = text(&block.stdout);
    assert_eq!(b.lines().count(), 10);
    let r_style: String = HARD1
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&c| {
                    if c == b'.' {
                        "0".into()
                    } else {
                        (c as char).to_string()
                    }
                })
                .collect();
            cells.join(" ") + "\n"
        })
        .collect();
    let out = sudokit(&["solve"], &r_style);
    check_solution(HARD1, text(&out.stdout).trim());
}

#[test]
fn sixteen_by_sixteen_in_numbers() {
    let examples = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/examples.txt"
    ))
    .unwrap();
    let line = examples.lines().find(|l| l.len() == 256).unwrap();
    let out = sudokit(&["solve", "--format", "block"], &format!("{line}\n"));
    let block = text(&out.stdout);
    let back = sudokit(&["solve", "--size", "16"], &block);
    assert!(back.status.success(), "{}", text(&back.stderr));
    check_solution(line, text(&back.stdout).trim());
}

#[test]
fn unreadable_file_and_bad_engine() {
    let out = sudokit(&["solve", "no/such/file.txt", "data/examples.txt"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot read no/such/file.txt"));
    assert!(!text(&out.stderr).contains("note:"));
    assert_eq!(text(&out.stdout).lines().count(), 6);
    // A puzzle given where a file name goes: the message says so.
    let puzzle =
        ".....................................................99.....4.3..........34...9..";
    let out = sudokit(&["solve", puzzle], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("note: that is a puzzle, not a file name"));
    let out = sudokit(&["solve", "--engine", "nope"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown engine `nope`"));
}

#[test]
fn version_and_help() {
    let out = sudokit(&["--version"], "");
    assert!(text(&out.stdout).starts_with("sudokit "));
    for sub in ["solve", "count", "bench"] {
        let out = sudokit(&[sub, "--help"], "");
        assert!(out.status.success());
        assert!(text(&out.stdout).contains("Examples:"), "{sub}");
    }
}

#[test]
fn bench_reports_json() {
    let out = sudokit(
        &[
            "bench",
            "data/examples.txt",
            "--repeat",
            "1",
            "--json",
            "--engine",
            "generic",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let row = &rows[0];
    assert_eq!(row["engine"], "generic");
    assert_eq!(row["puzzles"], 6);
    assert_eq!(row["modes"][0]["wrong"], 0);
    assert_eq!(row["modes"][1]["finished"], 6);
}

#[test]
fn bench_needs_files_and_names_a_missing_one() {
    let out = sudokit(&["bench"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("<FILE>"),
        "{}",
        text(&out.stderr)
    );
    let out = sudokit(
        &[
            "bench",
            "data/no-such-file.txt",
            "data/examples.txt",
            "--repeat",
            "1",
            "--json",
            "--engine",
            "generic",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("error: cannot read data/no-such-file.txt: "),
        "{}",
        text(&out.stderr)
    );
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows.as_array().map(Vec::len), Some(1));
    assert_eq!(rows[0]["file"], "data/examples.txt");
    assert_eq!(rows[0]["modes"][0]["wrong"], 0);
}

#[test]
fn classic_engines_by_name() {
    for engine in ["norvig", "backtrack", "dlx", "bfs", "best-first"] {
        let out = sudokit(&["solve", "--engine", engine], &format!("{HARD1}\n"));
        assert!(out.status.success(), "{engine}: {}", text(&out.stderr));
        check_solution(HARD1, text(&out.stdout).trim());
        let out = sudokit(
            &["count", "--engine", engine, "--limit", "300"],
            "................\n",
        );
        assert_eq!(text(&out.stdout), "288\n", "{engine}");
    }
}

/// A batch of several chunks, with failures spread through it, written in input order
/// whether one thread does everything or the writing overlaps with solving.
#[test]
fn chunked_batches_keep_input_order() {
    let conflict = format!("44{}", &HARD1[2..]);
    let mut input = String::new();
    // The same puzzle with its digits relabelled: a different answer on every line.
    let text_of = |n: usize| {
        HARD1
            .chars()
            .map(|c| match c.to_digit(10) {
                Some(d) => char::from_digit((d - 1 + n as u32) % 9 + 1, 10).unwrap(),
                None => c,
            })
            .collect::<String>()
    };
    for i in 0..1200 {
        if i % 97 == 0 {
            input.push_str(&conflict);
        } else {
            input.push_str(&text_of(i));
        }
        input.push('\n');
    }
    let one = sudokit(&["solve", "--threads", "1"], &input);
    let two = sudokit(&["solve", "--threads", "2"], &input);
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(two.status.code(), Some(1));
    assert_eq!(text(&one.stdout), text(&two.stdout));
    let stdout = text(&two.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1200);
    for (i, line) in lines.iter().enumerate() {
        if i % 97 == 0 {
            assert_eq!(*line, "error: invalid");
        } else {
            check_solution(&text_of(i), line);
        }
    }
}

/// A long input (read as the batch goes, in chunks that grow) with malformed lines and
/// blocks among the puzzles: the same output and the same messages, with the same
/// line numbers, on one thread and on two.
#[test]
fn long_inputs_read_in_parts_keep_lines() {
    let mut input = String::new();
    for i in 0..3000 {
        match i % 500 {
            17 => input.push_str("garbage\n"),
            230 => input.push_str("1 2 3 4 5 6 7 8 9\n"),
            _ => {
                input.push_str(HARD1);
                input.push('\n');
            }
        }
    }
    let one = sudokit(&["solve", "--threads", "1"], &input);
    let two = sudokit(&["solve", "--threads", "2"], &input);
    assert_eq!(two.status.code(), Some(1));
    assert_eq!(text(&one.stdout), text(&two.stdout));
    assert_eq!(text(&one.stderr), text(&two.stderr));
    let errors = text(&two.stderr);
    assert!(errors.contains("line 2518:"), "{errors}");
    assert!(errors.contains("line 2731:"), "{errors}");
    assert_eq!(text(&two.stdout).lines().count(), 3000);
}

/// Several files in one batch, one of them unreadable: the answers of each file follow
/// those of the one before, as when each is solved alone, and the messages name each
/// file and line.
#[test]
fn several_files_keep_their_order() {
    let alone = sudokit(&["solve", "data/examples.txt"], "");
    let dir = std::env::temp_dir().join(format!("sudokit-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, format!("{HARD1}\nnot a puzzle\n")).unwrap();
    let bad = bad.to_str().unwrap();
    for threads in ["1", "2"] {
        let out = sudokit(
            &[
                "solve",
                "--threads",
                threads,
                "data/examples.txt",
                "missing.txt",
                bad,
                "data/examples.txt",
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(1));
        let stdout = text(&out.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        let first = text(&alone.stdout);
        let first: Vec<&str> = first.lines().collect();
        let n = first.len();
        assert_eq!(lines.len(), 2 * n + 2, "{threads} threads");
        assert_eq!(&lines[..n], &first[..]);
        check_solution(HARD1, lines[n]);
        assert_eq!(lines[n + 1], "error: malformed");
        assert_eq!(&lines[n + 2..], &first[..]);
        let errors = text(&out.stderr);
        assert!(errors.contains("cannot read missing.txt"), "{errors}");
        assert!(errors.contains(&format!("{bad}: line 2")), "{errors}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A time limit of zero gives up at the first check of every search: each puzzle gets
/// the marker `error: gave up`, with its file, line and what to do on standard error;
/// the puzzles after it are answered as usual and the exit code is 1. A generous limit
/// changes nothing; a bad duration is refused.
#[test]
fn time_limit_gives_up_on_a_puzzle_and_the_batch_goes_on() {
    let input = format!("{HARD1}\nnot a puzzle\n{HARD1}\n");
    for cmd in ["solve", "count"] {
        let out = sudokit(&[cmd, "--time-limit", "0"], &input);
        assert_eq!(out.status.code(), Some(1), "{cmd}");
        let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
        assert_eq!(
            lines,
            ["error: gave up", "error: malformed", "error: gave up"]
        );
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains(": line 3: engine `fast` gave up"),
            "{stderr}"
        );
        assert!(stderr.contains("raise --time-limit"), "{stderr}");
    }
    let out = sudokit(&["solve", "--time-limit", "10m"], &format!("{HARD1}\n"));
    assert_eq!(out.status.code(), Some(0));
    check_solution(HARD1, text(&out.stdout).trim());
    let out = sudokit(
        &["generate", "--size", "4", "-n", "2", "--time-limit", "0"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "error: gave up\nerror: gave up\n");
    assert!(text(&out.stderr).contains("puzzle 2: engine `generic` gave up"));
    // `rate` gives up in the logic, or in the count of the solutions when logic cannot
    // finish (an empty board).
    let empty = ".".repeat(81);
    let out = sudokit(
        &["rate", "--time-limit", "0"],
        &format!("{empty}\n{HARD1}\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "error: gave up\nerror: gave up\n");
    let out = sudokit(&["count", "--time-limit", "soon"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("is not a duration"));
}
