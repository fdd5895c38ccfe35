//! `bigboards-compare --write FILE`: the puzzles it would run, written for other
//! solvers, read back by sudokit's reader as the same puzzles.

use std::path::PathBuf;
use std::process::Command;

use sudokit::format::read::records;
use sudokit::ReadOptions;

#[test]
fn writes_the_puzzles_it_would_run_in_order() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bigboards-write");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("puzzles.txt");
    let out = Command::new(env!("CARGO_BIN_EXE_bigboards-compare"))
        .args([
            "--sizes", "9,16", "--count", "3", "--clues", "0.6", "--write",
        ])
        .arg(&file)
        .output()
        .expect("bigboards-compare runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let read: Vec<_> = records(&text, &ReadOptions::default())
        .map(|r| r.result.expect("every written puzzle reads back"))
        .collect();
    let made: Vec<_> = [9, 16]
        .iter()
        .flat_map(|&n| (0..3).map(move |i| sudokit_bench::boards::puzzle(n, 0.6, 1, i).unwrap()))
        .collect();
    assert_eq!(read, made);
}

#[test]
fn an_unwritable_file_is_an_error_naming_it() {
    let out = Command::new(env!("CARGO_BIN_EXE_bigboards-compare"))
        .args(["--sizes", "9", "--write", "/nonexistent-dir/puzzles.txt"])
        .output()
        .expect("bigboards-compare runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/nonexistent-dir/puzzles.txt"), "{err}");
}
