//! HoDoKu's regression library: every implemented technique must pass all its cases.
//!
//! Reads `../shared/data/hodoku-reglib-1.4.txt` when the shared data is there, else the
//! committed sample `data/hodoku-reglib-sample.txt`. Run with `--nocapture` to see the
//! table (or `cargo run --example reglib` for the Markdown version).

use sudokit::logic::reglib;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn library() -> (String, String) {
    for path in [
        format!("{ROOT}/../shared/data/hodoku-reglib-1.4.txt"),
        format!("{ROOT}/data/hodoku-reglib-sample.txt"),
    ] {
        if let Ok(text) = std::fs::read_to_string(&path) {
            return (path, text);
        }
    }
    panic!("no regression library found (data/hodoku-reglib-sample.txt is committed)");
}

#[test]
fn every_implemented_technique_passes_all_its_cases() {
    let (path, text) = library();
    check(&path, &text);
}

#[test]
fn the_committed_sample_passes_too() {
    let path = format!("{ROOT}/data/hodoku-reglib-sample.txt");
    let text = std::fs::read_to_string(&path).expect("the sample is committed");
    check(&path, &text);
}

fn check(path: &str, text: &str) {
    let tallies = reglib::run(text).unwrap_or_else(|(line, e)| panic!("{path}:{line}: {e}"));
    let mut failures = Vec::new();
    let (mut pass, mut skipped) = (0, 0);
    println!("{path}");
    for t in &tallies {
        let total = t.pass + t.failed.len() + t.skipped;
        println!(
            "{:8} {:40} {:>3} / {:<3}{}",
            t.code,
            t.technique.map_or("?", |t| t.name()),
            t.pass,
            total,
            if t.skipped > 0 {
                "  (not implemented)"
            } else {
                ""
            }
        );
        pass += t.pass;
        skipped += t.skipped;
        if !t.failed.is_empty() {
            failures.push(format!("{} fails at lines {:?}", t.code, t.failed));
        }
    }
    println!("passed {pass}, skipped {skipped}");
    assert!(pass > 0, "no case ran");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
