//! Turning what Python hands over (text, nested lists) into checked puzzles.
//!
//! Text goes to the library's reader ([`sudokit::format::read::parse_one`]), except
//! for the commonest case, a bare 81-character 9×9 line, which is decoded here directly:
//! the bindings are called once per puzzle in Python loops, where the general reader's
//! work per line (splitting words, looking for a second puzzle) is a large share of the
//! time. The fast path accepts only what the general reader reads the same way, and
//! hands anything else (including every error) to it, so results and messages never
//! differ.

use sudokit::format::{read::parse_one, ReadOptions};
use sudokit::{Grid, Layout};

use crate::errors::Failure;

/// Marks a byte that is not part of the 9×9 one-line alphabet in [`LINE81`].
const NOT_A_CELL: u8 = 0xFF;

/// The value of each byte in a 9×9 one-line puzzle: `1`–`9`, and 0 for `.` `0` `_` `*`.
const LINE81: [u8; 256] = {
    let mut table = [NOT_A_CELL; 256];
    let mut d = 1;
    while d <= 9 {
        table[(b'0' + d) as usize] = d;
        d += 1;
    }
    table[b'.' as usize] = 0;
    table[b'0' as usize] = 0;
    table[b'_' as usize] = 0;
    table[b'*' as usize] = 0;
    table
};

/// Decodes a bare 81-character line of `1`–`9` and `.` `0` `_` `*`, or `None` when the
/// text is anything else.
fn line81(text: &str) -> Option<Grid> {
    let bytes: &[u8; 81] = text.as_bytes().try_into().ok()?;
    let cells = bytes.map(|b| LINE81[usize::from(b)]);
    if cells.contains(&NOT_A_CELL) {
        return None;
    }
    Grid::from_cells(Layout::classic(9).ok()?, cells.to_vec())
}

/// Reads exactly one puzzle from text in any format the library reads.
pub fn parse(text: &str, size: Option<usize>) -> Result<Grid, Failure> {
    if matches!(size, None | Some(9)) {
        if let Some(grid) = line81(text) {
            return Ok(grid);
        }
    }
    Ok(parse_one(text, &ReadOptions { size })?)
}

/// Checks that no digit repeats in a unit.
///
/// 9×9 grids are checked with one bit mask per row, column and box; only when that
/// finds a repeat is the library's check run, for its message naming the cells.
pub fn check(grid: Grid) -> Result<Grid, Failure> {
    if grid.size() == 9 && grid.layout().units().len() == 27 && no_repeat9(grid.cells()) {
        return Ok(grid);
    }
    grid.validate()?;
    Ok(grid)
}

/// Whether no digit repeats in a row, column or box of 9×9 cells: every digit sets
/// its bit in the masks of its three units, and a repeat shows as fewer bits set than
/// digits placed. Branch-free, so it costs the same for every puzzle.
fn no_repeat9(cells: &[u8]) -> bool {
    let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    let mut placed = 0;
    for (r, row) in cells.chunks_exact(9).enumerate() {
        for (c, &d) in row.iter().enumerate() {
            let bit = (1u16 << (d & 15)) & !1;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[r / 3 * 3 + c / 3] |= bit;
            placed += u32::from(d != 0);
        }
    }
    let bits = |masks: [u16; 9]| masks.iter().map(|m| m.count_ones()).sum::<u32>();
    bits(rows) == placed && bits(cols) == placed && bits(boxes) == placed
}

/// Reads and checks a puzzle.
pub fn puzzle(text: &str, size: Option<usize>) -> Result<Grid, Failure> {
    check(parse(text, size)?)
}

/// Builds a grid from rows of numbers (`0` for empty), for any classic size.
pub fn from_rows(rows: Vec<Vec<i64>>) -> Result<Grid, Failure> {
    let n = rows.len();
    let layout = Layout::classic(n).map_err(|e| Failure::Parse(format!("{n} rows: {e}")))?;
    let mut cells = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        if row.len() != n {
            return Err(Failure::Parse(format!(
                "row {}: a row of a {n}×{n} board needs {n} cells, found {}",
                r + 1,
                row.len()
            )));
        }
        for (c, &v) in row.iter().enumerate() {
            match u8::try_from(v) {
                Ok(d) if usize::from(d) <= n => cells.push(d),
                _ => {
                    return Err(Failure::Parse(format!(
                        "row {}, column {}: value {v} is out of range for a {n}×{n} board (0 for empty, 1 to {n})",
                        r + 1,
                        c + 1
                    )))
                }
            }
        }
    }
    Ok(Grid::from_cells(layout, cells).expect("cells were checked against the size"))
}
