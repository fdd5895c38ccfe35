//! `sudokit hint`: the next logical step of a puzzle or pencilmark grid, or every step
//! of one technique there.

use std::process::ExitCode;

use sudokit::logic::{find, FindOptions, Technique};

use crate::driver::EXIT_FAILED;
use crate::logic::StateArgs;

/// Show the next step.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  sudokit hint 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudokit hint --json puzzle.txt
  sudokit hint --technique x-wing --json grid.pm     # every X-Wing in a pencilmark grid

Input: a puzzle (any form `solve` reads), a pencilmark grid (rows of candidate groups
such as `1234 5 689 …`, HoDoKu and Sudoku Explainer pictures read as they are) or a
729-character Sukaku line; given on the command line, as a file, or `-` for standard
input. A file of several puzzles gives one hint per puzzle.

Output: the step's explanation (`--json`: the step as JSON, `null` when there is none;
with --technique, a JSON array of every step of that technique). Exit code 1 when no
step was found for some input.")]
pub struct Args {
    #[command(flatten)]
    state: StateArgs,

    /// Show every step of this one technique instead (id, HoDoKu name or code).
    #[arg(long, value_name = "NAME")]
    technique: Option<Technique>,
}

/// Runs `sudokit hint`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let solver = args.state.select.solver(true)?;
    let mut missing = false;
    for state in args.state.states()? {
        let c = &state.candidates;
        if let Some(t) = args.technique {
            if sudokit::logic::finder(t).is_none() {
                anyhow::bail!(
                    "{} is not implemented yet; implemented: {}",
                    t.id(),
                    crate::logic::implemented_list()
                );
            }
            let steps = find(t, c, &FindOptions::default());
            missing |= steps.is_empty();
            if args.state.json {
                println!("{}", serde_json::to_string(&steps)?);
            } else if steps.is_empty() {
                println!("{}: no {} here", state.source, t.name());
            } else {
                for s in &steps {
                    println!("{}", s.explanation);
                }
            }
            continue;
        }
        let step = solver.hint(c);
        missing |= step.is_none();
        if args.state.json {
            println!("{}", serde_json::to_string(&step)?);
        } else {
            match step {
                Some(s) => println!("{}", s.explanation),
                None if c.to_grid().is_full() => println!("{}: already solved", state.source),
                None => println!(
                    "{}: no step found with the selected techniques",
                    state.source
                ),
            }
        }
    }
    Ok(if missing {
        ExitCode::from(EXIT_FAILED)
    } else {
        ExitCode::SUCCESS
    })
}
