//! `compare-all` on a tiny sample: it runs to the end, every table is there and every
//! answer was verified (a failed check ends it with an error). No timing is asserted.

use std::path::PathBuf;
use std::process::Command;

fn compare_all(extra: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_compare-all"))
        .args(["--sample", "8", "--reps", "1"])
        .args(extra)
        .output()
        .expect("compare-all runs")
}

#[test]
fn prints_every_table_on_a_small_sample() {
    let out = compare_all(&[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for want in [
        "## Engines",
        "## Logic",
        "crate's technique set",
        "the full rater",
        "## Generation",
        "minimal 9×9, no symmetry",
        "minimal 9×9, rotate-180",
        "canonical form",
    ] {
        assert!(text.contains(want), "{want} missing from:\n{text}");
    }
    let files = sudokit_bench::default_files();
    assert!(!files.is_empty());
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let row = format!("| {name} | 8 |");
        assert!(text.contains(&row), "no engine row for {name}:\n{text}");
    }
}

/// A stand-in for tdoku's example program that answers every puzzle with the puzzle
/// itself as its solution: the run must stop with an error, not print its rate.
#[test]
fn a_peer_with_wrong_solutions_is_caught() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("compare-all-wrong-peer");
    std::fs::create_dir_all(&dir).unwrap();
    let fake = dir.join("solve");
    std::fs::write(
        &fake,
        "#!/bin/sh\nwhile read -r p; do echo \"$p:1:$p\"; done\n",
    )
    .unwrap();
    let status = Command::new("chmod").arg("+x").arg(&fake).status().unwrap();
    assert!(status.success());
    let out = compare_all(&["--tdoku", fake.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "accepted a wrong peer");
    assert!(err.contains("wrong solution"), "{err}");
}
