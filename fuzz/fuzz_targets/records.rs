//! A batch as the command reads it: puzzles written in every form, with blank, comment
//! and rule lines between them, read back by `sudokit::format::read::records`.
//!
//! The fuzz bytes choose, unit by unit, a skipped line (blank, whitespace, comment,
//! rule) or a puzzle (size, digits, form: line with or without a trailing comment,
//! block, pretty picture), and each unit's line end (`\n` or `\r\n`). Invariant, exact:
//! one record per puzzle, in order, starting on the puzzle's first line and holding
//! its grid — with the size inferred, and given when all puzzles share one. Nothing is
//! lost, merged or split.
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use sudokit::format::read::records;
use sudokit::format::{write, OutputFormat, ReadOptions};
use sudokit::{Grid, Layout};

const SIZES: [usize; 7] = [9, 4, 6, 16, 8, 12, 25];
const SKIPPED: [&str; 6] = [
    "",
    "   ",
    "\t",
    "# a comment",
    "  # 7.2 rated",
    "------+-------+------",
];

/// Appends the units decoded from `u` to `text`; returns each puzzle with its first line.
fn build(u: &mut Unstructured<'_>, text: &mut String) -> Result<Vec<(usize, Grid)>> {
    let mut puzzles = Vec::new();
    let mut line = 1;
    while !u.is_empty() && puzzles.len() < 8 {
        let kind = u.arbitrary::<u8>()?;
        let end = if kind & 0x80 != 0 { "\r\n" } else { "\n" };
        let unit = match kind & 0x7f {
            k if usize::from(k) < SKIPPED.len() => SKIPPED[usize::from(k)].to_string(),
            k => {
                let n = SIZES[usize::from(k) % SIZES.len()];
                let layout = Layout::classic(n).expect("a classic size");
                let mut cells = Vec::with_capacity(n * n);
                for _ in 0..n * n {
                    cells.push(u.arbitrary::<u8>()? % (n as u8 + 1));
                }
                let grid = Grid::from_cells(layout, cells).expect("digits in range");
                let unit = match k % 4 {
                    0 => write(&grid, OutputFormat::Line),
                    1 => write(&grid, OutputFormat::Line) + "  # trailing words",
                    2 => write(&grid, OutputFormat::Block),
                    _ => write(&grid, OutputFormat::Pretty),
                };
                puzzles.push((line, grid));
                unit
            }
        };
        line += unit.split('\n').count();
        text.push_str(&unit.replace('\n', end));
        text.push_str(end);
    }
    Ok(puzzles)
}

fuzz_target!(|data: &[u8]| {
    let mut text = String::new();
    let Ok(puzzles) = build(&mut Unstructured::new(data), &mut text) else {
        return;
    };
    let mut options = vec![ReadOptions::default()];
    if let Some((_, first)) = puzzles.first() {
        if puzzles.iter().all(|(_, g)| g.size() == first.size()) {
            options.push(ReadOptions {
                size: Some(first.size()),
            });
        }
    }
    for opts in &options {
        let recs: Vec<_> = records(&text, opts).collect();
        let read: Vec<_> = recs.iter().map(|r| (r.line, r.result.as_ref())).collect();
        let written: Vec<_> = puzzles.iter().map(|(l, g)| (*l, Ok(g))).collect();
        assert_eq!(read, written, "size {:?}, text:\n{text}", opts.size);
    }
});
