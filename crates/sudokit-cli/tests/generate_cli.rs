//! `sudokit generate` and `sudokit canon` end to end: seeds reproduce the output for any
//! thread count, every puzzle printed is unique and keeps its symmetry, `canon --dedupe`
//! drops equivalent puzzles.

use std::process::{Command, Output};

use sudokit::engine::{Engine, Generic};
use sudokit::generate::Symmetry;
use sudokit::Grid;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn same_seed_same_output_for_any_thread_count() {
    let base = ["generate", "-n", "12", "--seed", "7", "--with-solution"];
    let first = stdout(&run(&[&base[..], &["-j", "1"]].concat()));
    let two = stdout(&run(&[&base[..], &["-j", "2"]].concat()));
    assert_eq!(first, two);
    assert_eq!(first.lines().count(), 12);
    for line in first.lines() {
        let (puzzle, solution) = line.split_once(' ').unwrap();
        let p: Grid = puzzle.parse().unwrap();
        let s: Grid = solution.parse().unwrap();
        assert!(s.is_solution_of(&p));
        assert_eq!(Generic.count(&p, 2).unwrap(), 1);
        assert!(Symmetry::Rotate180.holds(p.cells(), 9));
    }
    // With a clue target, attempts run in parallel; the first accepted one still wins.
    let target = ["generate", "-n", "3", "--clues", "26", "--seed", "3"];
    let one = stdout(&run(&[&target[..], &["-j", "1"]].concat()));
    assert_eq!(one, stdout(&run(&[&target[..], &["-j", "2"]].concat())));
    for line in one.lines() {
        let p: Grid = line.parse().unwrap();
        assert!(p.clue_count() <= 26);
        assert_eq!(Generic.count(&p, 2).unwrap(), 1);
    }
    let other = stdout(&run(&["generate", "-n", "12", "--seed", "8"]));
    assert_ne!(other.lines().next(), first.split(' ').next());
}

#[test]
fn symmetry_size_and_format_options() {
    let out = stdout(&run(&[
        "generate",
        "--size",
        "6",
        "-n",
        "3",
        "--seed",
        "1",
        "--symmetry",
        "mirror",
    ]));
    for line in out.lines() {
        let p: Grid = line.parse().unwrap();
        assert_eq!(p.size(), 6);
        assert!(Symmetry::Mirror.holds(p.cells(), 6));
        assert_eq!(Generic.count(&p, 2).unwrap(), 1);
    }
    let pretty = stdout(&run(&["generate", "--seed", "1", "--format", "pretty"]));
    assert!(pretty.contains('|'));
    let bad = run(&["generate", "--symmetry", "spiral"]);
    assert_eq!(bad.status.code(), Some(2));
    let hopeless = run(&[
        "generate",
        "--clues",
        "10",
        "--max-attempts",
        "2",
        "--seed",
        "1",
    ]);
    assert_eq!(hopeless.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&hopeless.stderr).contains("--max-attempts"));
}

#[test]
fn canon_forms_and_dedupe() {
    let forms = stdout(&run(&["canon", "data/17_clue.txt"]));
    let lines: Vec<&str> = forms.lines().collect();
    assert_eq!(lines.len(), 200);
    let distinct: std::collections::HashSet<&str> = lines.iter().copied().collect();
    assert_eq!(
        distinct.len(),
        200,
        "the 17-clue puzzles are pairwise inequivalent"
    );
    // The forms themselves are equivalent to the inputs: deduping inputs and forms
    // together keeps 200 puzzles.
    let both = format!("{}/both.txt", std::env::temp_dir().display());
    let inputs = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/17_clue.txt"
    ))
    .unwrap();
    std::fs::write(&both, format!("{inputs}\n{forms}")).unwrap();
    let kept = stdout(&run(&["canon", "--dedupe", &both]));
    assert_eq!(kept.lines().count(), 200);
    assert_eq!(
        kept,
        stdout(&run(&["canon", "--dedupe", "data/17_clue.txt"]))
    );
    let bad = run(&["canon", "data/examples.txt"]);
    assert_eq!(bad.status.code(), Some(1));
}

#[test]
fn difficulty_and_rating_filters() {
    use sudokit::logic::{Rating, Solver, TechniqueSet};
    use sudokit::rating::rate;
    let solver = Solver::new(TechniqueSet::all()).explain(false);
    let args = [
        "generate", "-n", "3", "--rating", "2.5..4.0", "--seed", "5", "--rate",
    ];
    let one = stdout(&run(&[&args[..], &["-j", "1"]].concat()));
    assert_eq!(one, stdout(&run(&[&args[..], &["-j", "2"]].concat())));
    for line in one.lines() {
        let p: Grid = line[..81].parse().unwrap();
        let d = rate(&p, &solver);
        assert!(Rating(25) <= d.er && d.er <= Rating(40), "{line}");
        assert!(line.contains(&format!("ER/EP/ED {}/", d.er)));
        assert_eq!(Generic.count(&p, 2).unwrap(), 1);
    }
    let hard = stdout(&run(&[
        "generate",
        "-n",
        "2",
        "--difficulty",
        "hard",
        "--seed",
        "5",
    ]));
    for line in hard.lines() {
        let p: Grid = line.parse().unwrap();
        assert_eq!(rate(&p, &solver).level.name(), "hard");
    }
    assert_eq!(
        run(&["generate", "--rating", "5..2"]).status.code(),
        Some(2)
    );
    assert_eq!(
        run(&["generate", "--size", "16", "--rate"]).status.code(),
        Some(2)
    );
}
