//! `sudokit explain`: every step logic takes to solve a puzzle, easiest first, with the
//! difficulty at the end.

use std::io::Write;
use std::process::ExitCode;

use serde_json::json;
use sudokit::format::pencilmark;
use sudokit::logic::Outcome;
use sudokit::rating::Rater;

use crate::driver::EXIT_FAILED;
use crate::logic::StateArgs;

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
--grid, the Sukaku line of the candidates after each step). Exit code 1 when logic
did not finish some puzzle.")]
pub struct Args {
    #[command(flatten)]
    state: StateArgs,

    /// Show the candidates after every step.
    #[arg(long)]
    grid: bool,
}

/// Runs `sudokit explain`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let solver = args.state.select.solver(true)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut unfinished = false;
    for (i, state) in args.state.states()?.into_iter().enumerate() {
        let mut c = state.candidates.clone();
        let mut rater = Rater::default();
        let mut steps = Vec::new();
        let mut text = String::new();
        let outcome = solver.solve(&mut c, |step, after| {
            rater.add(step);
            if args.state.json {
                let mut v = serde_json::to_value(step).expect("steps serialise");
                if args.grid {
                    v["candidates"] = pencilmark::write_sukaku(after).into();
                }
                steps.push(v);
            } else {
                text.push_str(&format!("{:3}. {}\n", rater.steps(), step.explanation));
                if args.grid {
                    for line in pencilmark::write(after).lines() {
                        text.push_str(&format!("     {line}\n"));
                    }
                }
            }
        });
        let d = rater.finish(outcome);
        unfinished |= outcome != Outcome::Solved;
        if args.state.json {
            let v = json!({
                "puzzle": state.label,
                "steps": steps,
                "outcome": outcome,
                "difficulty": d,
                "result": c.to_grid().to_line(),
            });
            writeln!(out, "{}", serde_json::to_string(&v)?)?;
            continue;
        }
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{}", state.label)?;
        write!(out, "{text}")?;
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
        writeln!(
            out,
            "{end}. ER {} EP {} ED {}, level {}, hardest {}",
            d.er,
            d.ep,
            d.ed,
            d.level,
            d.hardest.map_or("none", |t| t.name())
        )?;
        if outcome != Outcome::Solved {
            writeln!(out, "{}", pencilmark::write(&c))?;
        }
    }
    out.flush()?;
    Ok(if unfinished {
        ExitCode::from(EXIT_FAILED)
    } else {
        ExitCode::SUCCESS
    })
}
