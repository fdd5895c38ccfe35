//! `--resume`: continuing a run from its own JSON Lines output file.
//!
//! The file holds whole records, but for perhaps a torn last line when the run was
//! killed in the middle of a write ([`crate::record`] writes only whole records). To
//! resume, the file is cut back to its last line end, every line is read as a record,
//! and the ids read are the ones the run skips; new records are appended after them.
//! Since a run writes its records in input order, the records of a run resumed any
//! number of times are those of one uninterrupted run, in the same order.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::Read;
use std::path::Path;

use anyhow::Context;
use serde::de::IgnoredAny;
use serde::Deserialize;

/// The records a resumed run already has.
#[derive(Debug, Default)]
pub struct Done {
    ids: HashSet<String>,
    /// How many of them are failures (`error` records).
    pub failures: u64,
}

impl Done {
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Whether the record with this id is done.
    pub fn has(&self, id: &str) -> bool {
        self.ids.contains(id)
    }
}

/// What resuming reads of a record.
#[derive(Deserialize)]
struct Seen {
    id: String,
    error: Option<IgnoredAny>,
}

/// The output file at `path`, ready for records to be appended, and the records it
/// already holds: when `resume`, the file as it is (created when missing) cut back to
/// its whole lines; otherwise a new, empty file.
pub fn open(path: &Path, resume: bool) -> anyhow::Result<(File, Done)> {
    let name = path.display();
    if !resume {
        let file = File::create(path).with_context(|| format!("cannot create {name}"))?;
        return Ok((file, Done::default()));
    }
    let mut file = OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)
        .with_context(|| format!("cannot open {name} to resume"))?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {name} to resume"))?;
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let mut done = Done::default();
    for (n, line) in bytes[..whole].split_inclusive(|&b| b == b'\n').enumerate() {
        let seen: Seen = serde_json::from_slice(line).with_context(|| {
            format!(
                "{name} line {} is not a record of `--output jsonl`: --resume continues \
                 only a file this command wrote that way (give another --output-file, or \
                 leave out --resume to start over)",
                n + 1
            )
        })?;
        done.failures += u64::from(seen.error.is_some());
        done.ids.insert(seen.id);
    }
    // Cut only a file read as records: another file is left as it was.
    if whole < bytes.len() {
        file.set_len(whole as u64)
            .with_context(|| format!("cannot cut the torn last line of {name}"))?;
    }
    Ok((file, done))
}
