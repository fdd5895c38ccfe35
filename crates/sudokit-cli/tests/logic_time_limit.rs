//! `--time-limit` on `hint`, `explain` and `rate`: a puzzle not done in time gets the
//! marker `error: gave up` (whether counting its solutions or the logic ran out), the
//! batch goes on, and a limit that does not run out changes nothing.

mod common;

use common::{sudokit, text};
use sudokit::format::pencilmark;
use sudokit::{Candidates, Grid};

const HARD1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// HARD1's starting candidates as a Sukaku line: its one-solution check is no search,
/// so a limit of zero runs out in the logic.
fn sukaku() -> String {
    let g: Grid = HARD1.parse().unwrap();
    pencilmark::write_sukaku(&Candidates::from_grid(&g))
}

#[test]
fn a_zero_limit_gives_up_on_each_puzzle_and_the_batch_goes_on() {
    let input = format!("{HARD1}\nnot a puzzle\n{}\n", sukaku());
    for cmd in ["hint", "explain", "rate"] {
        let file = if cmd == "rate" { vec![] } else { vec!["-"] };
        for threads in ["1", "2"] {
            let mut args = vec![cmd, "--time-limit", "0"];
            if cmd == "rate" {
                args.extend(["--threads", threads]);
            }
            args.extend(&file);
            let out = sudokit(&args, &input);
            let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
            assert_eq!(out.status.code(), Some(1), "{cmd}: {stderr}");
            let records: Vec<&str> = stdout.lines().filter(|l| !l.is_empty()).collect();
            assert_eq!(
                records,
                ["error: gave up", "error: malformed", "error: gave up"],
                "{cmd}"
            );
            // The puzzle gave up in its count or its logic; the Sukaku line's check is
            // no search, so its logic gave up.
            let messages: Vec<&str> = stderr.lines().collect();
            assert_eq!(messages.len(), 3, "{stderr}");
            assert!(messages[0].starts_with("error: -: line 1: "), "{stderr}");
            assert!(
                messages[2].starts_with("error: -: line 3: logic gave up after 0 rounds"),
                "{stderr}"
            );
            for m in [messages[0], messages[2]] {
                assert!(m.contains("gave up after"), "{stderr}");
                assert!(m.ends_with("(raise --time-limit)"), "{stderr}");
            }
        }
    }
}

/// `hint --technique` looks for every step of one technique within the limit too.
#[test]
fn one_technique_gives_up_too() {
    let out = sudokit(
        &["hint", "--technique", "aic", "--time-limit", "0", &sukaku()],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "error: gave up\n");
    assert!(text(&out.stderr).contains("logic gave up"));
    let out = sudokit(
        &[
            "hint",
            "--technique",
            "aic",
            "--time-limit",
            "1h",
            &sukaku(),
        ],
        "",
    );
    let plain = sudokit(&["hint", "--technique", "aic", &sukaku()], "");
    assert_eq!(out.stdout, plain.stdout);
    assert_eq!(out.status.code(), plain.status.code());
}

#[test]
fn a_limit_that_does_not_run_out_changes_nothing() {
    let runs: [&[&str]; 6] = [
        &["hint", "data/examples.txt"],
        &[
            "hint",
            "--json",
            "--technique",
            "x-wing",
            "data/top1465.txt",
        ],
        &["explain", "--json", "data/examples.txt"],
        &["explain", "--grid", "data/serg_multi.txt"],
        &["rate", "data/top1465.txt"],
        &["rate", "--json", "data/examples.txt"],
    ];
    for args in runs {
        let plain = sudokit(args, "");
        let mut limited_args = args.to_vec();
        limited_args.extend(["--time-limit", "1h"]);
        let limited = sudokit(&limited_args, "");
        assert!(!plain.stdout.is_empty(), "{args:?}");
        assert_eq!(
            (limited.status.code(), text(&limited.stdout)),
            (plain.status.code(), text(&plain.stdout)),
            "{args:?}"
        );
    }
}

/// Runs `sudokit ARGS` on a terminal (util-linux's `script` gives it one) and returns
/// what the terminal showed.
fn on_a_terminal(args: &str) -> String {
    let bin = env!("CARGO_BIN_EXE_sudokit");
    let out = std::process::Command::new("script")
        .args(["-qec", &format!("{bin} {args}"), "/dev/null"])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("util-linux's `script` (Debian package bsdutils) runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn slow_jobs_show_their_progress_on_a_terminal_from_two_lines() {
    let dir = std::env::temp_dir().join(format!("sudokit-progress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("three.txt");
    std::fs::write(&file, format!("{HARD1}\n{HARD1}\n{HARD1}\n")).unwrap();
    let path = file.to_str().unwrap();
    for cmd in ["rate -j1", "rate -j2", "explain"] {
        let shown = on_a_terminal(&format!("{cmd} {path}"));
        assert!(shown.contains("/3 lines"), "{cmd}: {shown}");
    }
    // A fast job shows none for a short batch, nor does a slow one off a terminal.
    assert!(!on_a_terminal(&format!("solve {path}")).contains(" lines"));
    let out = sudokit(&["rate", path], "");
    assert!(!text(&out.stderr).contains(" lines"));
    std::fs::remove_dir_all(&dir).unwrap();
}
