//! `reglib [FILE]`: HoDoKu's regression library run against the logic solver's finders,
//! printed as a Markdown table (the README's table).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use sudokit_bench::reglib;

/// Checks every case of a HoDoKu regression library against the logic solver's finder
/// for its technique and prints a Markdown table: per code, the technique and the
/// cases passed, or "not yet" for techniques without a finder.
///
/// Exit codes: 0 the table was printed; 1 a line is not a regression case (its line
/// number is named); 2 the file cannot be read or the arguments are wrong.
#[derive(Parser)]
#[command(name = "reglib")]
struct Args {
    /// The library file (`:code:digits:givens:deleted:eliminations:placements:extra`
    /// lines). Default: the shared `hodoku-reglib-1.4.txt` when it is there, else the
    /// committed sample `data/hodoku-reglib-sample.txt`.
    file: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let path = args.file.unwrap_or_else(|| {
        sudokit_bench::shared_or_sample("hodoku-reglib-1.4.txt", "hodoku-reglib-sample.txt")
    });
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    match reglib::run(&text) {
        Ok(tallies) => {
            print!("{}", reglib::markdown(&tallies));
            ExitCode::SUCCESS
        }
        Err((line, e)) => {
            eprintln!("{}:{line}: {e}", path.display());
            ExitCode::FAILURE
        }
    }
}
