//! `sudokit hint`: the next logical step of a puzzle or pencilmark grid, or every step
//! of one technique there.

use std::process::ExitCode;

use sudokit::engine::{GiveUp, SolveError};
use sudokit::logic::{find, FindOptions, HintLevel, Step, Technique, SOLVER_NAME};
use sudokit::SolutionsError;

use crate::driver::EXIT_FAILED;
use crate::logic::{self, StateArgs, Unusable};

/// Show the next step.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  sudokit hint 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudokit hint --json puzzle.txt
  sudokit hint --technique x-wing --json grid.pm     # every X-Wing in a pencilmark grid
  sudokit hint --level technique puzzle.txt          # only the technique's name

Input: a puzzle (any form `solve` reads), a pencilmark grid (rows of candidate groups
such as `1234 5 689 …`, HoDoKu and Sudoku Explainer pictures read as they are) or a
729-character Sukaku line; given on the command line, as a file, or `-` for standard
input. A file of several puzzles gives one hint per puzzle, the form decided for each
(a line of n³ digits and dots is a Sukaku line; a whole file that is one pencilmark
grid is one state).

Output: the step's explanation (`--json`: the step as JSON, `null` when there is none;
with --technique, a JSON array of every step of that technique). A graded hint tells
less: --level technique gives `Next: X-Wing`, --level cells adds the cells the step
involves (`Next: X-Wing, with r2c3, r2c7, r8c3, r8c7`); with --json an object with the
technique's id and name (and `cells`, 0-based). A puzzle that cannot
be read or has not exactly one solution gives a marker line `error: malformed`,
`error: invalid`, `error: no solution` or `error: multiple solutions`, one not done
within --time-limit `error: gave up`, and the reason on standard error; the others are
still done. Exit code 1 when some input failed or no
step was found for it.")]
pub struct Args {
    #[command(flatten)]
    state: StateArgs,

    /// Show every step of this one technique instead (id, HoDoKu name or code).
    #[arg(long, value_name = "NAME")]
    technique: Option<Technique>,

    /// How much of the step to tell: `technique` (its name), `cells` (and the cells it
    /// involves) or `step` (all of it).
    #[arg(
        long,
        value_name = "LEVEL",
        default_value = "step",
        conflicts_with = "technique"
    )]
    level: HintLevel,
}

/// The step told up to `level`, as JSON.
fn graded_json(step: &Step, level: HintLevel) -> String {
    let mut v = match level {
        HintLevel::Step => return serde_json::to_string(step).expect("steps serialise"),
        _ => serde_json::json!({
            "technique": step.technique.id(),
            "name": step.technique.name(),
        }),
    };
    if level == HintLevel::Cells {
        v["cells"] = step.involved_cells().into();
    }
    v.to_string()
}

/// Runs `sudokit hint`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let solver = args.state.select.solver(true)?;
    if let Some(t) = args.technique {
        if sudokit::logic::finder(t).is_none() {
            anyhow::bail!(
                "{} is not implemented yet; implemented: {}",
                t.id(),
                crate::logic::implemented_list()
            );
        }
    }
    let json = args.state.json;
    let mut missing = false;
    let code = args.state.drive(
        |item| {
            let budget = args.state.budget();
            let state = logic::state(item, budget)?;
            let c = &state.candidates;
            Ok(match args.technique {
                Some(t) => {
                    let opts = FindOptions {
                        deadline: budget.deadline,
                        ..FindOptions::default()
                    };
                    let steps = find(t, c, &opts);
                    if opts.expired() {
                        return Err(Unusable::Solutions(SolutionsError::GaveUp(
                            SolveError::GaveUp {
                                engine: SOLVER_NAME,
                                nodes: 0,
                                reason: GiveUp::Deadline,
                            },
                        )));
                    }
                    let found = !steps.is_empty();
                    let text = if json {
                        serde_json::to_string(&steps).expect("steps serialise")
                    } else if found {
                        steps
                            .iter()
                            .map(|s| s.explanation.as_str())
                            .collect::<Vec<_>>()
                            .join("\n")
                    } else {
                        format!("{}:{}: no {} here", item.source, item.line, t.name())
                    };
                    (found, text)
                }
                None => {
                    let step = solver
                        .hint_within(c, budget)
                        .map_err(SolutionsError::from)?;
                    let text = match &step {
                        Some(s) if json => graded_json(s, args.level),
                        _ if json => serde_json::to_string(&step).expect("steps serialise"),
                        Some(s) => s.graded(args.level, c.layout().size()),
                        None if c.to_grid().is_full() => {
                            format!("{}:{}: already solved", item.source, item.line)
                        }
                        None => format!(
                            "{}:{}: no step found with the selected techniques",
                            item.source, item.line
                        ),
                    };
                    (step.is_some(), text)
                }
            })
        },
        |item, hint: Result<(bool, String), Unusable>, out, tally| match hint {
            Ok((found, text)) => {
                missing |= !found;
                tally.solved += 1;
                writeln!(out, "{text}")
            }
            Err(u) => u.report(item, out, tally, false),
        },
    )?;
    Ok(if missing {
        ExitCode::from(EXIT_FAILED)
    } else {
        code
    })
}
