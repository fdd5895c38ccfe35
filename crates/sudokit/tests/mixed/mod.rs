//! Texts that mix good one-line puzzles with broken lines, boards too large, lines too
//! long, blank and comment lines, under any line ends, together with the records a
//! reader that knows where each of them begins finds: for the reader's property tests,
//! in the library (`reader.rs`) and at the command line (the CLI's `reader_cli.rs`).
//!
//! Some texts have no true boundaries, and are not made: a stray row followed by as
//! many more lines as its block has rows (they are a ragged block), two stray rows of
//! the same length in a row (they are the start of a block), and two boards of the
//! same square width in a row (`81` lines of `81` numbers are one board, `162` are 9×9
//! puzzles). So at most three broken lines follow each other, stray rows of one length
//! are kept apart, and so are boards of one width: by a comment line, which ends any
//! block.

#![allow(dead_code)]

use proptest::prelude::*;
use sudokit::format::read::MAX_LINE;

/// What a reader must find for one item of a mixed text.
#[derive(Debug, Clone)]
pub enum Expect {
    /// A good puzzle: the line as it would be read alone.
    Puzzle(String),
    /// A malformed record whose message holds this text.
    Malformed(&'static str),
}

/// A mixed text and its records: the line each starts on and what it holds.
#[derive(Debug, Clone)]
pub struct Mixed {
    /// The text's bytes.
    pub text: Vec<u8>,
    /// Its records in order.
    pub records: Vec<(usize, Expect)>,
}

/// One item of a mixed text, before it is written.
#[derive(Debug, Clone)]
enum Item {
    /// A puzzle as it is, with `0` for empty, or with a comment after it.
    Good(usize, u8),
    /// A puzzle cut to its first `len` characters.
    Cut(usize, usize),
    /// A puzzle with `extra` dots after it.
    Longer(usize, usize),
    /// A puzzle with a character of no alphabet at `at`.
    BadChar(usize, usize),
    /// A board of numbers `width` a row (over 64), empty or full.
    Wide(usize, bool),
    /// A line of `len` bytes (over the limit): a word, numbers, a puzzle then a word, or
    /// a comment.
    Long(usize, u8),
    Blank,
    Comment,
}

/// Lengths a broken line must not have: the squares of classic sizes, which are
/// puzzles.
const PUZZLE_LENGTHS: [usize; 4] = [16, 36, 64, 100];

fn item(puzzles: usize) -> impl Strategy<Value = Item> {
    let p = 0..puzzles;
    prop_oneof![
        8 => (p.clone(), 0..3u8).prop_map(|(i, s)| Item::Good(i, s)),
        2 => (p.clone(), 1..81usize)
            .prop_filter("a puzzle length", |(_, n)| !PUZZLE_LENGTHS.contains(n))
            .prop_map(|(i, n)| Item::Cut(i, n)),
        1 => (p.clone(), Just(9usize)).prop_map(|(i, n)| Item::Cut(i, n)),
        1 => (p.clone(), 1..40usize)
            .prop_filter("a puzzle length", |(_, n)| !PUZZLE_LENGTHS.contains(&(81 + n)))
            .prop_map(|(i, n)| Item::Longer(i, n)),
        1 => (p, 0..81usize).prop_map(|(i, at)| Item::BadChar(i, at)),
        1 => (prop::sample::select(vec![65usize, 70, 81, 100]), any::<bool>())
            .prop_map(|(w, full)| Item::Wide(w, full)),
        1 => (MAX_LINE + 1..MAX_LINE * 2, 0..4u8).prop_map(|(n, k)| Item::Long(n, k)),
        1 => Just(Item::Blank),
        1 => Just(Item::Comment),
    ]
}

/// The line ends: `\n`, `\r\n`, `\r`.
const ENDS: [&str; 3] = ["\n", "\r\n", "\r"];

/// Mixed texts of up to `items` items built from `puzzles` (one-line 9×9 puzzles with
/// `.` for empty): each item's lines end as it picks, or all as the text picks.
pub fn mixed(puzzles: Vec<String>, items: usize) -> impl Strategy<Value = Mixed> {
    (
        prop::collection::vec((item(puzzles.len()), 0..ENDS.len()), 0..items),
        prop::option::of(0..ENDS.len()),
        any::<bool>(),
    )
        .prop_map(move |(items, all, bom)| {
            let items: Vec<(Item, &'static str)> = items
                .into_iter()
                .map(|(item, end)| (item, ENDS[all.unwrap_or(end)]))
                .collect();
            build(&puzzles, &items, bom)
        })
}

/// The lines of an item and what a reader must find at its first.
fn lines_of(puzzles: &[String], item: &Item) -> (Vec<String>, Option<Expect>) {
    let p = |i: usize| puzzles[i].clone();
    let bad = Some(Expect::Malformed(""));
    match *item {
        Item::Good(i, style) => {
            let line = match style {
                0 => p(i),
                1 => p(i).replace('.', "0"),
                _ => format!("{}  # rated 1.2", p(i)),
            };
            (vec![line.clone()], Some(Expect::Puzzle(line)))
        }
        Item::Cut(i, n) => (vec![p(i)[..n].to_string()], bad),
        Item::Longer(i, n) => (vec![p(i) + &".".repeat(n)], bad),
        Item::BadChar(i, at) => {
            let mut line = p(i).into_bytes();
            line[at] = b'x';
            (vec![String::from_utf8(line).unwrap()], bad)
        }
        Item::Wide(w, full) => {
            let rows = (0..w)
                .map(|r| {
                    let row: Vec<String> = (0..w)
                        .map(|c| if full { (r + c) % w + 1 } else { 0 }.to_string())
                        .collect();
                    row.join(" ")
                })
                .collect();
            (rows, Some(Expect::Malformed("boards up to 64×64")))
        }
        Item::Long(n, kind) => {
            let too_long = Some(Expect::Malformed("too long for a puzzle"));
            match kind {
                0 => (vec!["1".repeat(n)], too_long),
                1 => (vec!["1 ".repeat(n / 2)], too_long),
                2 => (vec![format!("{} {}", p(0), "#".repeat(n))], too_long),
                _ => (vec![format!("# {}", "x".repeat(n))], None),
            }
        }
        Item::Blank => (vec![String::new()], None),
        Item::Comment => (vec!["# note".to_string()], None),
    }
}

/// A stray row's length, for a broken line that may start a block.
fn row_length(item: &Item) -> Option<usize> {
    match *item {
        Item::Cut(_, n) => Some(n),
        _ => None,
    }
}

fn is_broken(item: &Item) -> bool {
    matches!(
        item,
        Item::Cut(..) | Item::Longer(..) | Item::BadChar(..) | Item::Long(_, 0..=2)
    )
}

/// Writes the items, each line ended by its item's line end, and lists the records.
fn build(puzzles: &[String], items: &[(Item, &'static str)], bom: bool) -> Mixed {
    let mut text = if bom {
        b"\xEF\xBB\xBF".to_vec()
    } else {
        Vec::new()
    };
    let mut records = Vec::new();
    let mut line = 0;
    let mut previous: Option<&Item> = None;
    let mut broken_run = 0;
    let mut last_end = "\n";
    let mut push = |text: &mut Vec<u8>, content: &str, end: &'static str| {
        // `\r` then an empty line ended by `\n` would be one line end.
        let end = if last_end == "\r" && content.is_empty() && end == "\n" {
            "\r\n"
        } else {
            end
        };
        text.extend_from_slice(content.as_bytes());
        text.extend_from_slice(end.as_bytes());
        last_end = end;
    };
    for (item, end) in items {
        let apart = match (previous, item) {
            (_, item) if is_broken(item) && broken_run == 3 => true,
            (Some(a), b) if row_length(a).is_some() && row_length(a) == row_length(b) => true,
            (Some(Item::Wide(a, _)), Item::Wide(b, _)) => a == b,
            _ => false,
        };
        if apart {
            push(&mut text, "# apart", end);
            line += 1;
            broken_run = 0;
        }
        let (lines, expect) = lines_of(puzzles, item);
        if let Some(expect) = expect {
            records.push((line + 1, expect));
        }
        for l in &lines {
            push(&mut text, l, end);
        }
        line += lines.len();
        broken_run = if is_broken(item) { broken_run + 1 } else { 0 };
        previous = Some(item);
    }
    Mixed { text, records }
}
