//! What `hint`, `explain` and `rate` share: the technique selection options, reading
//! one argument that is a puzzle, a pencilmark grid or a file of them, and deciding
//! for each record whether it is a puzzle or a candidate state (a Sukaku line) and
//! whether it has exactly one solution, as their techniques need.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::bail;
use sudokit::engine::Budget;
use sudokit::format::pencilmark;
use sudokit::format::read::records;
use sudokit::logic::{Order, Solver, TechniqueSet};
use sudokit::rating::{check_unique_state, check_unique_within};
use sudokit::{Candidates, Grid, ReadOptions, SolutionsError};

use crate::batch;
use crate::common::{Tally, TimeLimitArg};
use crate::driver::{drive_texts, fail, Settings};
use crate::input::{self, Item, Text, Unreadable};
use crate::outcome::gave_up_message;
use crate::record::{RecordArgs, Records};

/// Which techniques the logic solver may use.
#[derive(Debug, Clone, clap::Args)]
pub struct TechniqueArgs {
    /// Use only these techniques: comma-separated ids (`x-wing`), HoDoKu names or codes
    /// (`0300`), or families (`singles`, `intersections`, `subsets`, `fish`, …).
    #[arg(long, value_name = "LIST")]
    pub techniques: Option<String>,

    /// Leave out these techniques or families (same names as --techniques).
    #[arg(long, value_name = "LIST")]
    pub without: Option<String>,

    /// Leave out the uniqueness techniques (on by default: they assume the puzzle has
    /// exactly one solution).
    #[arg(long)]
    pub no_uniqueness: bool,

    /// The order of the techniques: `hodoku` follows HoDoKu 2.2.0's default
    /// configuration (its order, its choice among steps, one step at a time), so the
    /// path, the score and the level are HoDoKu's; `rating` goes by the Sudoku
    /// Explainer scale, easiest first.
    #[arg(long, value_enum, default_value_t = PathOrder::Hodoku)]
    pub order: PathOrder,
}

/// The solver order a command follows (see `--order`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PathOrder {
    /// HoDoKu 2.2.0's path.
    Hodoku,
    /// By rating on the Sudoku Explainer scale.
    Rating,
}

impl TechniqueArgs {
    /// The selected set; an unknown name is an error that says what is accepted.
    pub fn set(&self) -> anyhow::Result<TechniqueSet> {
        let set = TechniqueSet::select(
            self.techniques.as_deref(),
            self.without.as_deref(),
            !self.no_uniqueness,
        )?;
        if self.techniques.is_some() && set.intersection(TechniqueSet::implemented()).is_empty() {
            bail!(
                "none of the techniques asked for is implemented yet; implemented: {}",
                implemented_list()
            );
        }
        Ok(set)
    }

    /// The solver for the selection.
    pub fn solver(&self, explain: bool) -> anyhow::Result<Solver> {
        let order = match self.order {
            PathOrder::Hodoku => Order::Hodoku,
            PathOrder::Rating => Order::Rating,
        };
        Ok(Solver::with_order(self.set()?, order).explain(explain))
    }
}

/// The ids of the implemented techniques, comma-separated.
pub fn implemented_list() -> String {
    TechniqueSet::implemented()
        .iter()
        .map(|t| t.id())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The input and output options of `hint` and `explain`.
#[derive(Debug, Clone, clap::Args)]
pub struct StateArgs {
    /// A puzzle or pencilmark grid, or a file holding them (`-`: standard input).
    #[arg(value_name = "PUZZLE|FILE")]
    pub input: String,

    /// Print JSON.
    #[arg(long)]
    pub json: bool,

    /// Board size, when it cannot be inferred.
    #[arg(long, value_name = "N")]
    pub size: Option<usize>,

    #[command(flatten)]
    pub select: TechniqueArgs,

    #[command(flatten)]
    pub limit: TimeLimitArg,
}

impl StateArgs {
    /// The budget of one puzzle, from now: `--time-limit` or none.
    pub fn budget(&self) -> Budget {
        self.limit.budget()
    }

    /// Runs a batch over the input: one record per puzzle, as [`crate::driver::drive`]
    /// writes them.
    pub fn drive<R, J, S>(&self, job: J, sink: S) -> anyhow::Result<ExitCode>
    where
        R: Send,
        J: Fn(&Item<'_>) -> R + Sync,
        S: FnMut(&Item<'_>, R, &mut Records, &mut Tally) -> std::io::Result<()>,
    {
        let opts = ReadOptions { size: self.size };
        let (texts, unreadable) = argument_texts(&self.input, &opts);
        let texts = with_candidates(texts, &opts);
        let settings = Settings {
            threads: None,
            stats: false,
            records: &RecordArgs::default(),
            progress_min: batch::SLOW_PROGRESS_MIN,
        };
        drive_texts(&texts, &unreadable, &opts, settings, job, sink)
    }
}

/// The text `arg` stands for: standard input for `-`, the file of that name when there
/// is one (a folder or an unreadable file is a read error), else the argument itself
/// when it reads as puzzles or a pencilmark grid, else a read error that says both.
fn argument_texts(arg: &str, opts: &ReadOptions) -> (Vec<Text>, Vec<Unreadable>) {
    if arg == "-" || Path::new(arg).exists() {
        return input::read_texts(&[PathBuf::from(arg)]);
    }
    let as_puzzle = records(arg, opts).find_map(|r| r.result.err());
    match as_puzzle {
        Some(e) if pencilmark::read(arg).is_err() => {
            let error = std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("no such file, and not a puzzle ({e})"),
            );
            (
                Vec::new(),
                vec![Unreadable {
                    source: arg.to_string(),
                    error,
                }],
            )
        }
        _ => (
            vec![Text::new("argument".into(), arg.to_string())],
            Vec::new(),
        ),
    }
}

/// The texts with each one that is a whole pencilmark grid, not puzzles, rewritten as
/// its Sukaku line, so that every state is one record.
pub fn with_candidates(texts: Vec<Text>, opts: &ReadOptions) -> Vec<Text> {
    texts
        .into_iter()
        .map(
            |t| match std::str::from_utf8(t.body()).map(pencilmark::read) {
                // A text that reads both ways (a spaced grid of single digits) is puzzles.
                Ok(Ok(c)) if !records(t.body(), opts).all(|r| r.result.is_ok()) => {
                    Text::new(t.source.clone(), pencilmark::write_sukaku(&c))
                }
                _ => t,
            },
        )
        .collect()
}

/// What one record holds: a puzzle, or a candidate state (a Sukaku line).
pub enum Input<'a> {
    /// A puzzle.
    Puzzle(&'a Grid),
    /// A candidate state.
    Candidates(Candidates),
}

/// Why a record gives nothing to work on; each has its marker line.
#[derive(Debug)]
pub enum Unusable {
    /// Unreadable: the message.
    Malformed(String),
    /// Not exactly one solution, or invalid givens.
    Solutions(SolutionsError),
}

impl From<SolutionsError> for Unusable {
    fn from(e: SolutionsError) -> Unusable {
        Unusable::Solutions(e)
    }
}

impl Unusable {
    /// Writes the marker line and the message, and counts the failure.
    pub fn report(
        &self,
        item: &Item<'_>,
        out: &mut Records,
        tally: &mut Tally,
        blank: bool,
    ) -> std::io::Result<()> {
        let kind = match self {
            Unusable::Malformed(m) => {
                tally.malformed += 1;
                return fail(out, tally, item, "malformed", m, blank);
            }
            Unusable::Solutions(SolutionsError::Invalid(_)) => {
                tally.invalid += 1;
                "invalid"
            }
            Unusable::Solutions(SolutionsError::NoSolution) => {
                tally.unsolvable += 1;
                "no solution"
            }
            Unusable::Solutions(SolutionsError::Multiple) => {
                tally.multiple += 1;
                "multiple solutions"
            }
            Unusable::Solutions(SolutionsError::GaveUp(e)) => {
                tally.gave_up += 1;
                let message = gave_up_message(item.line, e);
                return fail(out, tally, item, "gave up", &message, blank);
            }
        };
        let message = match self {
            Unusable::Solutions(e) => format!("line {}: {e}", item.line),
            Unusable::Malformed(m) => m.clone(),
        };
        fail(out, tally, item, kind, &message, blank)
    }
}

/// The lengths of Sukaku lines, `n³` for the pencilmark sizes 6, 8 and 9; and 64 for
/// 4×4, which is also the length of an 8×8 puzzle: such a line is a puzzle when it
/// reads as a valid one.
const SUKAKU: [usize; 3] = [216, 512, 729];

/// What the record `item` holds: its first line is a Sukaku line (`n³` digits and dots)
/// or else it is a puzzle; unreadable is [`Unusable::Malformed`]. Nothing is checked
/// beyond reading.
pub fn input<'a>(item: &'a Item<'_>) -> Result<Input<'a>, Unusable> {
    let word = item.first_line.split_whitespace().next().unwrap_or("");
    let digits = || word.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    let puzzle = item.puzzle.as_ref();
    let sukaku = (SUKAKU.contains(&word.len())
        || (word.len() == 64 && !puzzle.is_ok_and(|g| g.validate().is_ok())))
        && digits();
    if sukaku {
        return pencilmark::read(word)
            .map(Input::Candidates)
            .map_err(|e| Unusable::Malformed(format!("line {}: {e}", item.line)));
    }
    puzzle
        .map(Input::Puzzle)
        .map_err(|e| Unusable::Malformed(e.to_string()))
}

/// One state to work on: the puzzle's line or the Sukaku line, and its candidates.
pub struct State {
    /// The puzzle as one line (its givens), or the Sukaku line of a candidate state.
    pub label: String,
    /// The candidates.
    pub candidates: Candidates,
}

/// The state of a record with exactly one solution ([`check_unique_within`] `budget`).
pub fn state(item: &Item<'_>, budget: Budget) -> Result<State, Unusable> {
    Ok(match input(item)? {
        Input::Puzzle(g) => {
            check_unique_within(g, budget)?;
            State {
                label: g.to_line(),
                candidates: Candidates::from_grid(g),
            }
        }
        Input::Candidates(c) => {
            check_unique_state(&c)?;
            State {
                label: pencilmark::write_sukaku(&c),
                candidates: c,
            }
        }
    })
}
