//! Reading puzzles from files or standard input, keeping for each one the file and
//! line it came from so every message can point at it.

use std::io::Read;
use std::path::PathBuf;

use sudokit::format::read::records;
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

/// The text of each input (standard input when `files` is empty or a file is `-`).
/// Files that cannot be read are returned separately so the rest of the batch goes on.
pub fn read_texts(files: &[PathBuf]) -> (Vec<(String, String)>, Vec<Unreadable>) {
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
        let bytes = if name == "-" {
            let mut buf = Vec::new();
            std::io::stdin().read_to_end(&mut buf).map(|_| buf)
        } else {
            std::fs::read(path)
        };
        match bytes {
            Ok(bytes) => {
                let text = match String::from_utf8(bytes) {
                    Ok(text) => text,
                    Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
                };
                texts.push((name, text));
            }
            Err(error) => failed.push(Unreadable {
                source: name,
                error,
            }),
        }
    }
    (texts, failed)
}

/// Every puzzle of the given texts, in order, read as it is asked for: a batch holds
/// only the puzzles it is working on, whatever the size of its input.
pub fn items<'a>(
    texts: &'a [(String, String)],
    opts: &'a ReadOptions,
) -> impl Iterator<Item = Item<'a>> + 'a {
    texts
        .iter()
        .enumerate()
        .flat_map(move |(text, (source, body))| {
            records(body, opts).map(move |r| Item {
                source,
                text,
                line: r.line,
                puzzle: r.result,
            })
        })
}

/// The number of lines before each text in the whole input, then the input's total:
/// where each puzzle lies in the input, for a progress bar.
pub fn line_starts(texts: &[(String, String)]) -> Vec<usize> {
    let mut starts = Vec::with_capacity(texts.len() + 1);
    let mut lines = 0;
    starts.push(lines);
    for (_, body) in texts {
        lines += body.lines().count();
        starts.push(lines);
    }
    starts
}
