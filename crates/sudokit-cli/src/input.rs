//! Reading puzzles from files or standard input, keeping for each one the file and
//! line it came from so every message can point at it.

use std::io::Read;
use std::path::PathBuf;
use std::sync::Arc;

use rayon::prelude::*;
use rayon::ThreadPool;
use sudokit::format::read::{records_at, split_records};
use sudokit::{Grid, ParseError, ReadOptions};

/// One puzzle as read: where it came from and the grid or why it could not be read.
#[derive(Debug, Clone)]
pub struct Item {
    /// File name (`-` for standard input).
    pub source: Arc<str>,
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
pub fn read_texts(files: &[PathBuf]) -> (Vec<(Arc<str>, String)>, Vec<Unreadable>) {
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
                texts.push((Arc::from(name.as_str()), text));
            }
            Err(error) => failed.push(Unreadable {
                source: name,
                error,
            }),
        }
    }
    (texts, failed)
}

/// Texts at least this long are read in parts on the thread pool.
const PARALLEL_MIN: usize = 1 << 16;

/// Every puzzle of the given texts, in order. With several workers in `pool`, long
/// texts are cut into parts read in parallel ([`split_records`]), so that reading does
/// not hold the other threads back.
pub fn items(texts: &[(Arc<str>, String)], opts: &ReadOptions, pool: &ThreadPool) -> Vec<Item> {
    let threads = pool.current_num_threads();
    let mut out = Vec::new();
    for (source, text) in texts {
        if threads > 1 && text.len() >= PARALLEL_MIN {
            let parts = split_records(text, opts, 8 * threads);
            let pieces: Vec<Vec<Item>> = pool.install(|| {
                parts
                    .into_par_iter()
                    .map(|(skip, part)| {
                        // Each part names its source with its own handle, so that the
                        // threads do not share one reference count.
                        let source: Arc<str> = Arc::from(&**source);
                        read(&source, part, skip + 1, opts).collect()
                    })
                    .collect()
            });
            out.reserve(pieces.iter().map(Vec::len).sum());
            for piece in pieces {
                out.extend(piece);
            }
        } else {
            out.extend(read(source, text, 1, opts));
        }
    }
    out
}

/// The puzzles of `text`, whose first line is line `first` of `source`.
fn read<'a>(
    source: &'a Arc<str>,
    text: &'a str,
    first: usize,
    opts: &ReadOptions,
) -> impl Iterator<Item = Item> + 'a {
    records_at(text, opts, first).map(|r| Item {
        source: source.clone(),
        line: r.line,
        puzzle: r.result,
    })
}
