//! Reading puzzles from files or standard input, keeping for each one the file and
//! line it came from so every message can point at it.

use std::io::Read;
use std::path::{Path, PathBuf};

use sudokit::format::read::{count_lines, records, split_lines};
use sudokit::{Grid, ParseError, ReadOptions};

/// One puzzle as read: where it came from and the grid or why it could not be read.
#[derive(Debug, Clone)]
pub struct Item<'a> {
    /// File name (`-` for standard input).
    pub source: &'a str,
    /// Which of the texts read it came from, counted from 0.
    pub text: usize,
    /// First line of the puzzle, 1-based.
    pub line: usize,
    /// The text of that line (a command that reads candidates looks for a Sukaku line
    /// there).
    pub first_line: &'a str,
    /// The puzzle or the parse error.
    pub puzzle: Result<Grid, ParseError>,
}

/// A file that could not be read.
#[derive(Debug)]
pub struct Unreadable {
    /// The file name.
    pub source: String,
    /// The reason.
    pub error: std::io::Error,
}

/// One input's text and its name.
pub struct Text {
    /// File name (`-` for standard input).
    pub source: String,
    body: Body,
}

/// Where a text's bytes are: a file mapped into memory, or read into it. Either is
/// bytes, in no particular encoding: the reader checks each line it reads.
enum Body {
    Mapped(memmap2::Mmap),
    Read(Vec<u8>),
}

impl Text {
    /// A text given directly (an argument, or a text rewritten before reading).
    pub fn new(source: String, text: String) -> Text {
        Text {
            source,
            body: Body::Read(text.into_bytes()),
        }
    }

    /// The text's bytes.
    pub fn body(&self) -> &[u8] {
        match &self.body {
            Body::Read(bytes) => bytes,
            Body::Mapped(map) => map,
        }
    }
}

/// The text of each input (standard input when `files` is empty or a file is `-`).
/// Files that cannot be read are returned separately so the rest of the batch goes on.
///
/// A regular file is mapped into memory rather than read: reading copies it into fresh
/// memory, which the kernel first fills with zeros, and on a virtual machine that costs
/// about as much as the copy, while no puzzle is solved (`docs/perf/cli.md`). Standard
/// input, empty and special files are read.
pub fn read_texts(files: &[PathBuf]) -> (Vec<Text>, Vec<Unreadable>) {
    let mut texts = Vec::new();
    let mut failed = Vec::new();
    let stdin_only = [PathBuf::from("-")];
    let files = if files.is_empty() {
        &stdin_only[..]
    } else {
        files
    };
    for path in files {
        let name = path.display().to_string();
        if name != "-" {
            if let Some(map) = map(path) {
                texts.push(Text {
                    source: name,
                    body: Body::Mapped(map),
                });
                continue;
            }
        }
        let bytes = if name == "-" {
            let mut buf = Vec::new();
            std::io::stdin().read_to_end(&mut buf).map(|_| buf)
        } else {
            std::fs::read(path)
        };
        match bytes {
            Ok(bytes) => texts.push(Text {
                source: name,
                body: Body::Read(bytes),
            }),
            Err(error) => failed.push(Unreadable {
                source: name,
                error,
            }),
        }
    }
    (texts, failed)
}

/// The regular, non-empty file at `path` mapped into memory, read-only; `None` when it
/// is not one or cannot be mapped (reading it then says why, if it fails).
fn map(path: &Path) -> Option<memmap2::Mmap> {
    let file = std::fs::File::open(path).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() || meta.len() == 0 {
        return None;
    }
    // SAFETY: the map is read-only and private to this process, and the command reads
    // its inputs once, right away. What a mapping cannot rule out is another process
    // changing the file meanwhile. Truncated, the missing pages fault (the process
    // stops on SIGBUS). Rewritten, the bytes change under the `&[u8]` the map is
    // handed out as, which Rust assumes does not happen; nothing here depends on it
    // holding: the map is only ever bytes (never a `&str`), the reader copies a line
    // before it checks it is UTF-8, and every index into the map is bounds-checked, so
    // the reader reads what the file says at that moment, as other or malformed
    // puzzles. Puzzle files are not rewritten while they are being solved; tools such
    // as ripgrep map their inputs on the same terms.
    unsafe { memmap2::Mmap::map(&file) }.ok()
}

/// Every puzzle of the given texts, in order, read as it is asked for: a batch holds
/// only the puzzles it is working on, whatever the size of its input.
pub fn items<'a>(texts: &'a [Text], opts: &'a ReadOptions) -> impl Iterator<Item = Item<'a>> + 'a {
    texts.iter().enumerate().flat_map(move |(text, t)| {
        let mut lines = LineAt {
            rest: split_lines(t.body()),
            next: 1,
        };
        records(t.body(), opts).map(move |r| Item {
            source: &t.source,
            text,
            line: r.line,
            first_line: lines.at(r.line),
            puzzle: r.result,
        })
    })
}

/// The lines of a text, taken in order by number.
struct LineAt<L> {
    /// The text's lines from line `next` on, cut as the reader cuts them.
    rest: L,
    next: usize,
}

impl<'a, L: Iterator<Item = &'a [u8]>> LineAt<L> {
    /// Line `line` (1-based, not before the last one asked for), without its end; empty
    /// when it is not UTF-8.
    fn at(&mut self, line: usize) -> &'a str {
        loop {
            let this = self.rest.next().unwrap_or_default();
            self.next += 1;
            if self.next > line {
                return std::str::from_utf8(this).unwrap_or_default();
            }
        }
    }
}

/// The number of lines before each text in the whole input, then the input's total:
/// where each puzzle lies in the input, for a progress bar.
pub fn line_starts(texts: &[Text]) -> Vec<usize> {
    let mut starts = Vec::with_capacity(texts.len() + 1);
    let mut lines = 0;
    starts.push(lines);
    for text in texts {
        lines += count_lines(text.body());
        starts.push(lines);
    }
    starts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file of its own under the temporary directory, removed when dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str, bytes: &[u8]) -> Scratch {
            let path =
                std::env::temp_dir().join(format!("sudokit-input-{}-{name}", std::process::id()));
            std::fs::write(&path, bytes).unwrap();
            Scratch(path)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    /// The items of `texts` as (source, text, line, puzzle or error), for comparing.
    fn listed(texts: &[Text]) -> Vec<(String, usize, usize, String)> {
        let opts = ReadOptions::default();
        items(texts, &opts)
            .map(|i| {
                let puzzle = match &i.puzzle {
                    Ok(g) => g.to_line(),
                    Err(e) => e.to_string(),
                };
                (i.source.to_string(), i.text, i.line, puzzle)
            })
            .collect()
    }

    /// A mapped file gives the same bytes as reading it, and the same items, lines and
    /// errors as reading its text decoded whole, with U+FFFD for bytes that are not
    /// UTF-8: such bytes make only their own line malformed, where a cell should be.
    /// Empty files are read; a missing one is reported and the batch goes on.
    #[test]
    fn mapped_files_read_as_read_ones() {
        let samples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/");
        let mut paths = Vec::new();
        for name in ["examples.txt", "hardest_1106.txt", "16x16.txt"] {
            paths.push(PathBuf::from(samples).join(name));
        }
        let bad = Scratch::new("bad.txt", b"1...2...3...4...\n12345\n");
        let empty = Scratch::new("empty.txt", b"");
        let latin = Scratch::new(
            "latin.txt",
            b"1...2...3...4... \xe9t\xe9\r1...2...3...4\xe9..\r# \xe9\r..3.4.1.3.1.1.4.\r",
        );
        paths.extend([bad.0.clone(), empty.0.clone(), latin.0.clone()]);
        paths.push(PathBuf::from(samples).join("no such file.txt"));

        let (texts, failed) = read_texts(&paths);
        assert_eq!(failed.len(), 1);
        assert!(failed[0].source.ends_with("no such file.txt"));
        assert_eq!(texts.len(), 6);
        let kinds: Vec<bool> = texts
            .iter()
            .map(|t| matches!(t.body, Body::Mapped(_)))
            .collect();
        assert_eq!(kinds, [true, true, true, true, false, true]);

        let decoded: Vec<Text> = texts
            .iter()
            .zip(&paths)
            .map(|(t, path)| {
                let bytes = std::fs::read(path).unwrap();
                assert_eq!(t.body(), bytes, "{}", t.source);
                let text = String::from_utf8_lossy(&bytes).into_owned();
                Text {
                    source: t.source.clone(),
                    body: Body::Read(text.into_bytes()),
                }
            })
            .collect();
        let (mapped, decoded) = (listed(&texts), listed(&decoded));
        assert_eq!(mapped, decoded);
        assert!(mapped.len() > 100, "{}", mapped.len());
        assert!(mapped
            .iter()
            .any(|(_, _, line, p)| *line == 2 && p.contains("line 2")));
        let latin: Vec<_> = mapped.iter().filter(|i| i.1 == 5).collect();
        let lines: Vec<usize> = latin.iter().map(|i| i.2).collect();
        assert_eq!(lines, [1, 2, 4]);
        assert!(latin[1]
            .3
            .contains("line 2, column 14: unexpected character"));
        let starts = line_starts(&texts);
        assert_eq!(starts.len(), 7);
        assert_eq!(starts[6] - starts[5], 4);
        let opts = ReadOptions::default();
        for item in items(&texts, &opts) {
            let line = split_lines(texts[item.text].body()).nth(item.line - 1);
            let line = std::str::from_utf8(line.unwrap()).unwrap_or_default();
            assert_eq!(item.first_line, line);
        }
    }
}
