//! Output records, written whole: the text lines each command has always printed, or
//! JSON Lines (`--output jsonl`), one object per puzzle with its id, its input, the
//! answer or the error, and the time its job took (schema: `docs/batch.md`).
//!
//! Design: a command's sink writes one record per puzzle into [`Records`], text through
//! `write!` or JSON through [`Records::answer`] and [`Records::failure`]; the JSON line
//! around the answer (id, input, time) is made here once for every command, in place.
//! Records gather in a buffer that is handed to the output only at record boundaries,
//! each time in one `write_all`, once it holds [`FLUSH_BYTES`] or, for JSON records,
//! the jobs of its records took [`FLUSH_WORK`] together: so slow jobs get their records
//! out one by one, and a kill loses little finished work. (Text times no job and goes
//! by bytes alone.) A run killed at any moment leaves whole records behind, except when
//! the kill cuts a write in the middle: then only the last line is torn, and `--resume`
//! drops it ([`crate::resume`]).
//!
//! Invariant: in JSON Lines mode nothing reaches the output but whole JSON lines; text
//! written there is refused with an error.

use std::fmt::Display;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::resume::Done;
use crate::shard::Shard;

/// Bytes of whole records gathered before they are handed to the output.
const FLUSH_BYTES: usize = 1 << 16;

/// The most work (the jobs' times summed) whose records wait in the buffer.
const FLUSH_WORK: Duration = Duration::from_millis(50);

/// The form of the output records.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputKind {
    /// The command's text lines.
    #[default]
    Text,
    /// One JSON object per puzzle, one per line.
    Jsonl,
}

/// The record options of the batch commands: output form, file, share, resume.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct RecordArgs {
    /// Output records: `text` (the lines described below) or `jsonl`, one JSON object
    /// per puzzle with id, input, answer or error, and time in ms (see docs/batch.md).
    #[arg(long = "output", value_enum, default_value_t, value_name = "FORM")]
    pub output: OutputKind,

    /// Write the records to FILE instead of standard output.
    #[arg(long = "output-file", short = 'o', value_name = "FILE")]
    pub output_file: Option<PathBuf>,

    /// Do only share I of N (I from 0), chosen by each puzzle's id (by its index for
    /// generate). The N shards of an input never overlap and together are the whole
    /// run.
    #[arg(long, value_name = "I/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,

    /// Continue the run whose JSON Lines are in --output-file: keep its whole records
    /// (a torn last line is cut off), skip their ids and append the others. Needs
    /// --output jsonl; a missing file starts a new run.
    #[arg(long, requires = "output_file")]
    pub resume: bool,
}

impl RecordArgs {
    /// Checks the options fit together and that the output file is none of the
    /// `inputs`, opens the output (reading what a resumed run did) and returns the
    /// writer and the records already done.
    pub fn open<'a>(
        &self,
        inputs: impl IntoIterator<Item = &'a Path>,
    ) -> anyhow::Result<(Records, Done)> {
        if self.resume && self.output != OutputKind::Jsonl {
            anyhow::bail!(
                "--resume continues JSON Lines output: add --output jsonl (text records have \
                 no ids to resume from)"
            );
        }
        let (sink, done): (Box<dyn Write>, Done) = match &self.output_file {
            Some(path) => {
                if let Ok(output) = path.canonicalize() {
                    if inputs
                        .into_iter()
                        .any(|i| i.canonicalize().is_ok_and(|i| i == output))
                    {
                        anyhow::bail!(
                            "--output-file {} is also an input: write the records to another \
                             file",
                            path.display()
                        );
                    }
                }
                let (file, done) = crate::resume::open(path, self.resume)?;
                (Box::new(file), done)
            }
            None => (Box::new(std::io::stdout().lock()), Done::default()),
        };
        Ok((Records::new(self.output, sink), done))
    }
}

/// Runs `job` and measures how long it took, when `on` (JSON records want the time;
/// text leaves the clock alone and gets zero).
pub fn timed<T, R>(job: impl Fn(&T) -> R, on: bool) -> impl Fn(&T) -> (R, Duration) {
    move |item| {
        if !on {
            return (job(item), Duration::ZERO);
        }
        let start = Instant::now();
        let result = job(item);
        (result, start.elapsed())
    }
}

/// The output records of a batch, kept whole (see the module docs).
pub struct Records {
    kind: OutputKind,
    sink: Box<dyn Write>,
    /// Whole records not yet handed to the output, then the record being written.
    buf: Vec<u8>,
    /// The time the jobs of the records in the buffer took.
    pending: Duration,
    /// The id, input and time of the JSON record being written.
    id: String,
    input: Option<String>,
    ms: f64,
}

/// The answer of a failed record.
#[derive(Serialize)]
struct Failed<'a> {
    error: Failure<'a>,
}

/// Why a record failed: the kind its text marker names, and the message.
#[derive(Serialize)]
struct Failure<'a> {
    kind: &'a str,
    message: &'a str,
}

impl Records {
    /// Records of `kind` written to `sink`.
    pub fn new(kind: OutputKind, sink: Box<dyn Write>) -> Records {
        Records {
            kind,
            sink,
            buf: Vec::with_capacity(FLUSH_BYTES + 4096),
            pending: Duration::ZERO,
            id: String::new(),
            input: None,
            ms: 0.0,
        }
    }

    /// Whether records are JSON lines.
    pub fn jsonl(&self) -> bool {
        self.kind == OutputKind::Jsonl
    }

    /// Starts the record of one puzzle: its id, its input (asked for only for JSON)
    /// and how long its job took.
    pub fn begin(
        &mut self,
        id: impl Display,
        input: impl FnOnce() -> Option<String>,
        elapsed: Duration,
    ) {
        if self.jsonl() {
            self.id.clear();
            use std::fmt::Write as _;
            let _ = write!(self.id, "{id}");
            self.input = input();
            self.ms = (elapsed.as_secs_f64() * 1e6).round() / 1e3;
            self.pending += elapsed;
        }
    }

    /// Writes the JSON record of a puzzle answered: `fields`, which serialise as an
    /// object, between the id and input and the time.
    ///
    /// The line is put together in place, with no intermediate value: the id and
    /// input, then the fields' object with its `{` turned into a comma and its `}`
    /// into the time.
    pub fn answer(&mut self, fields: impl Serialize) -> std::io::Result<()> {
        let start = self.buf.len();
        self.buf.extend_from_slice(b"{\"id\":");
        serde_json::to_writer(&mut self.buf, &self.id)?;
        if let Some(input) = &self.input {
            self.buf.extend_from_slice(b",\"input\":");
            serde_json::to_writer(&mut self.buf, input)?;
        }
        let at = self.buf.len();
        serde_json::to_writer(&mut self.buf, &fields)?;
        let object = self.buf.get(at) == Some(&b'{') && self.buf.last() == Some(&b'}');
        if !object {
            self.buf.truncate(start);
            return Err(std::io::Error::other(
                "a record's fields must be a JSON object",
            ));
        }
        self.buf.pop();
        if self.buf.len() == at + 1 {
            self.buf.pop();
        } else {
            self.buf[at] = b',';
        }
        self.buf.extend_from_slice(b",\"ms\":");
        serde_json::to_writer(&mut self.buf, &self.ms)?;
        self.buf.extend_from_slice(b"}\n");
        Ok(())
    }

    /// Writes the JSON record of a failed puzzle: `error` with its kind and message.
    fn error(&mut self, kind: &str, message: &str) -> std::io::Result<()> {
        self.answer(Failed {
            error: Failure { kind, message },
        })
    }

    /// Writes the record of a failed puzzle: in text the marker line `error: <kind>`
    /// (and a blank line after it when `blank`), in JSON the `error` record.
    pub fn failure(&mut self, kind: &str, message: &str, blank: bool) -> std::io::Result<()> {
        if self.jsonl() {
            return self.error(kind, message);
        }
        writeln!(self, "error: {kind}")?;
        if blank {
            writeln!(self)?;
        }
        Ok(())
    }

    /// Ends a record: hands the records gathered to the output when there are enough
    /// bytes of them or, for JSON records (which may be resumed), enough work.
    pub fn end(&mut self) -> std::io::Result<()> {
        if self.buf.len() >= FLUSH_BYTES || self.pending >= FLUSH_WORK {
            self.hand_over()?;
        }
        Ok(())
    }

    /// Hands every record gathered to the output and flushes it.
    pub fn finish(&mut self) -> std::io::Result<()> {
        self.hand_over()?;
        self.sink.flush()
    }

    /// Writes text into the record (`write!` and `writeln!` need no import for it).
    pub fn write_fmt(&mut self, args: std::fmt::Arguments<'_>) -> std::io::Result<()> {
        Write::write_fmt(self, args)
    }

    /// Writes text bytes into the record.
    pub fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        Write::write_all(self, bytes)
    }

    fn hand_over(&mut self) -> std::io::Result<()> {
        if !self.buf.is_empty() {
            self.sink.write_all(&self.buf)?;
            self.buf.clear();
        }
        self.pending = Duration::ZERO;
        Ok(())
    }
}

impl Write for Records {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.jsonl() {
            return Err(std::io::Error::other(
                "this command writes no JSON records: run it without --output jsonl",
            ));
        }
        self.buf.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// An output that keeps every write apart, to see where records were cut.
    #[derive(Clone, Default)]
    struct Writes(Arc<Mutex<Vec<Vec<u8>>>>);

    impl Write for Writes {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().push(bytes.to_vec());
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// Each hand-over is whole lines, in one write, and together they are every
    /// record in order; the fields sit between id/input and the time.
    #[test]
    fn records_reach_the_output_whole_and_in_order() {
        let writes = Writes::default();
        let mut records = Records::new(OutputKind::Jsonl, Box::new(writes.clone()));
        for i in 0..5000u32 {
            let input = || (i % 3 == 0).then(|| format!("puzzle {i}"));
            records.begin(format_args!("f:{i}"), input, Duration::from_micros(1500));
            if i % 7 == 0 {
                records.error("malformed", "line 1: \"quoted\"").unwrap();
            } else {
                records.answer(serde_json::json!({ "count": i })).unwrap();
            }
            records.end().unwrap();
        }
        records.finish().unwrap();
        let writes = writes.0.lock().unwrap();
        assert!(writes.len() > 1);
        let mut lines = Vec::new();
        for w in writes.iter() {
            assert_eq!(w.last(), Some(&b'\n'));
            // 50 ms of work in 1.5 ms jobs: 34 records at most wait together.
            assert!(w.iter().filter(|&&b| b == b'\n').count() <= 34);
            lines.extend(std::str::from_utf8(w).unwrap().lines().map(String::from));
        }
        assert_eq!(lines.len(), 5000);
        for (i, line) in lines.iter().enumerate() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["id"], format!("f:{i}"));
            assert_eq!(v["ms"], 1.5);
            assert_eq!(v.get("input").is_some(), i % 3 == 0);
            if i % 7 == 0 {
                assert_eq!(v["error"]["kind"], "malformed");
                assert_eq!(v["error"]["message"], "line 1: \"quoted\"");
            } else {
                assert_eq!(v["count"], i);
            }
        }
        assert!(lines[1].starts_with(r#"{"id":"f:1","count":1,"ms""#));
    }

    /// The record of a slow job goes out at once, before the next job.
    #[test]
    fn slow_jobs_records_go_out_one_by_one() {
        let writes = Writes::default();
        let mut records = Records::new(OutputKind::Jsonl, Box::new(writes.clone()));
        for i in 0..3 {
            records.begin(i, || None, FLUSH_WORK);
            records.answer(serde_json::json!({ "i": i })).unwrap();
            records.end().unwrap();
            assert_eq!(writes.0.lock().unwrap().len(), i + 1);
        }
    }

    /// Fields that are no object are refused and leave nothing behind; an empty
    /// object adds no field.
    #[test]
    fn fields_must_be_an_object() {
        let writes = Writes::default();
        let mut records = Records::new(OutputKind::Jsonl, Box::new(writes.clone()));
        records.begin("a", || Some("x\"y".into()), Duration::ZERO);
        assert!(records.answer(3).is_err());
        assert!(records.answer([1, 2]).is_err());
        records.answer(serde_json::json!({})).unwrap();
        records.finish().unwrap();
        let written = String::from_utf8(writes.0.lock().unwrap().concat()).unwrap();
        assert_eq!(written, "{\"id\":\"a\",\"input\":\"x\\\"y\",\"ms\":0.0}\n");
    }

    /// Text goes out as written; JSON records refuse text.
    #[test]
    fn text_records_pass_through_and_jsonl_refuses_text() {
        let writes = Writes::default();
        let mut records = Records::new(OutputKind::Text, Box::new(writes.clone()));
        records.begin("x", || unreachable!(), Duration::ZERO);
        writeln!(records, "1+").unwrap();
        records.end().unwrap();
        records.finish().unwrap();
        assert_eq!(writes.0.lock().unwrap().concat(), b"1+\n");
        let mut json = Records::new(OutputKind::Jsonl, Box::new(Writes::default()));
        assert!(writeln!(json, "text").is_err());
    }
}
