//! `sudokit serve` end to end: the server on a free loopback port, a plain HTTP client
//! in the test, every route's answer checked against the library and every error
//! answered with a 4xx and the library's message.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::{json, Value};
use sudokit::logic::{Order, Solver, TechniqueSet};
use sudokit::Grid;

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A running server, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A folder with a stand-in page and package, as `--root` needs; removed when dropped.
struct PageRoot(PathBuf);

impl std::ops::Deref for PageRoot {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for PageRoot {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A [`PageRoot`] of its own for the test `name`.
fn page_root(name: &str) -> PageRoot {
    let root = std::env::temp_dir().join(format!("sudokit-serve-{name}-{}", std::process::id()));
    std::fs::create_dir_all(root.join("pkg")).unwrap();
    std::fs::write(
        root.join("index.html"),
        "<!doctype html><title>sudokit</title>",
    )
    .unwrap();
    std::fs::write(root.join("pkg/sudokit_wasm.js"), "export {};").unwrap();
    PageRoot(root)
}

/// Starts `sudokit serve --port 0` with `extra` options; waits for its address line.
fn start(root: &Path, extra: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["serve", "--port", "0", "--root"])
        .arg(root)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    assert!(
        addr.starts_with("127.0.0.1:"),
        "loopback by default: {line}"
    );
    let port = addr.rsplit(':').next().unwrap().parse().unwrap();
    Server { child, port }
}

/// One request on its own connection: the status and the body.
fn request(port: u16, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .unwrap();
    // A server may answer before reading a body it refuses: ignore a reset here.
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

/// POSTs JSON to an API route: the status and the JSON answer.
fn post(port: u16, route: &str, body: &Value) -> (u16, Value) {
    let (status, text) = request(port, "POST", route, body.to_string().as_bytes());
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{route}: {e}: {text}"));
    (status, value)
}

/// The error message of a 4xx answer.
fn error_of(port: u16, route: &str, body: &Value, status: u16) -> String {
    let (got, v) = post(port, route, body);
    assert_eq!(got, status, "{route} {body}: {v}");
    v["error"].as_str().expect("an error message").to_string()
}

#[test]
fn answers_every_route_as_the_library_does() {
    let root = page_root("routes");
    let server = start(&root, &[]);
    let port = server.port;
    let (status, page) = request(port, "GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("<title>sudokit</title>"));

    let puzzle: Grid = PUZZLE.parse().unwrap();
    let (status, v) = post(port, "/api/solve", &json!({ "puzzle": PUZZLE }));
    assert_eq!(status, 200);
    let solution: Grid = v["solution"].as_str().unwrap().parse().unwrap();
    assert!(solution.is_solution_of(&puzzle));

    let open = format!(".{}", &PUZZLE[1..]);
    let want = sudokit::count(&open.parse().unwrap(), 5);
    let (_, v) = post(port, "/api/count", &json!({ "puzzle": open, "limit": 5 }));
    assert_eq!(v["count"], want);
    let (_, v) = post(port, "/api/count", &json!({ "puzzle": PUZZLE }));
    assert_eq!(v["count"], 1);

    let (status, v) = post(port, "/api/hint", &json!({ "puzzle": PUZZLE }));
    assert_eq!(status, 200);
    assert_eq!(v["puzzle"], PUZZLE);
    assert_eq!(v["solved"], false);
    let step = &v["step"];
    for &[cell, digit] in
        &serde_json::from_value::<Vec<[usize; 2]>>(step["placements"].clone()).unwrap()
    {
        assert_eq!(solution.get(cell), digit as u8, "{step}");
    }

    let (status, v) = post(port, "/api/explain", &json!({ "puzzle": PUZZLE }));
    assert_eq!(status, 200);
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(v["difficulty"]["steps"], steps.len());
    assert!(steps
        .iter()
        .all(|s| s["candidates"].as_str().unwrap().len() == 729));
    if v["outcome"] == "solved" {
        assert_eq!(v["result"], solution.to_line());
    }

    let (status, v) = post(port, "/api/rate", &json!({ "puzzle": PUZZLE }));
    assert_eq!(status, 200);
    // The server rates in HoDoKu's order, as the command does by default.
    let solver = Solver::with_order(TechniqueSet::all(), Order::Hodoku).explain(false);
    let d = sudokit::rating::rate(&puzzle, &solver);
    assert_eq!(v["difficulty"], serde_json::to_value(&d).unwrap());

    let (status, a) = post(
        port,
        "/api/generate",
        &json!({ "seed": 7, "symmetry": "mirror" }),
    );
    assert_eq!(status, 200);
    let (_, b) = post(
        port,
        "/api/generate",
        &json!({ "seed": 7, "symmetry": "mirror" }),
    );
    assert_eq!(a, b, "the same seed gives the same puzzle");
    let made: Grid = a["puzzle"].as_str().unwrap().parse().unwrap();
    assert_eq!(sudokit::count(&made, 2), 1);
    let (status, _) = request(port, "POST", "/api/generate", b"");
    assert_eq!(status, 200, "an empty body asks for the defaults");
}

#[test]
fn bad_requests_get_a_4xx_with_the_library_message() {
    let root = page_root("errors");
    let server = start(&root, &["--max-body", "1000"]);
    let port = server.port;
    let m = error_of(port, "/api/solve", &json!({ "puzzle": "12345" }), 400);
    assert!(m.contains("5 cells is not a puzzle"), "{m}");
    let m = error_of(
        port,
        "/api/solve",
        &json!({ "puzzle": format!("11{}", &PUZZLE[2..]) }),
        422,
    );
    assert!(m.contains("invalid puzzle"), "{m}");
    let m = error_of(port, "/api/hint", &json!({ "puzzle": ".".repeat(81) }), 422);
    assert!(m.contains("more than one solution"), "{m}");
    let m = error_of(port, "/api/solve", &json!({ "grid": PUZZLE }), 400);
    assert!(m.contains("unknown field `grid`"), "{m}");
    let m = error_of(
        port,
        "/api/generate",
        &json!({ "level": "impossible" }),
        400,
    );
    assert!(m.contains("unknown variant `impossible`"), "{m}");
    let m = error_of(port, "/api/generate", &json!({ "size": 7 }), 400);
    assert!(m.contains("size 7"), "{m}");

    let (status, text) = request(port, "POST", "/api/rate", b"{\"puzzle\": ");
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("bad request body"), "{text}");
    let big = json!({ "puzzle": ".".repeat(2000) });
    let (status, text) = request(port, "POST", "/api/solve", big.to_string().as_bytes());
    assert_eq!(status, 413, "{text}");
    let (status, _) = request(port, "GET", "/api/solve", b"");
    assert_eq!(status, 405);
    let (status, _) = request(port, "GET", "/../Cargo.toml", b"");
    assert_eq!(status, 404);

    // Still serving after all of that.
    let (status, _) = post(port, "/api/solve", &json!({ "puzzle": PUZZLE }));
    assert_eq!(status, 200);
}

#[test]
fn a_slow_request_stops_at_the_time_limit_and_others_are_served() {
    let root = page_root("slow");
    let server = start(&root, &["--time-limit", "300ms", "--jobs", "2"]);
    let port = server.port;
    // Counting the solutions of an empty 16×16 board to 10¹⁵ never ends by itself.
    let slow = json!({ "puzzle": ".".repeat(256), "limit": 1_000_000_000_000_000u64 });
    let handle = std::thread::spawn(move || error_of(port, "/api/count", &slow, 422));
    let (status, _) = post(port, "/api/solve", &json!({ "puzzle": PUZZLE }));
    assert_eq!(status, 200);
    let m = handle.join().unwrap();
    assert!(
        m.contains("gave up") && m.contains("time limit ran out"),
        "{m}"
    );
}

#[test]
fn refuses_to_start_without_the_package() {
    let root = page_root("nopkg");
    std::fs::remove_dir_all(root.join("pkg")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["serve", "--port", "0", "--root"])
        .arg(&*root)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("scripts/build-wasm.sh"), "{err}");
}
