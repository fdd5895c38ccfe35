//! HoDoKu's regression library: every implemented technique must pass all its cases.
//!
//! Reads the file named by `SUDOKIT_REGLIB`, else `../shared/data/hodoku-reglib-1.4.txt`
//! when the shared data is there, else the committed sample
//! `data/hodoku-reglib-sample.txt`. Run with `--nocapture` to see the table (or
//! `cargo run -p sudokit-bench --bin reglib` for the Markdown version).
//!
//! The cases of the full library that do not pass yet are listed in [`NOT_YET`], each
//! with its reason; the test checks that exactly those fail, so the list stays true.

mod common;
mod reglib;

use reglib::{Case, CaseError, Verdict};

/// Cases of the full library known not to pass (or not run: no technique of the
/// catalogue has the code): a code variant (every case of it) or `code@line`, with the
/// reason.
const NOT_YET: &[(&str, &str)] = &[
    (
        "0363",
        "fish of size 5 (Squirmbag) are not in the catalogue: a mutant search of that size takes about a second a state",
    ),
    (
        "0364",
        "fish of size 6 (Whale) are not in the catalogue: a mutant search of that size takes seconds a state",
    ),
    (
        "0709-2@1254",
        "HoDoKu's loop leaves r8c8 by the group (6)r79c7; the walk takes (6)r45c8, as long, and r5c8<>5 is lost",
    ),
    (
        "0903-1@1445",
        "HoDoKu's chain links an ALS to an earlier one; the search goes forward only",
    ),
    (
        "0903-1@1453",
        "HoDoKu's chain is not among those of at most six ALS",
    ),
    (
        "0903-1@1454",
        "HoDoKu's chain links an ALS to an earlier one; the search goes forward only",
    ),
    (
        "0903-1@1455",
        "HoDoKu's chain is not among those of at most six ALS",
    ),
    (
        "0903@1459",
        "HoDoKu's chain is not among those of at most six ALS",
    ),
];

fn known(code: &str, line: usize) -> bool {
    NOT_YET
        .iter()
        .any(|&(k, _)| k == code || k == format!("{code}@{line}"))
}

/// The file named by `SUDOKIT_REGLIB`, else the full library when the shared data is
/// there, else the committed sample: its path and text.
fn library() -> (String, String) {
    if let Some(path) = std::env::var_os("SUDOKIT_REGLIB") {
        let text = std::fs::read_to_string(&path).expect("SUDOKIT_REGLIB names a readable file");
        return (path.to_string_lossy().into_owned(), text);
    }
    let shared = common::shared_path("hodoku-reglib-1.4.txt");
    match std::fs::read_to_string(&shared) {
        Ok(text) => (shared.display().to_string(), text),
        Err(_) => sample(),
    }
}

/// The committed sample: its path and text.
fn sample() -> (String, String) {
    let name = "hodoku-reglib-sample.txt";
    let path = common::data_path(name).display().to_string();
    (path, common::data_text(name))
}

#[test]
fn a_case_line_is_read_and_checked() {
    let line = ":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:::829:";
    let case: Case = line.parse().unwrap();
    assert_eq!(case.placements, vec![(17, 8)]);
    assert_eq!(case.check(), Verdict::Pass);
    // The same state expecting another placement fails.
    let wrong: Case = line.replace(":829:", ":819:").parse().unwrap();
    assert_eq!(wrong.check(), Verdict::Fail);
    assert_eq!(":0003:8".parse::<Case>().unwrap_err(), CaseError::Fields);
}

#[test]
fn every_implemented_technique_passes_all_its_cases() {
    let (path, text) = library();
    check(&path, &text);
}

#[test]
fn the_committed_sample_passes_too() {
    let (path, text) = sample();
    check(&path, &text);
}

fn check(path: &str, text: &str) {
    let full = path.ends_with("hodoku-reglib-1.4.txt");
    let tallies = reglib::run(text).unwrap_or_else(|(line, e)| panic!("{path}:{line}: {e}"));
    let mut failures = Vec::new();
    let (mut pass, mut skipped) = (0, 0);
    println!("{path}");
    for t in &tallies {
        let total = t.pass + t.failed.len() + t.skipped;
        println!(
            "{:8} {:40} {:>3} / {:<3}{}",
            t.code,
            t.technique.map_or("?", |t| t.name()),
            t.pass,
            total,
            if t.skipped > 0 {
                "  (not implemented)"
            } else {
                ""
            }
        );
        pass += t.pass;
        skipped += t.skipped;
        let unexpected: Vec<usize> = t
            .failed
            .iter()
            .copied()
            .filter(|&line| !(full && known(&t.code, line)))
            .collect();
        if !unexpected.is_empty() {
            failures.push(format!("{} fails at lines {unexpected:?}", t.code));
        }
        for &(k, why) in NOT_YET.iter().filter(|_| full) {
            let (code, line) = k.split_once('@').unwrap_or((k, ""));
            if code != t.code {
                continue;
            }
            let still = match line.parse::<usize>() {
                Ok(l) => t.failed.contains(&l),
                Err(_) => !t.failed.is_empty() || t.skipped > 0,
            };
            if still {
                println!("  not yet: {k}: {why}");
            } else {
                failures.push(format!("{k} passes now: take it off NOT_YET"));
            }
        }
    }
    println!("passed {pass}, skipped {skipped}");
    assert!(pass > 0, "no case ran");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
