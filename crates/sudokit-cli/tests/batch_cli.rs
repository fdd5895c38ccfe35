//! End-to-end tests of the batch records: `--output jsonl` records with checked
//! answers, `--shard` shares that never overlap and make up the whole run, and runs
//! killed at random moments and resumed with `--resume` that end with exactly the
//! records of one uninterrupted run.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::{spawn, sudokit, text};
use serde_json::Value;
use sudokit::Grid;

/// The repository root, where the commands run.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// A file of its own under the temporary directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let path =
            std::env::temp_dir().join(format!("sudokit-batch-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        Scratch(path)
    }

    fn arg(&self) -> &str {
        self.0.to_str().unwrap()
    }

    fn read(&self) -> String {
        std::fs::read_to_string(&self.0).unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Runs `sudokit ARGS` and returns its standard output, checking the exit code.
fn run(args: &[&str], code: i32) -> String {
    let out = sudokit(args, "");
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}: {}",
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// JSON lines as values, each with its `ms` checked and taken out (the one field that
/// differs between runs).
fn records(jsonl: &str) -> Vec<Value> {
    jsonl
        .lines()
        .map(|line| {
            let mut v: Value = serde_json::from_str(line).unwrap();
            let ms = v.as_object_mut().unwrap().remove("ms").unwrap();
            assert!(ms.as_f64().unwrap() >= 0.0, "{line}");
            v
        })
        .collect()
}

/// Records by id; no id comes twice.
fn by_id(records: Vec<Value>) -> BTreeMap<String, Value> {
    let mut map = BTreeMap::new();
    for r in records {
        let id = r["id"].as_str().unwrap().to_string();
        assert!(map.insert(id.clone(), r).is_none(), "{id} twice");
    }
    map
}

fn grid(v: &Value) -> Grid {
    v.as_str().unwrap().parse().unwrap()
}

/// A file of many puzzles for runs long enough to be killed: the shipped samples
/// several times over, and a malformed line in each copy.
fn long_input(name: &str, copies: usize) -> Scratch {
    let mut body = String::new();
    for _ in 0..copies {
        for file in ["hardest_11plus.txt", "top1465.txt", "serg_multi.txt"] {
            body.push_str(
                &std::fs::read_to_string(Path::new(ROOT).join("data").join(file)).unwrap(),
            );
        }
        body.push_str("12345 not a puzzle\n");
    }
    let file = Scratch::new(name);
    std::fs::write(&file.0, body).unwrap();
    file
}

/// Every command's records: an id per puzzle in input order (`<source>:<line>`, or
/// `seed:<seed>:<index>`), the input, answers checked against the puzzles and equal to
/// the text output's, failures as `error` records where text has marker lines.
#[test]
fn jsonl_records_carry_checked_answers() {
    let files = [
        "data/examples.txt",
        "data/hardest_1106.txt",
        "data/serg_multi.txt",
    ];
    let text_lines = |cmd: &[&str], code| -> Vec<String> {
        let mut args = cmd.to_vec();
        args.extend(files);
        run(&args, code).lines().map(String::from).collect()
    };
    let json = |cmd: &[&str], code| -> Vec<Value> {
        let mut args = cmd.to_vec();
        args.extend(["--output", "jsonl"]);
        args.extend(files);
        records(&run(&args, code))
    };

    let solved = json(&["solve", "--unique"], 1);
    let text = text_lines(&["solve", "--unique"], 1);
    assert_eq!(solved.len(), text.len());
    let mut sources = BTreeSet::new();
    let mut last = (String::new(), 0u64);
    for (r, t) in solved.iter().zip(&text) {
        let id = r["id"].as_str().unwrap();
        let (source, line) = id.rsplit_once(':').unwrap();
        let line: u64 = line.parse().unwrap();
        if source == last.0 {
            assert!(line > last.1, "{id} after {last:?}");
        }
        last = (source.to_string(), line);
        sources.insert(source.to_string());
        match (&r["solution"], t.strip_prefix("error: ")) {
            (Value::String(s), None) => {
                assert_eq!(s, t);
                let solution = grid(&r["solution"]);
                assert!(solution.is_solution_of(&grid(&r["input"])), "{id}");
            }
            (Value::Null, Some(kind)) => assert_eq!(r["error"]["kind"], kind, "{id}"),
            other => panic!("{id}: {other:?}"),
        }
    }
    assert_eq!(sources.len(), 3);
    assert!(solved
        .iter()
        .any(|r| r["error"]["kind"] == "multiple solutions"));
    assert!(
        solved
            .iter()
            .filter(|r| r.get("solution").is_some())
            .count()
            > 100
    );

    let counted = json(&["count", "--limit", "5"], 0);
    let text = text_lines(&["count", "--limit", "5"], 0);
    assert_eq!(counted.len(), text.len());
    for (r, t) in counted.iter().zip(&text) {
        if let Some(kind) = t.strip_prefix("error: ") {
            assert_eq!(r["error"]["kind"], kind);
            continue;
        }
        let plus = if r["at_limit"] == true { "+" } else { "" };
        assert_eq!(format!("{}{plus}", r["count"]), *t);
        let puzzle = grid(&r["input"]);
        assert_eq!(r["count"], sudokit::count(&puzzle, 5));
    }
    assert!(counted.iter().any(|r| r["at_limit"] == true));

    let rated = json(&["rate"], 1);
    let text = text_lines(&["rate"], 1);
    assert_eq!(rated.len(), text.len());
    for (r, t) in rated.iter().zip(&text) {
        let fields: Vec<&str> = t.split('\t').collect();
        if fields.len() == 1 {
            assert_eq!(r["error"]["kind"], t.strip_prefix("error: ").unwrap());
            continue;
        }
        assert_eq!(r["input"], fields[0]);
        assert_eq!(format!("{}/{}/{}", r["er"], r["ep"], r["ed"]), fields[1]);
        assert_eq!(r["level"], fields[2]);
    }

    let forms = json(&["canon", "--automorphisms"], 1);
    let text = text_lines(&["canon", "--automorphisms"], 1);
    assert_eq!(forms.len(), text.len());
    for (r, t) in forms.iter().zip(&text) {
        if let Some(kind) = t.strip_prefix("error: ") {
            assert_eq!(r["error"]["kind"], kind);
        } else {
            assert_eq!(
                format!(
                    "{} {}",
                    r["canonical"].as_str().unwrap(),
                    r["automorphisms"]
                ),
                *t
            );
        }
    }

    let made = records(&run(
        &[
            "generate", "-n", "12", "--seed", "9", "--rate", "--output", "jsonl",
        ],
        0,
    ));
    let text = run(&["generate", "-n", "12", "--seed", "9", "--rate"], 0);
    for (i, (r, t)) in made.iter().zip(text.lines()).enumerate() {
        assert_eq!(r["id"], format!("seed:9:{i}"));
        assert!(t.starts_with(r["puzzle"].as_str().unwrap()));
        assert!(t.ends_with(r["level"].as_str().unwrap()));
        let puzzle = grid(&r["puzzle"]);
        assert_eq!(r["clues"], puzzle.clue_count());
        assert!(grid(&r["solution"]).is_solution_of(&puzzle));
        assert_eq!(sudokit::count(&puzzle, 2), 1);
    }
    assert_eq!(made.len(), 12);
}

/// The shards of a run never share a record, and together they are the whole run:
/// for puzzles read (by id) and for puzzles generated (by index).
#[test]
fn shards_are_disjoint_and_make_up_the_whole_run() {
    for (cmd, n) in [
        (vec!["solve", "data/top1465.txt", "data/serg_multi.txt"], 3),
        (vec!["count", "--limit", "2", "data/serg_multi.txt"], 4),
        (vec!["generate", "-n", "40", "--seed", "4"], 3),
    ] {
        let mut args = cmd.clone();
        args.extend(["--output", "jsonl"]);
        let whole = by_id(records(&run(&args, 0)));
        let mut union = BTreeMap::new();
        for i in 0..n {
            let shard = format!("{i}/{n}");
            let mut args = args.clone();
            args.extend(["--shard", &shard]);
            let part = by_id(records(&run(&args, 0)));
            assert!(
                !part.is_empty() && part.len() < whole.len(),
                "{cmd:?} {shard}"
            );
            for (id, r) in part {
                assert!(union.insert(id, r).is_none(), "{cmd:?}: shards overlap");
            }
        }
        assert_eq!(union, whole, "{cmd:?}");
    }
}

/// A small random source for the moments to kill at; the seed is printed so that a
/// failing run can be told apart.
struct Moments(u64);

impl Moments {
    fn new() -> Moments {
        use std::hash::{BuildHasher, RandomState};
        let seed = RandomState::new().hash_one(std::process::id()) | 1;
        eprintln!("kill moments seed {seed}");
        Moments(seed)
    }

    /// A whole number in `lo..hi`.
    fn between(&mut self, lo: u64, hi: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        lo + self.0 % (hi - lo)
    }
}

/// Starts `args` with `--resume` again and again, killing it (SIGKILL) after a random
/// while of up to a quarter of `whole` (how long the uninterrupted run took, so that
/// a run is killed several times on any machine), until a run ends by itself; returns
/// the kills and its exit code. Records go out every 50 ms of work at the latest, so
/// runs that live long enough make progress.
fn kill_and_resume(args: &[&str], whole: Duration, moments: &mut Moments) -> (u32, i32) {
    let mut kills = 0;
    let most = whole.as_millis() as u64 / 4 + 30;
    loop {
        let mut child = spawn(args, Stdio::null());
        let wait = Duration::from_millis(moments.between(2, most));
        std::thread::sleep(wait);
        match child.try_wait().unwrap() {
            Some(status) => return (kills, status.code().unwrap()),
            None => {
                child.kill().unwrap();
                child.wait().unwrap();
                kills += 1;
            }
        }
        assert!(kills < 10_000, "{args:?} never finished");
    }
}

/// Runs killed at random moments and resumed, again and again, end with exactly the
/// records of one uninterrupted run, in the same order, and its exit code.
#[test]
fn killed_runs_resume_to_the_records_of_an_uninterrupted_run() {
    let mut moments = Moments::new();
    let input = long_input("long.txt", 24);
    let whole = Scratch::new("whole.jsonl");
    let parts = Scratch::new("parts.jsonl");
    let generated = Scratch::new("generated.jsonl");
    let generated_parts = Scratch::new("generated-parts.jsonl");
    let jobs: [(Vec<&str>, &Scratch, &Scratch, i32); 2] = [
        (
            vec!["count", "--limit", "3", "-j", "2", input.arg()],
            &whole,
            &parts,
            1,
        ),
        (
            vec!["generate", "-n", "8000", "--seed", "11", "-j", "2"],
            &generated,
            &generated_parts,
            0,
        ),
    ];
    for (cmd, whole, parts, code) in jobs {
        let mut args = cmd.clone();
        args.extend(["--output", "jsonl", "-o"]);
        let start = Instant::now();
        run(&[&args[..], &[whole.arg()]].concat(), code);
        let took = start.elapsed();
        let want = records(&whole.read());
        args.extend([parts.arg(), "--resume"]);
        let (kills, end) = kill_and_resume(&args, took, &mut moments);
        eprintln!("{cmd:?}: {kills} kills; the uninterrupted run took {took:?}");
        assert!(
            kills >= 2,
            "{cmd:?}: only {kills} kills: make the run longer"
        );
        assert_eq!(end, code, "{cmd:?}");
        let got = records(&parts.read());
        assert_eq!(got.len(), want.len(), "{cmd:?} after {kills} kills");
        assert!(got == want, "{cmd:?}: records differ after {kills} kills");
    }
}

/// A torn last line (a write cut short) is dropped on resume and its record done
/// again; a file that is not JSON Lines output is refused and left as it was; resume
/// needs JSON Lines, and generate needs a seed to shard or resume; text goes to
/// --output-file as to standard output, and an input is never overwritten.
#[test]
fn resume_drops_a_torn_line_and_refuses_other_files() {
    let out = Scratch::new("torn.jsonl");
    let args = [
        "solve",
        "--output",
        "jsonl",
        "-o",
        out.arg(),
        "--resume",
        "data/examples.txt",
    ];
    run(&args, 0);
    let want = out.read();
    let lines: Vec<&str> = want.lines().collect();
    let torn = format!("{}\n{}\n{}", lines[0], lines[1], &lines[2][..30]);
    std::fs::write(&out.0, &torn).unwrap();
    run(&args, 0);
    assert_eq!(records(&out.read()), records(&want));

    std::fs::write(&out.0, "not a record\n12").unwrap();
    let refused = sudokit(&args, "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains("line 1 is not a record"));
    assert_eq!(out.read(), "not a record\n12");

    let text_resume = sudokit(
        &["solve", "-o", out.arg(), "--resume", "data/examples.txt"],
        "",
    );
    assert_eq!(text_resume.status.code(), Some(2));
    assert!(text(&text_resume.stderr).contains("add --output jsonl"));
    let unseeded = sudokit(&["generate", "--shard", "0/2", "--output", "jsonl"], "");
    assert_eq!(unseeded.status.code(), Some(2));
    assert!(text(&unseeded.stderr).contains("need --seed"));
    run(&["solve", "-o", out.arg(), "data/examples.txt"], 0);
    assert_eq!(out.read(), run(&["solve", "data/examples.txt"], 0));
    let same = sudokit(
        &["solve", "-o", "data/examples.txt", "data/examples.txt"],
        "",
    );
    assert_eq!(same.status.code(), Some(2));
    assert!(text(&same.stderr).contains("is also an input"));
}
