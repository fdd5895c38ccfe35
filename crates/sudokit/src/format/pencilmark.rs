//! Pencilmark grids: a candidate state as text, read and written.
//!
//! Two forms are read, for boards up to 9×9:
//! - a **grid**: `n` rows of `n` candidate groups (`1234 5 689 …`), separated by
//!   blanks; `|` and `:` between boxes and rule lines made of `-`, `+`, `.`, `:`, `'`,
//!   `*` and `=` are skipped, so HoDoKu's and Sudoku Explainer's pencilmark pictures
//!   read as they are;
//! - a **Sukaku line**: `n³` characters (729 for 9×9), `n` per cell, where a digit is a
//!   candidate and `0` or `.` is not (position `i` of a cell stands for digit `i + 1`;
//!   any digit may also sit in any position).
//!
//! A cell with one candidate is a placed digit when no cell of its units still has
//! that digit as a candidate, and an open cell with a single candidate (a naked single
//! to find) otherwise. [`write()`] gives the grid form.

use std::fmt::Write;

use thiserror::Error;

use crate::candidates::{bit, digits, Candidates, Mask};
use crate::format::read::lines;
use crate::layout::Layout;

/// Text that is not a pencilmark grid.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PencilmarkError {
    /// No rows at all.
    #[error("no pencilmark grid found: expected rows of candidate groups such as `1234 5 689 …` or a 729-character line")]
    Empty,
    /// A character that is not a digit of the board.
    #[error("line {line}, column {column}: unexpected character {found:?} in a candidate group; expected digits 1 to {size}")]
    BadChar {
        /// Line, 1-based.
        line: usize,
        /// Column, 1-based.
        column: usize,
        /// The character.
        found: char,
        /// Board size.
        size: usize,
    },
    /// A row with the wrong number of groups.
    #[error("line {line}: a row needs {size} candidate groups, found {found}")]
    RowLength {
        /// Line, 1-based.
        line: usize,
        /// Groups found.
        found: usize,
        /// Board size.
        size: usize,
    },
    /// Fewer rows than the board needs, or rows left over.
    #[error("expected {size} rows of candidate groups, found {found}")]
    Rows {
        /// Rows found.
        found: usize,
        /// Board size.
        size: usize,
    },
    /// A size with no classic layout or over 9.
    #[error("a pencilmark grid of size {0} is not supported: sizes 4, 6, 8 and 9 are")]
    Size(usize),
    /// A cell with no candidate at all.
    #[error("{cell} has no candidates")]
    NoCandidates {
        /// The cell, `r3c5`.
        cell: String,
    },
}

/// Whether `text` looks like a pencilmark grid or Sukaku line rather than a puzzle: a
/// line of several groups, one of them two or more digits 1–9 (a cell with several
/// candidates), or a line of `n³` cells (64, 216, 512 or 729).
///
/// ```
/// use sudokit::format::pencilmark::looks_like;
/// assert!(looks_like("1234 5 689 7 12 3 4 8 9"));
/// assert!(!looks_like("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"));
/// assert!(!looks_like("123456789\n4 . . | . . . | 8 . 5"));
/// ```
pub fn looks_like(text: &str) -> bool {
    lines(text).map(str::trim).any(|l| {
        let word = l.split_whitespace().next().unwrap_or("");
        let sukaku = [64, 216, 512, 729].contains(&word.len())
            && word.chars().all(|c| c.is_ascii_digit() || c == '.');
        let groups: Vec<&str> = l
            .split(|c: char| c.is_whitespace() || c == '|' || c == ':')
            .filter(|g| !g.is_empty())
            .collect();
        let multi = groups.len() >= 2
            && groups
                .iter()
                .any(|g| g.len() >= 2 && g.chars().all(|c| ('1'..='9').contains(&c)));
        !l.starts_with('#') && (sukaku || multi)
    })
}

/// Reads a pencilmark grid or a Sukaku line (see the module doc).
///
/// ```
/// use sudokit::format::pencilmark::{read, write};
/// assert!(read("12 3 4 | 12 3 4 | 12 3 4").is_err()); // one row is not a grid
/// let g: sudokit::Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// let c = sudokit::Candidates::from_grid(&g);
/// let back = read(&write(&c)).unwrap();
/// assert_eq!(back, c);
/// ```
pub fn read(text: &str) -> Result<Candidates, PencilmarkError> {
    let words: Vec<(usize, &str)> = lines(text)
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with('#'))
        .flat_map(|(i, l)| l.split_whitespace().map(move |w| (i + 1, w)))
        .collect();
    if let [(line, word)] = words[..] {
        if let Some(n) = [4, 6, 8, 9].into_iter().find(|n| n * n * n == word.len()) {
            return read_sukaku(line, word, n);
        }
    }
    read_grid(text)
}

fn read_sukaku(line: usize, word: &str, n: usize) -> Result<Candidates, PencilmarkError> {
    let mut masks = Vec::with_capacity(n * n);
    for (cell, chunk) in word.as_bytes().chunks(n).enumerate() {
        let mut m: Mask = 0;
        for (i, &b) in chunk.iter().enumerate() {
            match b {
                b'0' | b'.' => {}
                b'1'..=b'9' if ((b - b'0') as usize) <= n => m |= bit(b - b'0'),
                _ => {
                    return Err(PencilmarkError::BadChar {
                        line,
                        column: cell * n + i + 1,
                        found: b as char,
                        size: n,
                    })
                }
            }
        }
        masks.push(m);
    }
    build(n, masks)
}

fn is_rule(line: &str) -> bool {
    line.chars()
        .all(|c| c.is_whitespace() || "-+.:'*=|".contains(c))
}

fn read_grid(text: &str) -> Result<Candidates, PencilmarkError> {
    let mut rows: Vec<Vec<Mask>> = Vec::new();
    let mut size = None;
    for (i, raw) in lines(text).enumerate() {
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') || is_rule(l) {
            continue;
        }
        let mut groups = Vec::new();
        for (start, g) in split_groups(raw) {
            let mut m: Mask = 0;
            for (j, ch) in g.chars().enumerate() {
                match ch.to_digit(10) {
                    Some(d @ 1..=9) => m |= bit(d as u8),
                    _ => {
                        return Err(PencilmarkError::BadChar {
                            line: i + 1,
                            column: start + j + 1,
                            found: ch,
                            size: size.unwrap_or(9),
                        })
                    }
                }
            }
            groups.push((m, start));
        }
        let n = *size.get_or_insert(groups.len());
        if groups.len() != n {
            return Err(PencilmarkError::RowLength {
                line: i + 1,
                found: groups.len(),
                size: n,
            });
        }
        for &(m, start) in &groups {
            if let Some(d) = digits(m).find(|&d| d as usize > n) {
                return Err(PencilmarkError::BadChar {
                    line: i + 1,
                    column: start + 1,
                    found: char::from(b'0' + d),
                    size: n,
                });
            }
        }
        rows.push(groups.into_iter().map(|(m, _)| m).collect());
    }
    let Some(n) = size else {
        return Err(PencilmarkError::Empty);
    };
    if rows.len() != n {
        return Err(PencilmarkError::Rows {
            found: rows.len(),
            size: n,
        });
    }
    build(n, rows.concat())
}

/// The blank-, `|`- and `:`-separated groups of a line, with their start columns.
fn split_groups(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = None;
    let mut out = Vec::new();
    for (i, ch) in line
        .char_indices()
        .chain(std::iter::once((line.len(), ' ')))
    {
        let sep = ch.is_whitespace() || ch == '|' || ch == ':';
        match (sep, start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((s, &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out.into_iter()
}

/// The state from a mask per cell: single candidates that no unit-mate shares are
/// placed digits.
fn build(n: usize, masks: Vec<Mask>) -> Result<Candidates, PencilmarkError> {
    let layout = Layout::classic(n).map_err(|_| PencilmarkError::Size(n))?;
    if let Some(cell) = masks.iter().position(|&m| m == 0) {
        return Err(PencilmarkError::NoCandidates {
            cell: crate::layout::cell_name(n, cell),
        });
    }
    let mut values = vec![0u8; n * n];
    let mut open = masks.clone();
    for (cell, &m) in masks.iter().enumerate() {
        if m.count_ones() == 1 && layout.peers(cell).iter().all(|&p| masks[p] & m == 0) {
            values[cell] = m.trailing_zeros() as u8 + 1;
            open[cell] = 0;
        }
    }
    Ok(Candidates::from_parts(layout, values, open).expect("sizes and digits were checked"))
}

/// The state as a pencilmark grid: `n` rows of `n` groups, columns aligned, `|` between
/// boxes and a rule line between bands; a placed cell shows its digit.
///
/// ```
/// let g: sudokit::Grid = "1...2...3...4...".parse().unwrap();
/// let c = sudokit::Candidates::from_grid(&g);
/// let text = sudokit::format::pencilmark::write(&c);
/// assert_eq!(text.lines().next().unwrap(), "1  34  | 234  234");
/// assert_eq!(text.lines().nth(2).unwrap(), "-------+---------");
/// ```
pub fn write(c: &Candidates) -> String {
    let layout = c.layout();
    let n = layout.size();
    let group = |cell: usize| -> String {
        match c.value(cell) {
            0 => digits(c.mask(cell))
                .map(|d| char::from_digit(u32::from(d), 36).unwrap_or('?'))
                .collect(),
            v => char::from_digit(u32::from(v), 36)
                .unwrap_or('?')
                .to_string(),
        }
    };
    let groups: Vec<String> = (0..n * n).map(group).collect();
    let width: Vec<usize> = (0..n)
        .map(|col| (0..n).map(|r| groups[r * n + col].len()).max().unwrap_or(1))
        .collect();
    let mut out = String::new();
    for r in 0..n {
        if r > 0 && r % layout.box_rows() == 0 {
            let mut rule = String::new();
            for (col, w) in width.iter().enumerate() {
                if col > 0 && col % layout.box_cols() == 0 {
                    rule.push_str("+-");
                }
                rule.push_str(&"-".repeat(w + 2));
            }
            rule.truncate(rule.len() - 2);
            out.push_str(&rule);
            out.push('\n');
        }
        let mut row = String::new();
        for col in 0..n {
            if col > 0 && col % layout.box_cols() == 0 {
                row.push_str("| ");
            }
            let _ = write!(row, "{:w$}  ", groups[r * n + col], w = width[col]);
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}

/// The state as one Sukaku line: `n` characters per cell, digit `d` at position
/// `d - 1` when it is a candidate (a placed cell shows only its digit), `.` otherwise.
pub fn write_sukaku(c: &Candidates) -> String {
    let n = c.layout().size();
    let mut out = String::with_capacity(n * n * n);
    for cell in 0..n * n {
        let m = match c.value(cell) {
            0 => c.mask(cell),
            v => bit(v),
        };
        for d in 1..=n as u8 {
            out.push(if m & bit(d) != 0 {
                char::from(b'0' + d)
            } else {
                '.'
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn reads_hodoku_pictures() {
        // HoDoKu frames the grid: `.---.` on top, `:---+---:` between bands, `'---'`
        // at the bottom, `|` around every row.
        let g: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let c = Candidates::from_grid(&g);
        let mut text = String::from(".----------.----------.----------.\n");
        for line in write(&c).lines() {
            if line.starts_with('-') {
                text.push_str(&format!(":{}:\n", line));
            } else {
                text.push_str(&format!("| {line} |\n"));
            }
        }
        text.push_str("'----------'----------'----------'\n");
        assert_eq!(read(&text).unwrap(), c);
        // Any line end, and a byte-order mark before the first line.
        for end in ["\r\n", "\r"] {
            let other = format!("\u{feff}{}", text.replace('\n', end));
            assert!(looks_like(&other));
            assert_eq!(read(&other).unwrap(), c, "{end:?}");
        }
    }

    #[test]
    fn single_candidate_shared_with_a_peer_stays_open() {
        // r1c1 = {1} alone but r1c2 also holds 1: a naked single to find, not a given.
        let mut rows = vec!["1 12 3 4".to_string()];
        rows.extend(["3 4 12 12", "2 3 4 1", "4 12 12 3"].map(String::from));
        let c = read(&rows.join("\n")).unwrap();
        assert_eq!(c.value(0), 0);
        assert_eq!(c.mask(0), bit(1));
        assert_eq!(c.value(9), 3);
    }

    #[test]
    fn sukaku_round_trip() {
        let g: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let c = Candidates::from_grid(&g);
        let line = write_sukaku(&c);
        assert_eq!(line.len(), 729);
        assert!(looks_like(&line));
        assert_eq!(read(&line).unwrap(), c);
        assert!(looks_like(&write(&c)));
        assert!(!looks_like(&g.to_line()));
    }

    #[test]
    fn errors_name_the_place() {
        assert_eq!(read("").unwrap_err(), PencilmarkError::Empty);
        let e = read("12 x4 3 4\n").unwrap_err();
        assert!(
            matches!(
                e,
                PencilmarkError::BadChar {
                    line: 1,
                    column: 4,
                    found: 'x',
                    ..
                }
            ),
            "{e:?}"
        );
        let e = read("12 34 3 4\n1 2\n").unwrap_err();
        assert!(matches!(
            e,
            PencilmarkError::RowLength {
                line: 2,
                found: 2,
                size: 4
            }
        ));
        let e = read(&"0".repeat(729)).unwrap_err();
        assert!(matches!(e, PencilmarkError::NoCandidates { .. }));
    }
}
