//! Reads every puzzle from a text, in whatever mix of forms it holds.
//!
//! Recognised, line by line (a line ends at `\n`, `\r\n` or `\r`; a byte-order mark
//! at the start is skipped):
//! - blank lines and lines starting with `#` are skipped;
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
//! Errors never stop the reader, and one bad line takes no good puzzle with it: each
//! malformed puzzle becomes one `Err` record and reading goes on with the next.
//! - A block ends at a blank line, a comment, or a line that is a puzzle on its own.
//!   A block cut short is one record at its first line, and reading goes on right
//!   after its rows of the right length: a stray row followed by other lines keeps
//!   none of them. `n` rows with a wrong length among them are one record.
//! - Rows of more numbers than the largest board has (65 or more) are one record for
//!   the whole block. When their count is a square, as a one-line puzzle's is (81,
//!   100), they are a board only as a run of exactly that many lines: so an empty
//!   81×81 board is one record, a file of 9×9 puzzles in numbers is read line by line.
//! - A line over [`MAX_LINE`] bytes is one record, unless it is blank or a comment,
//!   and is never split into cells: the reader's memory is bounded by the board size,
//!   whatever the length of the lines.
//!
//! The text is taken as bytes: a line is copied and checked to be UTF-8 when it is
//! read, and bytes that are not UTF-8 stand for U+FFFD, so they make their own line's
//! puzzle malformed where a cell should be and are ignored in a trailing comment. The
//! reader reads every byte of the text at most a few times and relies on no property
//! of it that an earlier read established.

use crate::error::{LayoutError, ParseError};
use crate::format::line::{char_value, detect_alphabet, expected};
use crate::format::ReadOptions;
use crate::grid::Grid;
use crate::layout::{Layout, LayoutRef, MAX_SIZE};

/// The longest line read as a puzzle or a row, in bytes: the one-line form of a 64×64
/// board in numbers (4,096 numbers of up to two digits) at four bytes a cell, with
/// three times as much again for a comment after it. A longer line is malformed (or
/// skipped, if blank or a comment).
pub const MAX_LINE: usize = 1 << 16;

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

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

/// An iterator over the puzzles of `text`: a `str`, or bytes such as a file's.
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
/// let bytes = b"1...2...3...4... \xE9t\xE9\n1...2...3...4\xE9..\n";
/// let recs: Vec<_> = records(&bytes[..], &ReadOptions::default()).collect();
/// assert!(recs[0].result.is_ok() && recs[1].result.is_err());
/// ```
pub fn records<'a, T: AsRef<[u8]> + ?Sized>(text: &'a T, opts: &ReadOptions) -> Reader<'a> {
    let text = text.as_ref();
    Reader {
        lines: LineCursor {
            text,
            pos: if text.starts_with(BOM) { BOM.len() } else { 0 },
            idx: 0,
        },
        opts: opts.clone(),
        run: 0,
        buffer: String::new(),
    }
}

/// The number of lines in `text`, counted as the reader counts them: a line ends at
/// `\n`, `\r\n` or `\r`, and a last line without an end counts.
///
/// ```
/// assert_eq!(sudokit::format::read::count_lines(b"a\r\nb\rc\n\nd"), 5);
/// ```
pub fn count_lines(text: &[u8]) -> usize {
    let mut lines = LineCursor {
        text,
        pos: 0,
        idx: 0,
    };
    while let Some(line) = lines.peek() {
        lines.advance(line.end);
    }
    lines.idx
}

/// The lines of `text` as the reader cuts them (and numbers them): at `\n`, `\r\n` or
/// `\r`, after a byte-order mark, each without its line end.
///
/// ```
/// let lines: Vec<&[u8]> = sudokit::format::read::split_lines(b"a\r\nb\rc\n\nd").collect();
/// assert_eq!(lines, [&b"a"[..], b"b", b"c", b"", b"d"]);
/// ```
pub fn split_lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut cursor = LineCursor {
        text,
        pos: if text.starts_with(BOM) { BOM.len() } else { 0 },
        idx: 0,
    };
    std::iter::from_fn(move || {
        let line = cursor.peek()?;
        cursor.advance(line.end);
        Some(line.bytes)
    })
}

/// [`split_lines`] of a string.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    split_lines(text.as_bytes()).map(move |line| {
        let start = line.as_ptr() as usize - text.as_ptr() as usize;
        // Lines are cut next to ASCII bytes, so at character boundaries.
        &text[start..start + line.len()]
    })
}

/// The iterator returned by [`records`].
pub struct Reader<'a> {
    lines: LineCursor<'a>,
    opts: ReadOptions,
    /// The number of cells of the line just read, when it was a one-line puzzle in
    /// numbers wider than the largest board: the next line of as many continues the
    /// run of such puzzles (0 otherwise).
    run: usize,
    /// The last line's text, kept for its memory.
    buffer: String,
}

/// The lines of a text, taken one at a time with their numbers. The next line can be
/// looked at before it is taken, and a plain 9×9 line taken without looking for its
/// end ([`Reader::next_plain_nine`]).
#[derive(Clone)]
struct LineCursor<'a> {
    text: &'a [u8],
    /// Byte offset of the next line.
    pos: usize,
    /// Its number, from 0.
    idx: usize,
}

/// A line not yet taken.
struct Line<'a> {
    /// Its number, 1-based.
    number: usize,
    /// Its bytes, without the line end.
    bytes: &'a [u8],
    /// The offset just past its line end.
    end: usize,
}

impl<'a> LineCursor<'a> {
    /// The next line, without taking it.
    fn peek(&self) -> Option<Line<'a>> {
        let rest = self.text.get(self.pos..).filter(|r| !r.is_empty())?;
        let (len, end) = match memchr::memchr2(b'\n', b'\r', rest) {
            Some(i) if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') => (i, i + 2),
            Some(i) => (i, i + 1),
            None => (rest.len(), rest.len()),
        };
        Some(Line {
            number: self.idx + 1,
            bytes: &rest[..len],
            end: self.pos + end,
        })
    }

    /// Takes the line that ends just before `end`.
    fn advance(&mut self, end: usize) {
        self.pos = end;
        self.idx += 1;
    }
}

/// A cell as written: its position and what it holds.
#[derive(Debug, Clone, Copy)]
struct Cell {
    line: usize,
    column: usize,
    token: Token,
}

/// What a cell holds: one character, or a number of two or more digits.
#[derive(Debug, Clone, Copy)]
enum Token {
    Char(char),
    /// Saturated at `u64::MAX`.
    Number(u64),
}

/// What a line holds.
enum LineKind<'a> {
    /// Blank or a comment: skipped, and the end of a block.
    Gap,
    /// A rule line between rows: skipped.
    Rule,
    /// Words, with their 1-based columns.
    Content(Vec<(usize, &'a str)>),
}

fn classify(line: &str) -> LineKind<'_> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return LineKind::Gap;
    }
    let rule_char = |c: char| matches!(c, '-' | '+' | '=' | '|' | '*') || c.is_whitespace();
    if trimmed.chars().all(rule_char) && trimmed.contains(['-', '=']) {
        return LineKind::Rule;
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
    if words.is_empty() {
        // Bars and blanks alone: a rule between the boxes of a row.
        return LineKind::Rule;
    }
    LineKind::Content(words)
}

/// Whether a line too long to read is blank or a comment (its first byte that is not
/// ASCII whitespace is `#`).
fn is_long_gap(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_none_or(|&b| b == b'#')
}

/// The text of a line: its bytes copied into `buffer`, then checked to be UTF-8, with
/// U+FFFD for bytes that are not.
fn line_text(bytes: &[u8], buffer: String) -> String {
    let mut buffer = buffer.into_bytes();
    buffer.clear();
    buffer.extend_from_slice(bytes);
    String::from_utf8(buffer).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The cells of a row, and whether each word is a cell: each word is a cell when
/// every word is a single character or a number and either all are single characters,
/// or their count is a board size, or no number is over the count (`10 0 3 …`,
/// `12 . 7 …`); otherwise every character is a cell (`4.....8.5`, `483 921 657`).
fn row_cells(line: usize, words: &[(usize, &str)]) -> (Vec<Cell>, bool) {
    let count = words.len();
    let single = |w: &str| w.chars().count() == 1;
    let words_are_cells = words.iter().all(|(_, w)| single(w) || is_number(w))
        && (words.iter().all(|(_, w)| single(w))
            || (count >= 4 && Layout::is_classic_size(count))
            || words
                .iter()
                .all(|(_, w)| !is_number(w) || w.parse::<usize>().is_ok_and(|v| v <= count)));
    if words_are_cells {
        let cells = words
            .iter()
            .map(|&(column, text)| {
                let mut chars = text.chars();
                let token = match (chars.next(), chars.next()) {
                    (Some(c), None) => Token::Char(c),
                    _ => Token::Number(text.parse().unwrap_or(u64::MAX)),
                };
                Cell {
                    line,
                    column,
                    token,
                }
            })
            .collect();
        return (cells, true);
    }
    let mut cells = Vec::new();
    for &(column, word) in words {
        for (i, c) in word.chars().enumerate() {
            cells.push(Cell {
                line,
                column: column + i,
                token: Token::Char(c),
            });
        }
    }
    (cells, false)
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
fn decode_cells(cells: &[Cell], n: usize, first_line: usize) -> Result<Grid, ParseError> {
    let layout = layout_for(n, first_line)?;
    let alphabet = detect_alphabet(
        n,
        cells.iter().filter_map(|c| match c.token {
            Token::Char(c) => Some(c),
            Token::Number(_) => None,
        }),
    );
    let mut values = Vec::with_capacity(n * n);
    for cell in cells {
        let value = match cell.token {
            Token::Char(c) => char_value(c, n, alphabet).ok_or_else(|| ParseError::BadChar {
                line: cell.line,
                column: cell.column,
                found: c,
                expected: expected(n, alphabet),
            })?,
            Token::Number(value) if value > n as u64 => {
                return Err(ParseError::OutOfRange {
                    line: cell.line,
                    column: cell.column,
                    value,
                    size: n,
                })
            }
            Token::Number(value) => value as u8,
        };
        values.push(value);
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

impl Reader<'_> {
    /// The next line as a plain 9×9 puzzle, consumed, when it is one and the size
    /// allows it: its first 81 characters are the puzzle, then the line ends or
    /// whitespace follows (the rest of the line, at most [`MAX_LINE`] bytes in all, is
    /// ignored, as on the general path). A line that ends right after the puzzle, the
    /// usual case, is taken without a search for its end.
    fn next_plain_nine(&mut self) -> Option<Record> {
        if self.opts.size.is_some_and(|n| n != 9) {
            return None;
        }
        let start = self.lines.pos;
        let rest = self.lines.text.get(start..)?;
        let word = rest.get(..81)?;
        let end = match rest.get(81) {
            None => start + 81,
            Some(b'\n') => start + 82,
            Some(b) if b.is_ascii_whitespace() => {
                let line = self.lines.peek()?;
                if line.bytes.len() > MAX_LINE {
                    return None;
                }
                line.end
            }
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

    /// The size of a one-line puzzle in characters whose first word has `len` of them.
    fn chars_puzzle(&self, len: usize) -> Option<usize> {
        match self.opts.size {
            Some(n) => (len == n.saturating_mul(n)).then_some(n),
            None => square_size(len),
        }
    }

    /// The size of a one-line puzzle of `count` cells gathered from words.
    fn cells_puzzle(&self, count: usize) -> Option<usize> {
        match self.opts.size {
            Some(n) => (count == n.saturating_mul(n)).then_some(n),
            None => square_size(count).filter(|&n| n * n > 64),
        }
    }

    /// The size of a block whose first row has `count` cells.
    fn block_size(&self, count: usize) -> Option<usize> {
        match self.opts.size {
            Some(n) => (count == n).then_some(n),
            None => (count >= 4 && Layout::is_classic_size(count)).then_some(count),
        }
    }

    /// Whether `count` cells, one per word when `by_words`, are a row of a board wider
    /// than the largest (inferred sizes only).
    fn is_wide(&self, count: usize, by_words: bool) -> bool {
        self.opts.size.is_none() && by_words && count > MAX_SIZE
    }

    /// The next line, taken, as the start of a record: blank, comment and rule lines
    /// are skipped (and end a run of one-line puzzles in numbers).
    fn next_start(&mut self) -> Option<Record> {
        let mut run = std::mem::take(&mut self.run);
        loop {
            let line = self.lines.peek()?;
            self.lines.advance(line.end);
            let number = line.number;
            if line.bytes.len() > MAX_LINE {
                if is_long_gap(line.bytes) {
                    run = 0;
                    continue;
                }
                return Some(Record {
                    line: number,
                    result: Err(ParseError::LineTooLong {
                        line: number,
                        length: line.bytes.len(),
                        limit: MAX_LINE,
                    }),
                });
            }
            let text = line_text(line.bytes, std::mem::take(&mut self.buffer));
            let record = match classify(&text) {
                LineKind::Gap | LineKind::Rule => None,
                LineKind::Content(words) => Some(self.start(number, &words, run)),
            };
            self.buffer = text;
            if record.is_some() {
                return record;
            }
            run = 0;
        }
    }

    /// The record that starts with the content line `number` (taken already), whose
    /// words are `words`; `run` is the width of the run of one-line puzzles in numbers
    /// the line right before it belongs to, or 0.
    fn start(&mut self, number: usize, words: &[(usize, &str)], run: usize) -> Record {
        let record = |result| Record {
            line: number,
            result,
        };
        let (column, first) = words[0];
        let first_len = first.chars().count();
        // The common case, a one-line puzzle in characters, needs no per-cell records.
        if let Some(n) = self.chars_puzzle(first_len) {
            return record(decode_chars(number, column, first, n));
        }
        let (cells, by_words) = row_cells(number, words);
        let count = cells.len();
        let wide = self.is_wide(count, by_words);
        let too_large = || ParseError::Layout {
            line: number,
            source: LayoutError::TooLarge { size: count },
        };
        if let Some(n) = self.cells_puzzle(count) {
            if wide && run != count && self.run_length(count) == count {
                return self.read_wide(number, count, too_large());
            }
            if wide {
                self.run = count;
            }
            return record(decode_cells(&cells, n, number));
        }
        if let Some(n) = self.block_size(count) {
            return match layout_for(n, number) {
                Ok(_) => self.read_block(number, n, cells),
                Err(error) => self.read_wide(number, n, error),
            };
        }
        if wide {
            return self.read_wide(number, count, too_large());
        }
        let found = if words.len() == 1 { first_len } else { count };
        record(Err(match self.opts.size {
            Some(size) => ParseError::WrongLength {
                line: number,
                found,
                expected: size.saturating_mul(size),
                size,
            },
            None => ParseError::BadLength {
                line: number,
                found,
            },
        }))
    }

    /// Looks at the next content line through `cursor`, without taking it: rule lines
    /// before it are passed, and blank lines too when `pass_blank`; a blank line
    /// otherwise, a comment, a line too long and the end of the text give `None`. A content line gives what `f` makes of its number and words,
    /// and the offset past it.
    fn look<R>(
        cursor: &mut LineCursor<'_>,
        pass_blank: bool,
        f: impl FnOnce(usize, &[(usize, &str)]) -> R,
    ) -> Option<(R, usize)> {
        loop {
            let line = cursor.peek().filter(|l| l.bytes.len() <= MAX_LINE)?;
            let text = line_text(line.bytes, String::new());
            match classify(&text) {
                LineKind::Gap if pass_blank && text.trim().is_empty() => cursor.advance(line.end),
                LineKind::Gap => return None,
                LineKind::Rule => cursor.advance(line.end),
                LineKind::Content(words) => return Some((f(line.number, &words), line.end)),
            }
        }
    }

    /// Whether a line is a row of a board `width` cells wide that no layout fits.
    fn is_wide_row(&self, words: &[(usize, &str)], width: usize) -> bool {
        let (cells, by_words) = row_cells(0, words);
        cells.len() == width
            && (by_words || self.opts.size.is_some())
            && self.chars_puzzle(words[0].1.chars().count()).is_none()
    }

    /// How many lines, from the one just taken, are rows `width` cells wide in a run,
    /// counted up to `width + 1`.
    fn run_length(&self, width: usize) -> usize {
        let mut cursor = self.lines.clone();
        let mut rows = 1;
        while rows <= width {
            match Self::look(&mut cursor, false, |_, words| {
                self.is_wide_row(words, width)
            }) {
                Some((true, end)) => cursor.advance(end),
                _ => break,
            }
            rows += 1;
        }
        rows
    }

    /// Reads the rest of a board `width` cells a row that no layout fits (wider than
    /// the largest board, or of the size asked for when it has none), which `error`
    /// says: its rows are taken without keeping their cells, and the whole is one
    /// record.
    fn read_wide(&mut self, start: usize, width: usize, error: ParseError) -> Record {
        let mut rows = 1;
        while rows < width {
            let mut cursor = self.lines.clone();
            match Self::look(&mut cursor, false, |_, words| {
                self.is_wide_row(words, width)
            }) {
                Some((true, end)) => {
                    cursor.advance(end);
                    self.lines = cursor;
                }
                _ => break,
            }
            rows += 1;
        }
        Record {
            line: start,
            result: Err(error),
        }
    }

    /// Reads the rest of a block of size `n` whose first row, on line `start`, is
    /// `first`. The block takes rows up to a blank line (except between bands), a comment, a line that is a
    /// puzzle on its own or a row of a board too large, or its `n`th row; cut short, it keeps only its rows of `n`
    /// cells from the start, so the lines after them are read again.
    fn read_block(&mut self, start: usize, n: usize, first: Vec<Cell>) -> Record {
        let mut cells = first;
        let mut rows = 1;
        let mut whole_rows = 1;
        let mut bad_row: Option<ParseError> = None;
        let mut cursor = self.lines.clone();
        let mut after_whole = cursor.clone();
        // A blank line may stand between bands, as in rows printed box by box.
        let band = Layout::box_shape(n).map_or(n, |(box_rows, _)| box_rows);
        while rows < n {
            let row = Self::look(&mut cursor, rows % band == 0, |number, words| {
                let puzzle = self.chars_puzzle(words[0].1.chars().count()).is_some();
                let (row, by_words) = row_cells(number, words);
                let alone = puzzle
                    || self.cells_puzzle(row.len()).is_some()
                    || self.is_wide(row.len(), by_words);
                (!alone).then_some((number, row))
            });
            let Some((Some((number, row)), end)) = row else {
                break;
            };
            cursor.advance(end);
            rows += 1;
            if bad_row.is_some() {
                continue;
            }
            if row.len() == n {
                whole_rows += 1;
                after_whole = cursor.clone();
                cells.extend(row);
            } else {
                bad_row = Some(ParseError::RowLength {
                    line: number,
                    found: row.len(),
                    size: n,
                });
            }
        }
        let result = if rows < n {
            self.lines = after_whole;
            Err(ParseError::IncompleteBlock {
                line: start,
                rows: whole_rows,
                size: n,
            })
        } else {
            self.lines = cursor;
            match bad_row {
                Some(err) => Err(err),
                None => decode_cells(&cells, n, start),
            }
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
            self.run = 0;
            return Some(record);
        }
        self.next_start()
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
    fn blank_lines_between_bands_keep_a_block_whole() {
        let zeros = HARD1.replace('.', "0");
        let rows: Vec<String> = zeros
            .as_bytes()
            .chunks(9)
            .map(|r| {
                let digits: Vec<String> = r.iter().map(|&c| (c as char).to_string()).collect();
                digits.join(" ")
            })
            .collect();
        let text = format!(
            "{}\n\n{}\n\n{}\n",
            rows[..3].join("\n"),
            rows[3..6].join("\n"),
            rows[6..].join("\n")
        );
        let recs = read(&text);
        assert_eq!(recs.len(), 1, "{recs:?}");
        assert_eq!(recs[0].result.as_ref().unwrap().to_line(), HARD1);
        // Inside a band, a blank line still ends the block.
        let cut = format!("{}\n\n{}\n", rows[..2].join("\n"), rows[2..].join("\n"));
        assert!(read(&cut).iter().all(|r| r.result.is_err()));
    }

    #[test]
    fn bar_lines_are_rules() {
        assert_eq!(read("|\n   |  |\n").len(), 0);
        let rows: Vec<&str> = HARD1
            .as_bytes()
            .chunks(9)
            .map(|r| std::str::from_utf8(r).unwrap())
            .collect();
        let text = format!(
            "{}\n|   |   |\n{}\n",
            rows[..3].join("\n"),
            rows[3..].join("\n")
        );
        let recs = read(&text);
        assert_eq!(recs.len(), 1);
        assert_eq!(recs[0].result.as_ref().unwrap().to_line(), HARD1);
    }

    #[test]
    fn a_huge_size_is_an_error_not_an_overflow() {
        for size in [1usize << 32, usize::MAX] {
            let opts = ReadOptions { size: Some(size) };
            let recs: Vec<Record> = records("1...2...3...4...\n", &opts).collect();
            assert_eq!(recs.len(), 1);
            assert!(recs[0].result.is_err());
        }
    }

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

    /// Each record as its line and either its grid or its error message.
    fn listed(text: &str, opts: &ReadOptions) -> Vec<(usize, Result<String, String>)> {
        records(text, opts)
            .map(|r| {
                let result = r.result.map(|g| g.to_line()).map_err(|e| e.to_string());
                (r.line, result)
            })
            .collect()
    }

    /// A line of a row's length starts a block, but a complete puzzle, a blank line or
    /// a comment ends it: the block is one record at its first line and reading goes on
    /// right after its rows.
    #[test]
    fn a_stray_row_takes_no_puzzle_with_it() {
        let broken = &HARD1[..80];
        let opts = ReadOptions::default();
        let text = format!("4.....8.5\n{broken}\n\n# note\n{HARD1}\n4.....8.5\n{HARD1}\n.3.......\n\n.3.......\n# c\n{HARD1}\n");
        let got = listed(&text, &opts);
        let lines: Vec<usize> = got.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, [1, 2, 5, 6, 7, 8, 10, 12], "{got:?}");
        for (i, (_, result)) in got.iter().enumerate() {
            assert_eq!(result.is_ok(), [2, 4, 7].contains(&i), "{got:?}");
        }
        assert!(got[0]
            .1
            .as_ref()
            .unwrap_err()
            .contains("only 1 of its 9 rows"));
        assert!(got[1].1.as_ref().unwrap_err().contains("80 cells"));

        // Rows right before the line that ends the block are taken with it.
        let rows = "4.....8.5\n.3.......\n---+---+---\n...7.....\n";
        let text = format!("{rows}{broken}\n{HARD1}\n{rows}\n{HARD1}\n");
        let got = listed(&text, &opts);
        let lines: Vec<usize> = got.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, [1, 5, 6, 7, 12], "{got:?}");
        assert!(got[0]
            .1
            .as_ref()
            .unwrap_err()
            .contains("only 3 of its 9 rows"));
        assert!(got[2].1.is_ok() && got[4].1.is_ok());
    }

    #[test]
    fn every_line_end_ends_a_line() {
        let opts = ReadOptions::default();
        let text = format!("{HARD1}\r{HARD1}\r\n\r{HARD1}\n\n{HARD1}\r");
        let got = listed(&text, &opts);
        let lines: Vec<usize> = got.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, [1, 2, 4, 6], "{got:?}");
        assert!(got.iter().all(|(_, r)| r.as_deref() == Ok(HARD1)));
        let block = "4.....8.5\r.3.......\r...7.....\r.2.....6.\r....8.4..\r....1....\r...6.3.7.\r5..2.....\r1.4......\r";
        assert_eq!(parse_one(block, &opts).unwrap().to_line(), HARD1);
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let opts = ReadOptions::default();
        let got = listed(&format!("\u{feff}{HARD1}\n{HARD1}\n"), &opts);
        assert_eq!(got.len(), 2);
        assert!(
            got.iter().all(|(_, r)| r.as_deref() == Ok(HARD1)),
            "{got:?}"
        );
        let got = listed("\u{feff}# comment\n4 . . | . . . | 8 . 5\n", &opts);
        assert_eq!(got[0].0, 2);
    }

    /// Rows of numbers wider than the largest board make one record however many they
    /// are, and the puzzle after them is read.
    #[test]
    fn boards_over_the_largest_size_are_one_record() {
        let opts = ReadOptions::default();
        let board = |n: usize, value: &dyn Fn(usize, usize) -> usize| -> String {
            (0..n)
                .map(|r| {
                    let row: Vec<String> = (0..n).map(|c| value(r, c).to_string()).collect();
                    row.join(" ") + "\n"
                })
                .collect()
        };
        let latin = |n: usize| move |r: usize, c: usize| (r + c) % n + 1;
        let boards = [
            board(65, &latin(65)),
            board(65, &|_, _| 0),
            board(81, &latin(81)),
            board(81, &|_, _| 0),
            board(100, &|_, _| 0),
            board(100, &latin(100)),
        ];
        for b in &boards {
            let n = b.lines().count();
            let text = format!("{b}{HARD1}\n");
            let got = listed(&text, &opts);
            assert_eq!(got.len(), 2, "{n}: {:?}", &got[..3.min(got.len())]);
            let err = got[0].1.as_ref().unwrap_err();
            assert!(err.contains("boards up to 64×64 are supported"), "{err}");
            assert_eq!(got[1], (n + 1, Ok(HARD1.to_string())));
            // A stray row before the board takes none of its rows.
            let got = listed(&format!("4.....8.5\n{text}"), &opts);
            let lines: Vec<usize> = got.iter().map(|(l, _)| *l).collect();
            assert_eq!(lines, [1, 2, n + 2], "{n}");
        }
        let sized = ReadOptions { size: Some(100) };
        assert_eq!(listed(&boards[4], &sized).len(), 1);

        // A run of one-line puzzles in numbers is not a board, whatever its length.
        let numbers = HARD1
            .chars()
            .map(|c| if c == '.' { "0".into() } else { c.to_string() })
            .collect::<Vec<_>>()
            .join(" ");
        for count in [1, 80, 82, 200] {
            let text = format!("{numbers}\n").repeat(count);
            let got = listed(&text, &opts);
            assert_eq!(got.len(), count);
            assert!(got.iter().all(|(_, r)| r.as_deref() == Ok(HARD1)));
        }
    }

    /// A line far longer than any puzzle is one malformed record, read no further
    /// than needed; a comment line of any length is skipped.
    #[test]
    fn a_line_too_long_for_a_puzzle_is_one_record() {
        let opts = ReadOptions::default();
        let long = "1".repeat(200_000);
        let spaced = "1 ".repeat(100_000);
        let comment = format!("# {long}");
        let text = format!("{HARD1}\n{long}\n{spaced}\n{comment}\n{HARD1}  {long}\n{HARD1}\n");
        let got = listed(&text, &opts);
        let lines: Vec<usize> = got.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, [1, 2, 3, 5, 6], "{:?}", lines);
        for (i, bytes) in [(1, 200_000), (2, 200_000), (3, 200_083)] {
            let err = got[i].1.as_ref().unwrap_err();
            let want = format!("line of {bytes} bytes is too long for a puzzle");
            assert!(err.contains(&want), "{err}");
        }
        assert_eq!(got[4].1.as_deref(), Ok(HARD1));
        // A block ends at such a line.
        let text = format!("4.....8.5\n{long}\n{HARD1}\n");
        assert_eq!(listed(&text, &opts).len(), 3);
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
