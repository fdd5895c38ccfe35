//! Prints the HoDoKu regression-library results as a Markdown table (for the README):
//! `cargo run --release --example reglib [FILE]` (default: the shared library file).

use sudokit::logic::reglib;

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/data/hodoku-reglib-1.4.txt".to_string());
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    match reglib::run(&text) {
        Ok(tallies) => print!("{}", reglib::markdown(&tallies)),
        Err((line, e)) => {
            eprintln!("{path}:{line}: {e}");
            std::process::exit(1);
        }
    }
}
