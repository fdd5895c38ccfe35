//! Helpers for the tests of the pattern families (single-digit patterns, wings,
//! coloring, uniqueness): a HoDoKu regression-library line as a candidate state, the
//! step of a technique there, and what the state holds, named in the usual notation.

#![allow(dead_code)]

#[path = "../reglib/mod.rs"]
mod reglib;

use reglib::Case;
use sudokit::candidates::digits;
use sudokit::logic::{find, FindOptions, Step, Technique};

/// The state of a regression-library line.
pub fn case(line: &str) -> Case {
    line.parse().expect("a regression-library line")
}

/// Every step of `t` in the state of `line`.
pub fn steps(line: &str, t: Technique) -> Vec<Step> {
    find(t, &case(line).state, &FindOptions::default())
}

/// The step of `t` in the state of `line` that makes exactly the library's
/// eliminations.
pub fn step(line: &str, t: Technique) -> Step {
    let expected = case(line).eliminations;
    steps(line, t)
        .into_iter()
        .find(|s| {
            let mut e = s.eliminations.clone();
            e.sort_unstable();
            e == expected
        })
        .unwrap_or_else(|| panic!("no {t:?} step makes {expected:?}"))
}

/// `r3c6` for a 9×9 cell index.
pub fn name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// The cell index of `r3c6`.
pub fn index(name: &str) -> usize {
    let b = name.as_bytes();
    (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize
}

/// The cells of unit `unit` (`r3`, `c6` or `b5`) that hold candidate `d`.
pub fn holding(line: &str, d: u8, unit: &str) -> Vec<String> {
    let state = case(line).state;
    let k = (unit.as_bytes()[1] - b'1') as usize;
    (0..81)
        .filter(|&x| match unit.as_bytes()[0] {
            b'r' => x / 9 == k,
            b'c' => x % 9 == k,
            _ => (x / 27) * 3 + (x % 9) / 3 == k,
        })
        .filter(|&x| state.has(x, d))
        .map(name)
        .collect()
}

/// The candidates of a cell as a string of digits (`"347"`).
pub fn cands(line: &str, cell: &str) -> String {
    digits(case(line).state.mask(index(cell)))
        .map(|d| d.to_string())
        .collect()
}

/// The eliminations of a step as `r1c2<>7`.
pub fn elims(s: &Step) -> Vec<String> {
    s.eliminations
        .iter()
        .map(|&(x, d)| format!("{}<>{d}", name(x)))
        .collect()
}
