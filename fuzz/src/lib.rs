//! Shared pieces of the fuzz targets: the lines of a text as the reader numbers them,
//! the position a read error names, the write-then-read round trip, and the decoding of
//! fuzz bytes into a puzzle (with its solution when one is known).
//!
//! Every check panics with a message naming the broken invariant, so libFuzzer reports
//! it as a crash with the input that caused it.

use libfuzzer_sys::arbitrary::Unstructured;
use sudokit::engine::{Engine, Query};
use sudokit::format::read::records;
use sudokit::format::{write, OutputFormat, ReadOptions};
use sudokit::generate::{full_grid, Rng};
use sudokit::logic::{general_fish, Family, TechniqueSet};
use sudokit::{Grid, Layout, ParseError};

/// The lines of `text` as the reader cuts and numbers them (line `i + 1` is `[i]`):
/// after a byte-order mark, at `\n`, `\r\n` or `\r`, with no empty last line after a
/// final line end; bytes that are not UTF-8 stand for U+FFFD.
pub fn lines(text: &[u8]) -> Vec<String> {
    let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b'\n' | b'\r' => {
                out.push(String::from_utf8_lossy(&text[start..i]).into_owned());
                if text[i] == b'\r' && text.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < text.len() {
        out.push(String::from_utf8_lossy(&text[start..]).into_owned());
    }
    out
}

/// The line and, when it names one, the column of a read error.
pub fn error_position(e: &ParseError) -> Option<(usize, Option<usize>)> {
    match *e {
        ParseError::BadChar { line, column, .. } | ParseError::OutOfRange { line, column, .. } => {
            Some((line, Some(column)))
        }
        ParseError::BadLength { line, .. }
        | ParseError::WrongLength { line, .. }
        | ParseError::RowLength { line, .. }
        | ParseError::IncompleteBlock { line, .. }
        | ParseError::LineTooLong { line, .. }
        | ParseError::Layout { line, .. }
        | ParseError::TrailingPuzzle { line } => Some((line, None)),
        ParseError::Empty => None,
    }
}

/// Checks that an error read from `text` names a line of it, no earlier than the
/// record's own, and a column within that line.
pub fn check_error_position(text_lines: &[String], record_line: usize, e: &ParseError) {
    let Some((line, column)) = error_position(e) else {
        panic!("a record's error names no line: {e:?}");
    };
    assert!(
        line >= record_line && line <= text_lines.len(),
        "error line {line} outside {record_line}..={}: {e:?}",
        text_lines.len()
    );
    if let Some(column) = column {
        let width = text_lines[line - 1].chars().count();
        assert!(
            column >= 1 && column <= width,
            "error column {column} outside the {width} characters of line {line}: {e:?}"
        );
    }
    assert!(!e.to_string().is_empty());
}

/// Checks that `grid`, written in `form`, reads back as exactly itself, with the size
/// given and without it.
pub fn check_reads_back(grid: &Grid, form: OutputFormat) {
    let text = write(grid, form);
    for size in [Some(grid.size()), None] {
        let opts = ReadOptions { size };
        let back: Vec<_> = records(&text, &opts).collect();
        assert_eq!(
            back.len(),
            1,
            "{form:?} form read back as {} records (size {size:?}):\n{text}",
            back.len()
        );
        assert_eq!(back[0].line, 1);
        assert_eq!(
            back[0].result.as_ref(),
            Ok(grid),
            "{form:?} form does not read back (size {size:?}):\n{text}"
        );
    }
}

/// A puzzle decoded from fuzz bytes, with a solution of it when the decoding knows one.
#[derive(Debug)]
pub struct FuzzPuzzle {
    /// The puzzle.
    pub puzzle: Grid,
    /// A solution of the puzzle, when it was made from one.
    pub solution: Option<Grid>,
}

/// Board sizes of written puzzles (`Cells`, `Placements`); kept to 9×9 and below so
/// that every search stays short.
const SMALL_SIZES: [usize; 4] = [9, 4, 6, 8];

/// Board sizes of puzzles cut from a solution grid; on the boards over 9×9 at least
/// three cells in four stay given, as `generic` can take seconds to count a 16×16
/// puzzle with half its cells given, far too long for millions of runs.
const SOLUTION_SIZES: [usize; 6] = [9, 4, 6, 8, 12, 16];

/// Decodes a puzzle from fuzz bytes.
///
/// Byte 0 chooses how, byte 1 the size; the rest depends on the choice:
/// - `0` (`Cells`): one byte per cell, row-major, the digit `byte % (n + 1)` (`0` is
///   empty; cells past the end of the input are empty). A 9×9 puzzle line becomes a seed
///   by writing its digits as bytes `0`–`9` after `\0\0`.
/// - `1` (`Placements`): pairs `(cell, digit)`, cell `% n²`, digit `% n + 1`, later
///   pairs overwriting earlier ones.
/// - `2` (`Solution`): a random solution grid from an 8-byte seed, then one bit per
///   cell saying the cell is left empty (at most a quarter of the cells on boards over
///   9×9).
pub fn decode_puzzle(data: &[u8]) -> Option<FuzzPuzzle> {
    let mut u = Unstructured::new(data);
    let mode = u.arbitrary::<u8>().ok()? % 3;
    let pick = usize::from(u.arbitrary::<u8>().ok()?);
    match mode {
        0 => {
            let n = SMALL_SIZES[pick % SMALL_SIZES.len()];
            let layout = Layout::classic(n).ok()?;
            let bytes = u.take_rest();
            let cells = (0..n * n)
                .map(|i| bytes.get(i).map_or(0, |&b| b % (n as u8 + 1)))
                .collect();
            Some(FuzzPuzzle {
                puzzle: Grid::from_cells(layout, cells)?,
                solution: None,
            })
        }
        1 => {
            let n = SMALL_SIZES[pick % SMALL_SIZES.len()];
            let mut puzzle = Grid::empty(Layout::classic(n).ok()?);
            for pair in u.take_rest().chunks_exact(2) {
                puzzle.set(usize::from(pair[0]) % (n * n), pair[1] % n as u8 + 1);
            }
            Some(FuzzPuzzle {
                puzzle,
                solution: None,
            })
        }
        _ => {
            let n = SOLUTION_SIZES[pick % SOLUTION_SIZES.len()];
            let layout = Layout::classic(n).ok()?;
            let seed = u.arbitrary::<u64>().ok()?;
            let solution = full_grid(&layout, &sudokit::engine::Auto, &mut Rng::new(seed)).ok()?;
            let holes = u.take_rest();
            let max_holes = if n > 9 { n * n / 4 } else { n * n };
            let mut puzzle = solution.clone();
            let emptied = (0..n * n)
                .filter(|&i| holes.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1))
                .take(max_holes);
            for cell in emptied {
                puzzle.set(cell, 0);
            }
            assert!(
                solution.is_full() && solution.is_solution_of(&puzzle),
                "full_grid made no solution grid"
            );
            Some(FuzzPuzzle {
                puzzle,
                solution: Some(solution),
            })
        }
    }
}

/// The solutions an engine finds with `limit = 2`: the count, checked against the
/// solution it reports, and that solution, checked against the puzzle.
pub fn count_two(engine: &dyn Engine, puzzle: &Grid) -> (u64, Option<Grid>) {
    let found = engine
        .search(puzzle, &Query::up_to(2))
        .unwrap_or_else(|e| panic!("{} refused a supported board: {e}", engine.name()));
    assert!(found.count <= 2, "{} counted past its limit", engine.name());
    assert_eq!(
        found.count > 0,
        found.solution.is_some(),
        "{}: count {} with solution {:?}",
        engine.name(),
        found.count,
        found.solution
    );
    if let Some(s) = &found.solution {
        assert!(
            s.is_solution_of(puzzle),
            "{} gave a wrong solution {} for {}",
            engine.name(),
            s.to_line(),
            puzzle.to_line()
        );
    }
    (found.count, found.solution)
}

/// The techniques the logic targets run: every one but the ALS, Sue de Coq and forcing
/// families and the Franken, mutant and Siamese fish, as in the soundness tests. Those
/// searches can take minutes on one wide-open state (an ALS-Chain search visits tens
/// of millions of chains), past libFuzzer's timeout; the soundness tests and the
/// reglib cases cover them.
pub fn fuzzed_techniques() -> TechniqueSet {
    [Family::Als, Family::Misc, Family::Forcing]
        .into_iter()
        .fold(TechniqueSet::implemented(), |set, family| {
            set.difference(TechniqueSet::family(family))
        })
        .difference(general_fish::TECHNIQUES.iter().copied().collect())
}
