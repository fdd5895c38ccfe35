//! What `hint`, `explain` and `rate` share: the technique selection options and
//! reading one argument that is a puzzle, a pencilmark grid or a file of them.

use std::path::Path;

use anyhow::{bail, Context};
use sudokit::format::pencilmark;
use sudokit::format::read::records;
use sudokit::logic::{Solver, TechniqueSet};
use sudokit::{Candidates, ReadOptions};

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
        Ok(Solver::new(self.set()?).explain(explain))
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
}

impl StateArgs {
    /// The states the input holds.
    pub fn states(&self) -> anyhow::Result<Vec<State>> {
        states(&self.input, &ReadOptions { size: self.size })
    }
}

/// One state to work on, with a label for messages (`file:line` or `argument`).
pub struct State {
    /// Where it came from.
    pub source: String,
    /// The puzzle as one line (its givens), or the Sukaku line of a pencilmark grid.
    pub label: String,
    /// The candidates.
    pub candidates: Candidates,
}

/// The states given by `arg`: a file (or `-` for standard input) holding puzzles or
/// one pencilmark grid, or the text of a puzzle or pencilmark grid itself.
pub fn states(arg: &str, opts: &ReadOptions) -> anyhow::Result<Vec<State>> {
    let (source, text) = if arg == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)?;
        ("-".to_string(), s)
    } else if Path::new(arg).is_file() {
        let text = std::fs::read_to_string(arg).with_context(|| format!("cannot read {arg}"))?;
        (arg.to_string(), text)
    } else {
        ("argument".to_string(), arg.to_string())
    };
    if pencilmark::looks_like(&text) {
        let c =
            pencilmark::read(&text).with_context(|| format!("{source}: not a pencilmark grid"))?;
        return Ok(vec![State {
            label: pencilmark::write_sukaku(&c),
            source,
            candidates: c,
        }]);
    }
    let mut out = Vec::new();
    for r in records(&text, opts) {
        let at = format!("{source}:{}", r.line);
        let grid = r.result.with_context(|| at.clone())?;
        grid.validate().with_context(|| at.clone())?;
        out.push(State {
            label: grid.to_line(),
            source: at,
            candidates: Candidates::from_grid(&grid),
        });
    }
    if out.is_empty() {
        bail!("{source}: no puzzle found");
    }
    Ok(out)
}
