//! HoDoKu's regression-library format: one technique, one candidate state and the
//! exact result expected, per line. This module reads a case and checks the solver's
//! finder for that technique against it; the regression test and the `reglib` table
//! (a binary of `sudokit-bench`, which includes this file) are built on it. It is a
//! test tool, not part of the library's API.
//!
//! A line is `:<code>:<digits>:<givens>:<deleted>:<eliminations>:<placements>:<extra>`:
//! `<code>` is the technique (`0300`, with an optional variant `-1`; the variant `-x`
//! marks a fail case, where the technique must find nothing); `<givens>` is 81 cells,
//! `+` before a digit marking a placed (not given) digit; `<deleted>`,
//! `<eliminations>` and `<placements>` are blank-separated `<digit><row><col>` triples.

#![allow(dead_code)]

use thiserror::Error;

use sudokit::logic::{finder, FindOptions, Technique};
use sudokit::{Candidates, Grid, Layout};

/// One regression case.
#[derive(Debug, Clone)]
pub struct Case {
    /// The code as written, with its variant (`0110-1`, `0606-x`).
    pub code: String,
    /// The technique of the code, if the catalogue has it.
    pub technique: Option<Technique>,
    /// A fail case: the technique must find nothing.
    pub fail: bool,
    /// The candidate state to search.
    pub state: Candidates,
    /// The eliminations expected, sorted `(cell, digit)`.
    pub eliminations: Vec<(usize, u8)>,
    /// The placements expected, sorted `(cell, digit)`.
    pub placements: Vec<(usize, u8)>,
}

/// A line that is not a regression case.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CaseError {
    /// Fewer than the seven `:`-separated fields.
    #[error("expected `:code:digits:givens:deleted:eliminations:placements:extra`")]
    Fields,
    /// The givens are not 81 cells.
    #[error("the givens must be 81 cells (digits, `.` or `0`, each optionally after `+`)")]
    Givens,
    /// A candidate triple is not `<digit><row><col>`.
    #[error("bad candidate {0:?}: expected three digits 1-9, `<digit><row><col>`")]
    Candidate(String),
    /// Two givens conflict.
    #[error("the givens conflict: {0}")]
    Conflict(String),
}

/// What a check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The finder found a step with exactly the expected result (or, for a fail case,
    /// nothing).
    Pass,
    /// It did not.
    Fail,
    /// The technique has no finder yet.
    Skipped,
}

fn triples(field: &str) -> Result<Vec<(usize, u8)>, CaseError> {
    let mut out = Vec::new();
    for t in field.split_whitespace() {
        let b = t.as_bytes();
        if b.len() != 3 || !b.iter().all(|c| (b'1'..=b'9').contains(c)) {
            return Err(CaseError::Candidate(t.to_string()));
        }
        let (d, r, c) = (b[0] - b'0', (b[1] - b'1') as usize, (b[2] - b'1') as usize);
        out.push((r * 9 + c, d));
    }
    out.sort_unstable();
    Ok(out)
}

impl std::str::FromStr for Case {
    type Err = CaseError;

    /// Reads one case line.
    fn from_str(line: &str) -> Result<Case, CaseError> {
        let f: Vec<&str> = line.trim_end().split(':').collect();
        if f.len() < 7 || !f[0].is_empty() {
            return Err(CaseError::Fields);
        }
        let layout = Layout::classic(9).expect("9×9 is a classic layout");
        let mut cells = Vec::with_capacity(81);
        let mut placed = Vec::new();
        for ch in f[3].chars() {
            if ch == '+' {
                placed.push(cells.len());
                continue;
            }
            cells.push(match ch {
                '1'..='9' => ch as u8 - b'0',
                '.' | '0' => 0,
                _ => return Err(CaseError::Givens),
            });
        }
        let grid = Grid::from_cells(layout, cells).ok_or(CaseError::Givens)?;
        grid.validate()
            .map_err(|e| CaseError::Conflict(e.to_string()))?;
        let mut state = Candidates::from_grid(&grid);
        for cell in placed {
            state.set_placed(cell);
        }
        for (cell, d) in triples(f[4])? {
            state.remove(cell, d);
        }
        Ok(Case {
            code: f[1].to_string(),
            technique: Technique::from_code(f[1]),
            fail: f[1].ends_with("-x"),
            state,
            eliminations: triples(f[5])?,
            placements: triples(f[6])?,
        })
    }
}

impl Case {
    /// Runs the case's technique on its state and compares: some step must make exactly
    /// the expected eliminations and placements (a fail case: no step at all).
    pub fn check(&self) -> Verdict {
        let Some(finder) = self.technique.and_then(finder) else {
            return Verdict::Skipped;
        };
        let mut steps = Vec::new();
        finder(
            &self.state,
            &mut steps,
            &FindOptions {
                explain: false,
                ..FindOptions::default()
            },
        );
        let ok = if self.fail {
            steps.is_empty()
        } else {
            steps.iter().any(|s| {
                let mut e = s.eliminations.clone();
                let mut p = s.placements.clone();
                e.sort_unstable();
                e.dedup();
                p.sort_unstable();
                e == self.eliminations && p == self.placements
            })
        };
        if ok {
            Verdict::Pass
        } else {
            Verdict::Fail
        }
    }
}

/// The results for one code (technique and variant) of a library.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    /// The code with its variant, as in the file.
    pub code: String,
    /// The technique, if the catalogue has it.
    pub technique: Option<Technique>,
    /// Cases passed.
    pub pass: usize,
    /// Lines (1-based) of the cases failed.
    pub failed: Vec<usize>,
    /// Cases skipped (no finder for the technique).
    pub skipped: usize,
}

/// Checks every case of a library text (comment and blank lines skipped), tallied by
/// code in order of first appearance. A line that is not a case is an error with its
/// line number.
pub fn run(text: &str) -> Result<Vec<Tally>, (usize, CaseError)> {
    let mut tallies: Vec<Tally> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if !line.starts_with(':') {
            continue;
        }
        let case: Case = line.parse().map_err(|e| (i + 1, e))?;
        let pos = match tallies.iter().position(|t| t.code == case.code) {
            Some(p) => p,
            None => {
                tallies.push(Tally {
                    code: case.code.clone(),
                    technique: case.technique,
                    pass: 0,
                    failed: Vec::new(),
                    skipped: 0,
                });
                tallies.len() - 1
            }
        };
        let t = &mut tallies[pos];
        match case.check() {
            Verdict::Pass => t.pass += 1,
            Verdict::Fail => t.failed.push(i + 1),
            Verdict::Skipped => t.skipped += 1,
        }
    }
    Ok(tallies)
}

/// The tallies as a Markdown table: code, technique, passed / cases, or "not yet" for
/// skipped codes.
pub fn markdown(tallies: &[Tally]) -> String {
    let mut s = String::from("| code | technique | passed |\n|---|---|---|\n");
    for t in tallies {
        let name = t.technique.map_or("(not in the catalogue)", |t| t.name());
        let total = t.pass + t.failed.len() + t.skipped;
        let result = if t.skipped > 0 {
            format!("not yet ({total} cases)")
        } else {
            format!("{} / {total}", t.pass)
        };
        s.push_str(&format!("| {} | {name} | {result} |\n", t.code));
    }
    s
}
