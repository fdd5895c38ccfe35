//! `hint`, `explain` and `rate` end to end: text and JSON output, pencilmark input,
//! technique selection, exit codes.

mod common;
#[path = "../../sudokit/tests/reglib/mod.rs"]
mod reglib;

use common::{sudokit, text};
use reglib::Case;

use sudokit::format::pencilmark;
use sudokit::logic::{find, FindOptions, Step, TechniqueSet};

const HARD1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const X_WING_CASE: &str = ":0300:3:9.....+5+6+1..+6.+1.7+937+1..962486...2+147+9........5....4...642..+586+1+75.71.+2..+4..1....+52::313 314 343 344 353 354 363 364 394::";

#[test]
fn hint_in_text_and_json() {
    // HoDoKu's path by default: HoDoKu 2.2.0 itself starts hard1 with r8c6=1.
    let out = sudokit(&["hint", HARD1], "");
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "Hidden Single: r8c6=1 (the only place for 1 in box 8)\n"
    );
    let out = sudokit(&["hint", "--json", "-"], HARD1);
    let step: Step = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(step.placements, vec![(68, 1)]);
    // By rating, the first hidden single in a box in unit order.
    let out = sudokit(&["hint", "--order", "rating", HARD1], "");
    assert_eq!(
        text(&out.stdout),
        "Hidden Single: r6c2=4 (the only place for 4 in box 4)\n"
    );
}

#[test]
fn a_graded_hint_tells_the_technique_then_the_cells_then_the_step() {
    // The X-Wing case's puzzle, where X-Wing is the only technique allowed.
    let puzzle =
        "9.....561..6.1.79371..962486...21479........5....4...642..586175.71.2..4..1....52";
    let hint = |extra: &[&str]| {
        let mut args = vec!["hint", "--techniques", "x-wing"];
        args.extend(extra);
        args.push(puzzle);
        let out = sudokit(&args, "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    assert_eq!(hint(&["--level", "technique"]), "Next: X-Wing\n");
    assert_eq!(
        hint(&["--level", "cells"]),
        "Next: X-Wing, with r3c3, r3c4, r7c3, r7c4\n"
    );
    let step = hint(&[]);
    assert!(
        step.starts_with("X-Wing on 3 in rows 3 and 7, columns 3 and 4"),
        "{step}"
    );
    assert_eq!(hint(&["--level", "step"]), step);
    let json: serde_json::Value =
        serde_json::from_str(&hint(&["--level", "cells", "--json"])).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"technique": "x-wing", "name": "X-Wing", "cells": [20, 21, 56, 57]})
    );
    let out = sudokit(&["hint", "--level", "all", puzzle], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("use technique, cells or step"));
}

#[test]
fn hint_one_technique_on_a_pencilmark_grid() {
    let case: Case = X_WING_CASE.parse().unwrap();
    let grid = pencilmark::write(&case.state);
    let out = sudokit(&["hint", "--technique", "x-wing", "--json", "-"], &grid);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let steps: Vec<Step> = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(steps.len(), 1);
    let mut e = steps[0].eliminations.clone();
    e.sort_unstable();
    assert_eq!(e, case.eliminations);
    // The same state as a Sukaku line, and a technique with nothing to find there.
    let line = pencilmark::write_sukaku(&case.state);
    let none = TechniqueSet::implemented()
        .iter()
        .find(|&t| find(t, &case.state, &FindOptions::default()).is_empty())
        .unwrap();
    let out = sudokit(&["hint", "--technique", none.id(), &line], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains(&format!("no {} here", none.name())));
}

#[test]
fn explain_every_step_and_the_summary() {
    let out = sudokit(&["explain", "--grid", HARD1, "--techniques", "singles"], "");
    assert_eq!(
        out.status.code(),
        Some(1),
        "singles alone get stuck on hard1"
    );
    let t = text(&out.stdout);
    assert!(t.contains("  1. Hidden Single: r8c6=1"), "{t}");
    assert!(t.contains("Stuck after"), "{t}");
    let out = sudokit(&["explain", "--json", "data/examples.txt"], "");
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[0]["outcome"], "solved");
    let steps: Vec<Step> = serde_json::from_value(lines[0]["steps"].clone()).unwrap();
    assert_eq!(steps.len(), 49);
    let result: sudokit::Grid = lines[0]["result"].as_str().unwrap().parse().unwrap();
    let puzzle: sudokit::Grid = lines[0]["puzzle"].as_str().unwrap().parse().unwrap();
    assert!(result.is_solution_of(&puzzle));
}

#[test]
fn rate_lines_in_order() {
    let out = sudokit(
        &[
            "rate",
            "--se",
            "--threads",
            "2",
            "--time-limit",
            "2",
            "data/examples.txt",
        ],
        "",
    );
    let t = text(&out.stdout);
    let rows: Vec<Vec<&str>> = t.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), 6, "{t}");
    // HoDoKu's path starts with naked singles (HoDoKu 2.2.0: r5c6=4, then r9c4=4).
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    assert_eq!(
        rows[0],
        vec![
            easy,
            "2.3/2.3/2.3",
            "easy",
            "naked-single",
            "49",
            "solved",
            "1.2/1.2/1.2"
        ]
    );
    let out = sudokit(&["rate", "--se", "--order", "rating", "-"], easy);
    assert_eq!(
        text(&out.stdout).trim_end().split('\t').collect::<Vec<_>>(),
        vec![
            easy,
            "1.2/1.2/1.2",
            "easy",
            "hidden-single",
            "49",
            "solved",
            "1.2/1.2/1.2"
        ]
    );
    // Inkala's puzzle needs forcing nets: extreme, finished by logic, never guessed.
    assert_eq!(rows[2][2], "extreme");
    assert!(rows[2][3].contains("forcing"), "{t}");
    assert_eq!(rows[2][5], "solved");
    // The 16×16 puzzle rates too, but has no Sudoku Explainer rating.
    assert_eq!(rows[5].len(), 7);
    assert_eq!(rows[5][6], "-");
}

/// Sudoku Explainer's ratings, in `rate`'s last column and `explain --scale se`, are
/// `serate`'s (`data/serate-sample.txt`).
#[test]
fn se_ratings_are_serates() {
    let sample = std::fs::read_to_string("../../data/serate-sample.txt").unwrap();
    let cases: Vec<(&str, &str)> = sample
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .collect();
    let input: String = cases.iter().map(|(p, _)| format!("{p}\n")).collect();
    let out = sudokit(&["rate", "--se", "--json"], &input);
    assert_eq!(out.status.code(), Some(0));
    let t = text(&out.stdout);
    for (line, (puzzle, expected)) in t.lines().zip(&cases) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["puzzle"], *puzzle);
        let se = &v["se"];
        let got = format!(
            "{:.1}/{:.1}/{:.1}",
            se["er"].as_f64().unwrap(),
            se["ep"].as_f64().unwrap(),
            se["ed"].as_f64().unwrap()
        );
        assert_eq!(&got, expected);
    }
    let (puzzle, expected) = cases[12];
    let out = sudokit(&["explain", "--scale", "se", puzzle], "");
    assert_eq!(out.status.code(), Some(0));
    let t = text(&out.stdout);
    let mut r = expected.split('/');
    let summary = format!(
        "ER {} EP {} ED {} (Sudoku Explainer)",
        r.next().unwrap(),
        r.next().unwrap(),
        r.next().unwrap()
    );
    assert!(t.lines().last().unwrap().ends_with(&summary), "{t}");
    assert!(t.lines().nth(1).unwrap().starts_with("  1. "), "{t}");
}

#[test]
fn rate_reports_puzzles_it_cannot_rate() {
    let input = format!("{HARD1}\n{}\n12345\n", ".".repeat(81));
    let out = sudokit(&["rate", "--stats"], &input);
    assert_eq!(out.status.code(), Some(1));
    let t = text(&out.stdout);
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines[1], "error: multiple solutions");
    assert_eq!(lines[2], "error: malformed");
    assert!(text(&out.stderr).contains("rated 1: logic finished"));
}

#[test]
fn bad_technique_names_are_usage_errors() {
    let out = sudokit(&["rate", "--techniques", "x-ring", "data/examples.txt"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown technique \"x-ring\""));
    let out = sudokit(&["hint", "--technique", "wxyz-wing", HARD1], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not implemented yet"));
}
