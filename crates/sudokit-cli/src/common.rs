//! Options shared by the batch subcommands (input files and size, engine, threads,
//! statistics) and the running tally they print with `--stats`.

use std::path::PathBuf;
use std::time::Duration;

use clap::ValueEnum;
use sudokit::engine::Budget;
use sudokit::format::OutputFormat;
use sudokit::{ReadOptions, Stats};

use crate::batch;
use crate::driver::Settings;
use crate::record::RecordArgs;

/// Where the puzzles come from.
#[derive(Debug, Clone, clap::Args)]
pub struct InputArgs {
    /// Puzzle files (one-line puzzles, blocks, numbers; `#` comments). Standard input
    /// when none is given or for `-`.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Board size (4, 6, 9, 16, 25, …); inferred from each puzzle when not given.
    /// Needed to read 16-character rows as a 16×16 block.
    #[arg(long, value_name = "N")]
    pub size: Option<usize>,
}

impl InputArgs {
    /// The library's reading options.
    pub fn read_options(&self) -> ReadOptions {
        ReadOptions { size: self.size }
    }
}

/// How the work is done.
#[derive(Debug, Clone, clap::Args)]
pub struct RunArgs {
    /// Solving engine: `auto` picks the best one for each board size.
    #[arg(long, short, default_value = "auto", value_name = "NAME", value_parser = engine_name,
          long_help = engines_help())]
    pub engine: String,

    /// Worker threads (default: all cores). Output stays in input order.
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,

    /// Print counts, time and puzzles/s to standard error at the end.
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub limit: TimeLimitArg,
}

impl RunArgs {
    /// How the batch runs, with its record options.
    pub fn settings<'a>(&self, records: &'a RecordArgs) -> Settings<'a> {
        Settings {
            threads: self.threads,
            stats: self.stats,
            records,
            progress_min: batch::PROGRESS_MIN,
        }
    }
}

/// The time a search may take on one puzzle.
#[derive(Debug, Clone, clap::Args)]
pub struct TimeLimitArg {
    /// Give up on a puzzle after this long (`10`, `2.5s`, `500ms`, `2m`): it gets the
    /// marker `error: gave up` and the batch goes on. Unbounded when not given.
    #[arg(long, value_name = "SECONDS", value_parser = parse_duration)]
    pub time_limit: Option<Duration>,
}

impl TimeLimitArg {
    /// The budget of one puzzle started now: the time limit from now, or none.
    pub fn budget(&self) -> Budget {
        self.time_limit.map_or(Budget::UNLIMITED, Budget::time)
    }
}

/// A duration as `--time-limit` takes it: seconds (`10`, `2.5`), or a number with the
/// unit `ms`, `s`, `m` or `h`.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: f64 = number.parse().map_err(|_| {
        format!("`{text}` is not a duration: give seconds, for example `10` or `2.5s`")
    })?;
    let scale = match unit.trim() {
        "" | "s" => 1.0,
        "ms" => 1e-3,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        other => {
            return Err(format!(
                "unknown unit `{other}`: give seconds (`10`, `2.5s`), `ms`, `m` or `h`"
            ))
        }
    };
    Duration::try_from_secs_f64(value * scale)
        .map_err(|_| format!("`{text}` is out of range for a duration"))
}

fn engines_help() -> String {
    format!(
        "Solving engine: `auto` picks the best one for each board size.\nEngines: {}",
        sudokit::engine::NAMES.join(", ")
    )
}

fn engine_name(name: &str) -> Result<String, String> {
    sudokit::engine::by_name(name)
        .map(|_| name.to_string())
        .map_err(|e| e.to_string())
}

/// The output forms, as `--format` spells them.
#[derive(Debug, Clone, Copy, Default, ValueEnum)]
pub enum FormatArg {
    /// One line per puzzle (`.` for empty).
    #[default]
    Line,
    /// One row per line, a blank line after each grid.
    Block,
    /// Rows with box rules (`4 8 3 | 9 2 1 | 6 5 7`), a blank line after each grid.
    Pretty,
}

impl From<FormatArg> for OutputFormat {
    fn from(f: FormatArg) -> OutputFormat {
        match f {
            FormatArg::Line => OutputFormat::Line,
            FormatArg::Block => OutputFormat::Block,
            FormatArg::Pretty => OutputFormat::Pretty,
        }
    }
}

/// What happened to the puzzles of a batch.
#[derive(Debug, Default, Clone)]
pub struct Tally {
    /// Puzzles read (including malformed ones).
    pub puzzles: u64,
    /// Puzzles answered.
    pub solved: u64,
    /// Valid puzzles without a solution.
    pub unsolvable: u64,
    /// Puzzles with a digit twice in a unit.
    pub invalid: u64,
    /// Puzzles that could not be read.
    pub malformed: u64,
    /// Puzzles with more than one solution (when checked).
    pub multiple: u64,
    /// Puzzles the engine could not handle.
    pub engine_errors: u64,
    /// Puzzles given up on (time limit or the engine's own bound).
    pub gave_up: u64,
    /// Unreadable files.
    pub unreadable: u64,
    /// Puzzles answered with an `error:` marker line.
    pub failures: u64,
    /// Engine counters summed over the batch.
    pub stats: Stats,
}

impl Tally {
    /// Whether anything failed.
    pub fn failed(&self) -> bool {
        self.failures + self.unreadable > 0
    }

    /// The `--stats` report: wall-clock time and rate, and the CPU time the process
    /// used (all threads), which a busy machine does not inflate.
    pub fn report(&self, elapsed: Duration, cpu: Duration) -> String {
        let secs = elapsed.as_secs_f64();
        let rate = if secs > 0.0 {
            self.puzzles as f64 / secs
        } else {
            0.0
        };
        let per = |v: u64| {
            if self.puzzles > 0 {
                v as f64 / self.puzzles as f64
            } else {
                0.0
            }
        };
        format!(
            "puzzles {}, solved {}, unsolvable {}, invalid {}, malformed {}, multiple {}{}\n\
             time {:.3} s (CPU {:.3} s), {:.0} puzzles/s; per puzzle: {:.1} nodes, {:.1} guesses, {:.1} backtracks",
            self.puzzles,
            self.solved,
            self.unsolvable,
            self.invalid,
            self.malformed,
            self.multiple,
            if self.engine_errors + self.gave_up + self.unreadable > 0 {
                format!(
                    ", engine errors {}, gave up {}, unreadable files {}",
                    self.engine_errors, self.gave_up, self.unreadable
                )
            } else {
                String::new()
            },
            secs,
            cpu.as_secs_f64(),
            rate,
            per(self.stats.nodes),
            per(self.stats.guesses),
            per(self.stats.backtracks),
        )
    }
}
