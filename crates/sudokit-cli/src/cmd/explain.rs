//! `sudokit explain`: every step logic takes to solve a puzzle, easiest first, with the
//! difficulty at the end.

use std::process::ExitCode;

use serde_json::json;
use sudokit::engine::Budget;
use sudokit::format::pencilmark;
use sudokit::logic::{Outcome, Solver};
use sudokit::rating::Rater;
use sudokit::serate::{self, SeError};
use sudokit::SolutionsError;

use crate::common::TimeLimitArg;
use crate::driver::EXIT_FAILED;
use crate::logic::{self, State, StateArgs, Unusable};

/// Explain every step.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  sudokit explain data/examples.txt
  sudokit explain --grid 000000010400000000020000000000050407008000300001090000300400200050100000000806000
  sudokit explain --json --techniques singles,intersections puzzle.txt

Input as for `hint`. For each puzzle: one numbered line per step, then a summary (how
it ended, ER/EP/ED, level, hardest technique). --grid prints the candidates after each
step; --json prints one JSON object per puzzle (steps, outcome, difficulty and, with
--grid, the Sukaku line of the candidates after each step). A puzzle that cannot be
read or has not exactly one solution gives a marker line (`error: malformed`,
`error: invalid`, `error: no solution`, `error: multiple solutions`; `error: gave up`
when not done within --time-limit) and the reason on standard error; the others are
still done. Exit code 1 when some puzzle failed or logic did not finish it.

--scale se explains with Sudoku Explainer's own solver instead (9×9 only): its path
step by step with SE's rating of each step, then ER/EP/ED exactly as `serate` gives
them, or `Unrated after …` when --time-limit runs out first.")]
pub struct Args {
    #[command(flatten)]
    state: StateArgs,

    /// Show the candidates after every step.
    #[arg(long)]
    grid: bool,

    /// Whose solver explains: sudokit's (`hodoku`, its techniques and order) or Sudoku
    /// Explainer's (`se`).
    #[arg(long, value_enum, default_value = "hodoku")]
    scale: Scale,
}

/// The solver `explain` follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Scale {
    /// sudokit's techniques, easiest first.
    Hodoku,
    /// Sudoku Explainer 1.2.1's solver and ratings.
    Se,
}

/// Runs `sudokit explain`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let solver = args.state.select.solver(true)?;
    let (json, grid) = (args.state.json, args.grid);
    let mut unfinished = false;
    let mut records = 0usize;
    let code = args.state.drive(
        |item| {
            let budget = args.state.budget();
            let state = logic::state(item, budget)?;
            match args.scale {
                Scale::Hodoku => explain(&state, &solver, budget, json, grid),
                Scale::Se => Ok(explain_se(&state, &args.state.limit, json)),
            }
        },
        |item, explained: Result<(bool, String), Unusable>, out, tally| {
            // Text records are blocks with a blank line between them.
            if !json && records > 0 {
                writeln!(out)?;
            }
            records += 1;
            match explained {
                Ok((finished, text)) => {
                    unfinished |= !finished;
                    tally.solved += 1;
                    out.write_all(text.as_bytes())
                }
                Err(u) => u.report(item, out, tally, false),
            }
        },
    )?;
    Ok(if unfinished {
        ExitCode::from(EXIT_FAILED)
    } else {
        code
    })
}

/// Every step of one state and the summary, as text or one JSON line; and whether
/// logic finished it. Giving up within `budget` is [`Unusable`].
fn explain(
    state: &State,
    solver: &Solver,
    budget: Budget,
    json: bool,
    grid: bool,
) -> Result<(bool, String), Unusable> {
    let mut c = state.candidates.clone();
    let mut rater = Rater::new(c.layout().cell_count());
    let mut steps = Vec::new();
    let mut text = String::new();
    let outcome = solver
        .solve_within(&mut c, budget, |step, after| {
            rater.add(step);
            if json {
                let mut v = serde_json::to_value(step).expect("steps serialise");
                if grid {
                    v["candidates"] = pencilmark::write_sukaku(after).into();
                }
                steps.push(v);
            } else {
                text.push_str(&format!("{:3}. {}\n", rater.steps(), step.explanation));
                if grid {
                    for line in pencilmark::write(after).lines() {
                        text.push_str(&format!("     {line}\n"));
                    }
                }
            }
        })
        .map_err(SolutionsError::from)?;
    let d = rater.finish(outcome);
    let finished = outcome == Outcome::Solved;
    if json {
        let v = json!({
            "puzzle": state.label,
            "steps": steps,
            "outcome": outcome,
            "difficulty": d,
            "result": c.to_grid().to_line(),
        });
        return Ok((finished, format!("{v}\n")));
    }
    let end = match outcome {
        Outcome::Solved => format!("Solved in {} steps", d.steps),
        Outcome::Stuck => format!(
            "Stuck after {} steps: the selected techniques find nothing more",
            d.steps
        ),
        Outcome::Contradiction => format!(
            "Contradiction after {} steps: the puzzle has no solution",
            d.steps
        ),
    };
    let mut out = format!("{}\n{text}", state.label);
    out.push_str(&format!(
        "{end}. ER {} EP {} ED {}, level {}, hardest {}\n",
        d.er,
        d.ep,
        d.ed,
        d.level,
        d.hardest.map_or("none", |t| t.name())
    ));
    if !finished {
        out.push_str(&format!("{}\n", pencilmark::write(&c)));
    }
    Ok((finished, out))
}

/// SE's path for one state, as text or one JSON line; and whether it was rated.
fn explain_se(state: &State, limit: &TimeLimitArg, json: bool) -> (bool, String) {
    let budget = limit.time_limit.map_or(Budget::UNLIMITED, Budget::time);
    let report = serate::explain_state(&state.candidates, budget);
    if json {
        let v = match &report {
            Ok(r) => json!({
                "puzzle": state.label,
                "scale": "se",
                "steps": r.steps.iter().map(|s| json!({
                    "technique": s.technique,
                    "rating": f64::from(s.rating.0) / 10.0,
                    "placement": s.placement,
                    "eliminations": s.eliminations,
                })).collect::<Vec<_>>(),
                "se": {
                    "er": f64::from(r.rating.er.0) / 10.0,
                    "ep": f64::from(r.rating.ep.0) / 10.0,
                    "ed": f64::from(r.rating.ed.0) / 10.0,
                },
            }),
            Err(e) => json!({ "puzzle": state.label, "scale": "se", "error": e.to_string() }),
        };
        return (report.is_ok(), format!("{v}\n"));
    }
    let mut out = format!("{}\n", state.label);
    match report {
        Ok(r) => {
            for (i, s) in r.steps.iter().enumerate() {
                out.push_str(&format!("{:3}. {s}\n", i + 1));
            }
            let rating = r.rating;
            out.push_str(&format!(
                "Solved in {} steps. ER {} EP {} ED {} (Sudoku Explainer)\n",
                r.steps.len(),
                rating.er,
                rating.ep,
                rating.ed
            ));
            (true, out)
        }
        Err(SeError::GaveUp) => {
            let after = limit
                .time_limit
                .map_or(String::new(), |t| format!(" after {}s", t.as_secs_f64()));
            out.push_str(&format!("Unrated{after}: raise --time-limit to rate it\n"));
            (false, out)
        }
        Err(e) => {
            out.push_str(&format!("Unrated: {e}\n"));
            (false, out)
        }
    }
}
