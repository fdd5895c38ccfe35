//! Reads every puzzle from a text, in whatever mix of forms it holds.
//!
//! Recognised, line by line:
//! - blank lines and lines starting with `#` are skipped; CRLF line ends are accepted;
//! - a **one-line puzzle**: a first word of `n²` characters (81, 256, 625, …) in the
//!   alphabet of its size; anything after it on the line is ignored (a comment, a
//!   rating). A line of `n²` whitespace-separated numbers is also a one-line puzzle;
//! - a **block**: `n` rows of `n` cells, each row either compact (`4.....8.5`), spaced
//!   (`4 . . | . . . | 8 . 5`, Simple Sudoku's `|4..|...|8.5|`) or numbers
//!   (`1 0 0 5 …`, `10 0 3 …`); rule lines made of `-`, `+`, `=`, `|`, `*` between rows
//!   (`------+-------+------`, `*-----------*`) are skipped.
//!
//! The size of each puzzle is inferred from its first line, or fixed with
//! [`ReadOptions::size`]. A first word of 16 characters is read as a 4×4 one-line puzzle
//! unless the size is set to 16, which makes it a compact 16×16 row.
//!
//! Errors never stop the reader: each malformed puzzle becomes one `Err` record and
//! reading goes on with the next.

use crate::error::ParseError;
use crate::format::line::{char_value, detect_alphabet, expected};
use crate::format::ReadOptions;
use crate::grid::Grid;
use crate::layout::{Layout, LayoutRef};

/// One puzzle read from a text: the line it starts on (1-based) and the grid or the
/// reason it could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// First line of the puzzle, 1-based.
    pub line: usize,
    /// The puzzle, or why it could not be read.
    pub result: Result<Grid, ParseError>,
}

/// Reads exactly one puzzle from `text`.
///
/// ```
/// use sudokit::format::{read::parse_one, ReadOptions};
/// let text = "4 . . | . . . | 8 . 5\n\
///             . 3 . | . . . | . . .\n\
///             . . . | 7 . . | . . .\n\
///             ------+-------+------\n\
///             . 2 . | . . . | . 6 .\n\
///             . . . | . 8 . | 4 . .\n\
///             . . . | . 1 . | . . .\n\
///             ------+-------+------\n\
///             . . . | 6 . 3 | . 7 .\n\
///             5 . . | 2 . . | . . .\n\
///             1 . 4 | . . . | . . .\n";
/// let g = parse_one(text, &ReadOptions::default()).unwrap();
/// assert_eq!(g.to_line(), "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
/// ```
pub fn parse_one(text: &str, opts: &ReadOptions) -> Result<Grid, ParseError> {
    let mut reader = records(text, opts);
    let first = reader.next().ok_or(ParseError::Empty)?;
    if let Some(second) = reader.next() {
        return Err(ParseError::TrailingPuzzle { line: second.line });
    }
    first.result
}

/// An iterator over the puzzles of `text`.
///
/// ```
/// use sudokit::format::{read::records, ReadOptions};
/// let text = "# two puzzles and a bad line\n\
///             1...2...3...4...\n\
///             12345\n\
///             ..3.4.1.3.1.1.4.  trailing words are ignored\n";
/// let recs: Vec<_> = records(text, &ReadOptions::default()).collect();
/// assert_eq!(recs.len(), 3);
/// assert!(recs[0].result.is_ok());
/// assert_eq!(recs[1].line, 3);
/// assert!(recs[1].result.is_err());
/// assert!(recs[2].result.is_ok());
/// ```
pub fn records<'a>(text: &'a str, opts: &ReadOptions) -> Reader<'a> {
    Reader {
        lines: LineCursor {
            text,
            pos: 0,
            idx: 0,
        },
        opts: opts.clone(),
    }
}

/// The iterator returned by [`records`].
pub struct Reader<'a> {
    lines: LineCursor<'a>,
    opts: ReadOptions,
}

/// The lines of a text, taken one at a time with their numbers (from 0), cut as
/// [`str::lines`] cuts them: at `\n`, and at `\r\n` without the `\r`. The next line
/// can be looked at before it is taken, and a plain 9×9 line taken without looking for
/// its end ([`Reader::next_plain_nine`]).
struct LineCursor<'a> {
    text: &'a str,
    /// Byte offset of the next line.
    pos: usize,
    /// Its number, from 0.
    idx: usize,
}

impl<'a> LineCursor<'a> {
    /// The next line's number and text, and the offset just past it, without taking it.
    fn peek(&self) -> Option<(usize, &'a str, usize)> {
        let rest = self.text.get(self.pos..).filter(|r| !r.is_empty())?;
        let (line, len) = match rest.find('\n') {
            Some(i) => {
                let line = &rest[..i];
                (line.strip_suffix('\r').unwrap_or(line), i + 1)
            }
            None => (rest, rest.len()),
        };
        Some((self.idx, line, self.pos + len))
    }

    /// Takes the line that ends just before `end`.
    fn advance(&mut self, end: usize) {
        self.pos = end;
        self.idx += 1;
    }

    /// Takes and returns the next line.
    fn next_line(&mut self) -> Option<(usize, &'a str)> {
        let (idx, line, end) = self.peek()?;
        self.advance(end);
        Some((idx, line))
    }
}

/// A cell as written: its position and its text (one character, or a number).
#[derive(Debug, Clone, Copy)]
struct Cell<'a> {
    line: usize,
    column: usize,
    text: &'a str,
}

/// What a line holds.
enum LineKind<'a> {
    /// Blank, comment or rule line.
    Skip,
    /// Words, with their 1-based columns.
    Content(Vec<(usize, &'a str)>),
}

fn classify(line: &str) -> LineKind<'_> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return LineKind::Skip;
    }
    let rule_char = |c: char| matches!(c, '-' | '+' | '=' | '|' | '*') || c.is_whitespace();
    if trimmed.chars().all(rule_char) && trimmed.contains(['-', '=']) {
        return LineKind::Skip;
    }
    let mut words = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut column = 0;
    for (byte, c) in line.char_indices() {
        column += 1;
        let sep = c.is_whitespace() || c == '|';
        match (sep, start) {
            (true, Some((b, col))) => {
                words.push((col, &line[b..byte]));
                start = None;
            }
            (false, None) => start = Some((byte, column)),
            _ => {}
        }
    }
    if let Some((b, col)) = start {
        words.push((col, &line[b..]));
    }
    LineKind::Content(words)
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The cells of a row: each word is a cell when every word is a single character or
/// a number and either all are single characters, or their count is a board size, or
/// no number is over the count (`10 0 3 …`, `12 . 7 …`); otherwise every character is
/// a cell (`4.....8.5`, `483 921 657`).
fn row_cells<'a>(line: usize, words: &[(usize, &'a str)]) -> Vec<Cell<'a>> {
    let count = words.len();
    let single = |w: &str| w.chars().count() == 1;
    let words_are_cells = words.iter().all(|(_, w)| single(w) || is_number(w))
        && (words.iter().all(|(_, w)| single(w))
            || (count >= 4 && Layout::is_classic_size(count))
            || words
                .iter()
                .all(|(_, w)| !is_number(w) || w.parse::<usize>().is_ok_and(|v| v <= count)));
    if words_are_cells {
        return words
            .iter()
            .map(|&(column, text)| Cell { line, column, text })
            .collect();
    }
    let mut cells = Vec::new();
    for &(column, word) in words {
        for (i, (b, c)) in word.char_indices().enumerate() {
            cells.push(Cell {
                line,
                column: column + i,
                text: &word[b..b + c.len_utf8()],
            });
        }
    }
    cells
}

/// `Some(n)` when `count` is `n²` for a classic size `n ≥ 4`.
fn square_size(count: usize) -> Option<usize> {
    let n = (count as f64).sqrt().round() as usize;
    (n >= 4 && n * n == count && Layout::is_classic_size(n)).then_some(n)
}

fn layout_for(n: usize, line: usize) -> Result<LayoutRef, ParseError> {
    Layout::classic(n).map_err(|source| ParseError::Layout { line, source })
}

/// Decodes a one-line puzzle written as characters, the common case, without
/// building per-cell records.
fn decode_chars(line: usize, column: usize, word: &str, n: usize) -> Result<Grid, ParseError> {
    let layout = layout_for(n, line)?;
    let alphabet = detect_alphabet(n, word.chars());
    let mut cells = Vec::with_capacity(n * n);
    for (i, c) in word.chars().enumerate() {
        match char_value(c, n, alphabet) {
            Some(v) => cells.push(v),
            None => {
                return Err(ParseError::BadChar {
                    line,
                    column: column + i,
                    found: c,
                    expected: expected(n, alphabet),
                })
            }
        }
    }
    Ok(Grid::from_cells(layout, cells).expect("decoded values are in range"))
}

/// Decodes cells gathered from words (blocks, numbers on a line).
fn decode_cells(cells: &[Cell<'_>], n: usize, first_line: usize) -> Result<Grid, ParseError> {
    let layout = layout_for(n, first_line)?;
    let alphabet = detect_alphabet(
        n,
        cells
            .iter()
            .filter(|c| c.text.len() == 1)
            .filter_map(|c| c.text.chars().next()),
    );
    let mut values = Vec::with_capacity(n * n);
    for cell in cells {
        let mut chars = cell.text.chars();
        let c = chars.next().unwrap_or(' ');
        let value = if chars.next().is_none() {
            char_value(c, n, alphabet)
        } else if is_number(cell.text) {
            let value: u64 = cell.text.parse().unwrap_or(u64::MAX);
            if value > n as u64 {
                return Err(ParseError::OutOfRange {
                    line: cell.line,
                    column: cell.column,
                    value,
                    size: n,
                });
            }
            Some(value as u8)
        } else {
            None
        };
        match value {
            Some(v) => values.push(v),
            None => {
                let (offset, bad) = cell
                    .text
                    .chars()
                    .enumerate()
                    .find(|(_, ch)| !ch.is_ascii_digit())
                    .unwrap_or((0, c));
                return Err(ParseError::BadChar {
                    line: cell.line,
                    column: cell.column + offset,
                    found: bad,
                    expected: expected(n, alphabet),
                });
            }
        }
    }
    Ok(Grid::from_cells(layout, values).expect("decoded values are in range"))
}

/// The cells of a plain 9×9 one-line puzzle: 81 characters from `1`–`9`, `.` and `0`.
/// This is the common case of large files, decoded here without the general
/// tokenizer; `None` sends the line down the general path.
fn plain_nine(word: &[u8]) -> Option<Vec<u8>> {
    // Branch-free over the 81 bytes (the compiler vectorises it); a stray byte shows
    // in `bad` at the end.
    let mut cells = vec![0u8; 81];
    let mut bad = false;
    for (cell, &b) in cells.iter_mut().zip(word) {
        let v = b.wrapping_sub(b'0');
        bad |= v > 9 && b != b'.';
        *cell = if v <= 9 { v } else { 0 };
    }
    (!bad).then_some(cells)
}

impl<'a> Reader<'a> {
    /// The next line as a plain 9×9 puzzle, consumed, when it is one and the size
    /// allows it: its first 81 characters are the puzzle, then the line ends or
    /// whitespace follows (the rest of the line is ignored, as on the general path).
    /// A line that ends right after the puzzle, the usual case, is taken without a
    /// search for its end.
    fn next_plain_nine(&mut self) -> Option<Record> {
        if self.opts.size.is_some_and(|n| n != 9) {
            return None;
        }
        let start = self.lines.pos;
        let rest = self.lines.text.as_bytes().get(start..)?;
        let word = rest.get(..81)?;
        let end = match rest.get(81) {
            None => start + 81,
            Some(b'\n') => start + 82,
            Some(b) if b.is_ascii_whitespace() => self.lines.peek()?.2,
            Some(_) => return None,
        };
        let grid = Grid::from_cells_in_range(Layout::classic(9).ok()?, plain_nine(word)?);
        let line = self.lines.idx + 1;
        self.lines.advance(end);
        Some(Record {
            line,
            result: Ok(grid),
        })
    }

    fn next_content(&mut self) -> Option<(usize, Vec<(usize, &'a str)>)> {
        while let Some((idx, line)) = self.lines.next_line() {
            if let LineKind::Content(words) = classify(line) {
                return Some((idx + 1, words));
            }
        }
        None
    }

    /// Reads the rest of a block of size `n` whose first row is `first`.
    fn read_block(&mut self, start: usize, n: usize, first: Vec<Cell<'a>>) -> Record {
        let mut cells = first;
        let mut rows = 1;
        let mut bad_row: Option<ParseError> = None;
        while rows < n {
            let Some((idx, line, end)) = self.lines.peek() else {
                break;
            };
            let words = match classify(line) {
                LineKind::Skip => {
                    self.lines.advance(end);
                    continue;
                }
                LineKind::Content(words) => words,
            };
            let starts_puzzle = square_size(words[0].1.chars().count())
                .is_some_and(|m| self.opts.size.is_none_or(|s| s == m));
            if starts_puzzle {
                break;
            }
            self.lines.advance(end);
            let row = row_cells(idx + 1, &words);
            if row.len() != n && bad_row.is_none() {
                bad_row = Some(ParseError::RowLength {
                    line: idx + 1,
                    found: row.len(),
                    size: n,
                });
            }
            cells.extend(row);
            rows += 1;
        }
        let result = if let Some(err) = bad_row {
            Err(err)
        } else if rows < n {
            Err(ParseError::IncompleteBlock {
                line: start,
                rows,
                size: n,
            })
        } else {
            decode_cells(&cells, n, start)
        };
        Record {
            line: start,
            result,
        }
    }
}

impl Iterator for Reader<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        if let Some(record) = self.next_plain_nine() {
            return Some(record);
        }
        let (line, words) = self.next_content()?;
        let (column, first) = words[0];
        let first_len = first.chars().count();
        let size = self.opts.size;
        let record = |result| Some(Record { line, result });
        // The common case, a one-line puzzle in characters, needs no per-cell records.
        let one_line = match size {
            Some(n) => (first_len == n * n).then_some(n),
            None => square_size(first_len),
        };
        if let Some(n) = one_line {
            return record(decode_chars(line, column, first, n));
        }
        let row = row_cells(line, &words);
        match size {
            Some(n) => {
                if row.len() == n * n {
                    record(decode_cells(&row, n, line))
                } else if row.len() == n {
                    if let Err(e) = layout_for(n, line) {
                        return record(Err(e));
                    }
                    Some(self.read_block(line, n, row))
                } else {
                    record(Err(ParseError::WrongLength {
                        line,
                        found: if words.len() == 1 {
                            first_len
                        } else {
                            row.len()
                        },
                        expected: n * n,
                        size: n,
                    }))
                }
            }
            None => {
                if let Some(n) = square_size(row.len()).filter(|&n| n * n > 64) {
                    record(decode_cells(&row, n, line))
                } else if row.len() >= 4 && Layout::is_classic_size(row.len()) {
                    Some(self.read_block(line, row.len(), row))
                } else {
                    record(Err(ParseError::BadLength {
                        line,
                        found: if words.len() == 1 {
                            first_len
                        } else {
                            row.len()
                        },
                    }))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<Record> {
        records(text, &ReadOptions::default()).collect()
    }

    const HARD1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn line_puzzles_with_empties_comments_and_crlf() {
        let text = format!(
            "# comment\r\n{HARD1}\r\n\r\n{}  # trailing\r\n",
            HARD1.replace('.', "0")
        );
        let recs = read(&text);
        assert_eq!(recs.len(), 2);
        assert_eq!(recs[0].line, 2);
        assert_eq!(recs[0].result.as_ref().unwrap().to_line(), HARD1);
        assert_eq!(recs[1].result.as_ref().unwrap().to_line(), HARD1);
        let underscores = HARD1.replace('.', "_");
        let stars = HARD1.replace('.', "*");
        assert_eq!(
            parse_one(&underscores, &ReadOptions::default())
                .unwrap()
                .to_line(),
            HARD1
        );
        assert_eq!(
            parse_one(&stars, &ReadOptions::default())
                .unwrap()
                .to_line(),
            HARD1
        );
    }

    /// The plain 9×9 shortcut gives what the general path gives, and leaves every line
    /// it does not take (other empty marks, stray characters, glued text) to it.
    #[test]
    fn plain_lines_match_the_general_path() {
        let opts = ReadOptions::default();
        let plain = |text: &str| records(text, &opts).next_plain_nine();
        let zeros = HARD1.replace('.', "0");
        let taken = [HARD1.to_string(), zeros.clone(), format!("{HARD1}\t# 7.2")];
        for line in &taken {
            let general = decode_chars(1, 1, &line[..81], 9).unwrap();
            let fast = plain(line).expect("a plain line").result.unwrap();
            assert_eq!(fast, general);
            assert_eq!(read(line)[0].result.as_ref().unwrap(), &general);
            // However the line ends, the next one is read from its start, numbered 2.
            for end in ["\n", "\r\n", " \n", "\t# rated 9.9\r\n"] {
                let text = format!("{line}{end}{zeros}\n");
                let mut reader = records(&text, &opts);
                assert_eq!(reader.next_plain_nine().unwrap().result.unwrap(), general);
                let second = reader.next_plain_nine().expect("the second line");
                assert_eq!(second.line, 2);
                assert_eq!(second.result.unwrap().to_line(), HARD1);
                assert!(reader.next().is_none());
            }
        }
        let left = [
            HARD1.replace('.', "_"),
            format!("{HARD1}|"),
            format!("x{}", &HARD1[1..]),
            HARD1[..80].to_string(),
            format!("{}\n{}", &HARD1[..40], &HARD1[40..]),
        ];
        for line in &left {
            assert!(plain(line).is_none(), "{line}");
        }
        let bad = format!("x{}", &HARD1[1..]);
        assert!(matches!(
            read(&bad)[0].result,
            Err(ParseError::BadChar {
                column: 1,
                found: 'x',
                ..
            })
        ));
    }

    #[test]
    fn blocks_in_every_style() {
        let compact = "4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n....1....\n...6.3.7.\n5..2.....\n1.4......\n";
        let numbers = compact
            .lines()
            .map(|l| {
                l.chars()
                    .map(|c| {
                        if c == '.' {
                            "0".to_string()
                        } else {
                            c.to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n");
        let grouped = "483 921 657\n967 345 821\n251 876 493\n548 132 976\n729 564 138\n136 798 245\n372 689 514\n814 253 769\n695 417 382\n";
        for text in [compact, &numbers] {
            let recs = read(text);
            assert_eq!(recs.len(), 1, "{text}");
            assert_eq!(recs[0].result.as_ref().unwrap().to_line(), HARD1);
        }
        let g = parse_one(grouped, &ReadOptions::default()).unwrap();
        assert!(g.is_full());
    }

    #[test]
    fn simple_sudoku_ss_layout() {
        let text = "*-----------*\n|4..|...|8.5|\n|.3.|...|...|\n|...|7..|...|\n|---+---+---|\n\
                    |.2.|...|.6.|\n|...|.8.|4..|\n|...|.1.|...|\n|---+---+---|\n\
                    |...|6.3|.7.|\n|5..|2..|...|\n|1.4|...|...|\n*-----------*\n";
        let g = parse_one(text, &ReadOptions::default()).unwrap();
        assert_eq!(g.to_line(), HARD1);
    }

    #[test]
    fn sixteen_by_sixteen_forms() {
        let layout = Layout::classic(16).unwrap();
        let mut g = Grid::empty(layout);
        g.set(0, 16);
        g.set(17, 10);
        g.set(255, 1);
        let line = g.to_line();
        assert_eq!(&line[..1], "G");
        assert_eq!(parse_one(&line, &ReadOptions::default()).unwrap(), g);
        let hex: String = g
            .cells()
            .iter()
            .map(|&v| {
                if v == 0 {
                    '.'
                } else {
                    std::char::from_digit(v as u32 - 1, 16)
                        .unwrap()
                        .to_ascii_uppercase()
                }
            })
            .collect();
        assert_eq!(parse_one(&hex, &ReadOptions::default()).unwrap(), g);
        let block = crate::format::block::write_block(&g);
        assert_eq!(parse_one(&block, &ReadOptions::default()).unwrap(), g);
        let pretty = crate::format::block::write_pretty(&g);
        assert_eq!(parse_one(&pretty, &ReadOptions::default()).unwrap(), g);
    }

    #[test]
    fn sixteen_char_rows_need_the_size() {
        let rows: String = (0..16).map(|_| "................\n").collect();
        let default = read(&rows);
        assert_eq!(default.len(), 16);
        let opts = ReadOptions { size: Some(16) };
        let sized: Vec<_> = records(&rows, &opts).collect();
        assert_eq!(sized.len(), 1);
        assert_eq!(sized[0].result.as_ref().unwrap().size(), 16);
    }

    #[test]
    fn errors_name_line_and_column() {
        let bad_char = HARD1.replacen('.', "x", 1);
        let text = format!("{HARD1}\n{bad_char}\n{}\n{HARD1}\n", &HARD1[..80]);
        let recs = read(&text);
        assert_eq!(recs.len(), 4);
        assert_eq!(
            recs[1].result,
            Err(ParseError::BadChar {
                line: 2,
                column: 2,
                found: 'x',
                expected: "a digit 1-9 or one of . 0 _ * for an empty cell".into()
            })
        );
        assert_eq!(
            recs[2].result,
            Err(ParseError::BadLength { line: 3, found: 80 })
        );
        assert!(recs[3].result.is_ok());
    }

    #[test]
    fn incomplete_and_ragged_blocks() {
        let text = format!("4.....8.5\n.3.......\n{HARD1}\n");
        let recs = read(&text);
        assert_eq!(recs.len(), 2);
        assert_eq!(
            recs[0].result,
            Err(ParseError::IncompleteBlock {
                line: 1,
                rows: 2,
                size: 9
            })
        );
        assert!(recs[1].result.is_ok());
        let ragged = "4.....8.5\n.3......\n...7.....\n.2.....6.\n....8.4..\n....1....\n...6.3.7.\n5..2.....\n1.4......\n";
        let recs = read(ragged);
        assert_eq!(recs.len(), 1);
        assert_eq!(
            recs[0].result,
            Err(ParseError::RowLength {
                line: 2,
                found: 8,
                size: 9
            })
        );
    }

    #[test]
    fn out_of_range_number_and_parse_one_errors() {
        let mut rows = ["0 0 0 0"; 4];
        rows[1] = "0 9 0 0";
        let err = parse_one(&rows.join("\n"), &ReadOptions::default()).unwrap_err();
        assert!(
            matches!(
                err,
                ParseError::BadChar {
                    line: 2,
                    column: 3,
                    ..
                }
            ),
            "{err:?}"
        );
        assert_eq!(
            parse_one("# nothing\n", &ReadOptions::default()),
            Err(ParseError::Empty)
        );
        let two = format!("{HARD1}\n{HARD1}\n");
        assert_eq!(
            parse_one(&two, &ReadOptions::default()),
            Err(ParseError::TrailingPuzzle { line: 2 })
        );
        let big = (0..16)
            .map(|_| "0 ".repeat(15) + "17")
            .collect::<Vec<_>>()
            .join("\n");
        assert!(matches!(
            parse_one(&big, &ReadOptions::default()),
            Err(ParseError::OutOfRange { value: 17, .. })
        ));
    }
}
