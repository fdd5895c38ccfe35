//! The text reader on arbitrary bytes: `sudokit::format::read::records`.
//!
//! Byte 0 picks the size option (none, the usual sizes, and sizes no board has); the
//! rest is the text, as bytes. Invariants: no panic; the bytes read as their UTF-8 text
//! (invalid bytes replaced) does; records start on strictly increasing lines of the input; an error names a
//! line at or after its record's and a column inside that line; a grid has the size
//! asked for, and written as a line, a block or the pretty picture it reads back as
//! itself; `parse_one` agrees with the first record when there is exactly one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::format::read::{parse_one, records};
use sudokit::format::{OutputFormat, ReadOptions};
use sudokit_fuzz::{check_error_position, check_reads_back, lines};

/// Sizes the option can carry: none, the classic sizes, and sizes with no board (the
/// command takes `--size` as any number), among them sizes whose square overflows `usize`.
const SIZES: [Option<usize>; 16] = [
    None,
    Some(9),
    Some(4),
    Some(16),
    Some(25),
    Some(6),
    Some(12),
    Some(36),
    Some(64),
    Some(0),
    Some(1),
    Some(3),
    Some(7),
    Some(65),
    Some(1 << 32),
    Some(usize::MAX),
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let opts = ReadOptions {
        size: SIZES[usize::from(pick) % SIZES.len()],
    };
    let text_lines = lines(rest);
    let recs: Vec<_> = records(rest, &opts).collect();
    let text = String::from_utf8_lossy(rest);
    let from_text: Vec<_> = records(text.as_ref(), &opts).collect();
    assert_eq!(
        recs, from_text,
        "bytes and their UTF-8 text read differently"
    );
    let mut previous = 0;
    for rec in &recs {
        assert!(
            rec.line > previous && rec.line <= text_lines.len(),
            "record line {} after {previous}, input has {} lines",
            rec.line,
            text_lines.len()
        );
        previous = rec.line;
        match &rec.result {
            Ok(grid) => {
                if let Some(n) = opts.size {
                    assert_eq!(grid.size(), n, "a grid of another size than asked for");
                }
                for form in [
                    OutputFormat::Line,
                    OutputFormat::Block,
                    OutputFormat::Pretty,
                ] {
                    check_reads_back(grid, form);
                }
            }
            Err(e) => check_error_position(&text_lines, rec.line, e),
        }
    }
    if let [only] = &recs[..] {
        assert_eq!(parse_one(&text, &opts), only.result);
    }
});
