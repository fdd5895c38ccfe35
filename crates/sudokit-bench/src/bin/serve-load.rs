//! `serve-load [--sudokit PATH] [--puzzles FILE] [--requests N] [--seconds S]`: a load
//! test of `sudokit serve` on loopback.
//!
//! Starts the server (`--port 0`, loopback, a stand-in page folder) and, for
//! `/api/solve` and `/api/rate`, runs 1, 8 and 64 concurrent clients, each on its own
//! keep-alive connection, until `N` requests (default 2,000) are answered or `S`
//! seconds (default 10) have passed; every answer is checked (a solution must solve its
//! puzzle, a rating must be there) and any other answer counts as an error. Prints
//! requests/s and the p50 and p99 latency per row as a Markdown table.
//!
//! Then, with 8 clients solving in the background, it sends a malformed body, an
//! oversized body, a count that cannot end within the time limit and a body trickled
//! slower than the time limit, and checks each gets its 4xx while the background
//! clients keep getting answers. Exits 1 on any error. The server is stopped at the end.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use serde_json::{json, Value};
use sudokit::Grid;

/// Load test of `sudokit serve` on loopback.
#[derive(Debug, Parser)]
struct Args {
    /// The `sudokit` binary.
    #[arg(long, default_value = "target/release/sudokit")]
    sudokit: PathBuf,
    /// Puzzles to send, one a line (each must have exactly one solution).
    #[arg(long, default_value = "data/17_clue.txt")]
    puzzles: PathBuf,
    /// Requests per row at most.
    #[arg(long, default_value_t = 2000)]
    requests: usize,
    /// Seconds per row at most.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
}

/// The server's time limit per request in this run.
const TIME_LIMIT: Duration = Duration::from_secs(2);

/// A folder, removed when dropped.
struct Folder(PathBuf);

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The server and the folder it serves, stopped and removed when dropped (the
/// server first: fields drop after `drop` runs).
struct Server {
    child: Child,
    port: u16,
    _root: Folder,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(sudokit: &PathBuf) -> Result<Server, String> {
    let root =
        Folder(std::env::temp_dir().join(format!("sudokit-serve-load-{}", std::process::id())));
    std::fs::create_dir_all(root.0.join("pkg")).map_err(|e| e.to_string())?;
    std::fs::write(root.0.join("index.html"), "<!doctype html>").map_err(|e| e.to_string())?;
    std::fs::write(root.0.join("pkg/sudokit_wasm.js"), "").map_err(|e| e.to_string())?;
    let child = Command::new(sudokit)
        .args(["serve", "--port", "0", "--time-limit"])
        .arg(format!("{}s", TIME_LIMIT.as_secs()))
        .arg("--root")
        .arg(&root.0)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", sudokit.display()))?;
    let mut server = Server {
        child,
        port: 0,
        _root: root,
    };
    let mut line = String::new();
    let stdout = server.child.stdout.take().ok_or("no standard output")?;
    BufReader::new(stdout)
        .read_line(&mut line)
        .map_err(|e| e.to_string())?;
    server.port = line
        .split("127.0.0.1:")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .and_then(|p| p.parse().ok())
        .ok_or_else(|| format!("no loopback address in {line:?}"))?;
    Ok(server)
}

/// An HTTP/1.1 client on one keep-alive connection.
struct Client {
    port: u16,
    conn: Option<BufReader<TcpStream>>,
}

impl Client {
    fn new(port: u16) -> Client {
        Client { port, conn: None }
    }

    /// POSTs `body`; the status and the body of the answer. A closed connection is
    /// opened again once.
    fn post(&mut self, path: &str, body: &[u8]) -> std::io::Result<(u16, String)> {
        match self.try_post(path, body) {
            Ok(r) => Ok(r),
            Err(_) => {
                self.conn = None;
                self.try_post(path, body)
            }
        }
    }

    fn try_post(&mut self, path: &str, body: &[u8]) -> std::io::Result<(u16, String)> {
        if self.conn.is_none() {
            let s = TcpStream::connect(("127.0.0.1", self.port))?;
            s.set_nodelay(true)?;
            self.conn = Some(BufReader::new(s));
        }
        let conn = self.conn.as_mut().expect("connected");
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n",
            body.len()
        );
        let s = conn.get_mut();
        s.write_all(head.as_bytes())?;
        s.write_all(body)?;
        read_answer(conn)
    }
}

/// Reads one answer: status line, headers, a body of `Content-Length` bytes.
fn read_answer(conn: &mut BufReader<TcpStream>) -> std::io::Result<(u16, String)> {
    let bad = |m: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, m.to_string());
    let mut line = String::new();
    if conn.read_line(&mut line)? == 0 {
        return Err(bad("connection closed"));
    }
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| bad("no status"))?;
    let mut length = 0;
    loop {
        line.clear();
        conn.read_line(&mut line)?;
        if line.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().map_err(|_| bad("bad length"))?;
            }
        }
    }
    let mut body = vec![0; length];
    conn.read_exact(&mut body)?;
    Ok((status, String::from_utf8_lossy(&body).into_owned()))
}

/// Whether an answer of `route` for `puzzle` is right.
fn correct(route: &str, puzzle: &Grid, status: u16, body: &str) -> bool {
    let Ok(v) = serde_json::from_str::<Value>(body) else {
        return false;
    };
    status == 200
        && match route {
            "/api/solve" => v["solution"]
                .as_str()
                .and_then(|s| s.parse::<Grid>().ok())
                .is_some_and(|s| s.is_solution_of(puzzle)),
            _ => v["difficulty"]["level"].is_string(),
        }
}

/// One row: requests answered, errors, elapsed time and sorted latencies.
struct Row {
    answered: usize,
    errors: usize,
    elapsed: Duration,
    latencies: Vec<Duration>,
}

/// `clients` threads sending `route` requests until `max` are sent, `limit` has
/// passed or `stop` is set.
fn load(
    port: u16,
    route: &'static str,
    puzzles: &Arc<Vec<Grid>>,
    clients: usize,
    max: usize,
    limit: Duration,
    stop: &Arc<AtomicBool>,
) -> Row {
    let next = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let handles: Vec<_> = (0..clients)
        .map(|_| {
            let (next, puzzles, stop) = (next.clone(), puzzles.clone(), stop.clone());
            std::thread::spawn(move || {
                let mut client = Client::new(port);
                let (mut lat, mut errors) = (Vec::new(), 0);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= max || start.elapsed() > limit || stop.load(Ordering::Relaxed) {
                        return (lat, errors);
                    }
                    let puzzle = &puzzles[i % puzzles.len()];
                    let body = json!({ "puzzle": puzzle.to_line() }).to_string();
                    let t = Instant::now();
                    match client.post(route, body.as_bytes()) {
                        Ok((status, answer)) if correct(route, puzzle, status, &answer) => {
                            lat.push(t.elapsed())
                        }
                        _ => errors += 1,
                    }
                }
            })
        })
        .collect();
    let mut row = Row {
        answered: 0,
        errors: 0,
        elapsed: Duration::ZERO,
        latencies: Vec::new(),
    };
    for h in handles {
        let (lat, errors) = h.join().expect("client thread");
        row.latencies.extend(lat);
        row.errors += errors;
    }
    row.elapsed = start.elapsed();
    row.answered = row.latencies.len();
    row.latencies.sort_unstable();
    row
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i].as_secs_f64() * 1e3
}

/// Sends `body` to `route` on a new connection, `trickle` bytes at a time with a pause
/// between (0: all at once); the status answered.
fn one(port: u16, route: &str, body: &[u8], trickle: usize) -> std::io::Result<u16> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    write!(
        s,
        "POST {route} HTTP/1.1\r\nHost: localhost\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if trickle == 0 {
        // A server may answer an oversized body before reading it all.
        let _ = s.write_all(body);
    } else {
        for chunk in body.chunks(trickle) {
            if s.write_all(chunk).is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(500));
        }
    }
    let mut conn = BufReader::new(s);
    read_answer(&mut conn).map(|(status, _)| status)
}

fn main() -> ExitCode {
    let args = Args::parse();
    let text = match std::fs::read_to_string(&args.puzzles) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", args.puzzles.display());
            return ExitCode::FAILURE;
        }
    };
    let puzzles: Arc<Vec<Grid>> = Arc::new(
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| l.parse().ok())
            .collect(),
    );
    if puzzles.is_empty() {
        eprintln!("error: no puzzles in {}", args.puzzles.display());
        return ExitCode::FAILURE;
    }
    let server = match start(&args.sudokit) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e} (build it with cargo build --release -p sudokit-cli)");
            return ExitCode::FAILURE;
        }
    };
    let port = server.port;
    let limit = Duration::from_secs_f64(args.seconds);
    let never = Arc::new(AtomicBool::new(false));
    let mut failed = false;
    println!("| route | clients | answered | errors | requests/s | p50 ms | p99 ms |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for route in ["/api/solve", "/api/rate"] {
        for clients in [1, 8, 64] {
            let r = load(port, route, &puzzles, clients, args.requests, limit, &never);
            failed |= r.errors > 0;
            println!(
                "| {route} | {clients} | {} | {} | {:.0} | {:.2} | {:.2} |",
                r.answered,
                r.errors,
                r.answered as f64 / r.elapsed.as_secs_f64(),
                percentile(&r.latencies, 0.50),
                percentile(&r.latencies, 0.99),
            );
        }
    }

    // Bad and slow requests while 8 clients keep solving.
    let stop = Arc::new(AtomicBool::new(false));
    let background = {
        let (puzzles, stop) = (puzzles.clone(), stop.clone());
        std::thread::spawn(move || {
            load(
                port,
                "/api/solve",
                &puzzles,
                8,
                usize::MAX,
                Duration::MAX,
                &stop,
            )
        })
    };
    let empty16 = json!({ "puzzle": ".".repeat(256), "limit": 1_000_000_000_000_000u64 });
    let checks: [(&str, &str, Vec<u8>, usize, u16); 4] = [
        (
            "malformed JSON",
            "/api/solve",
            b"{\"puzzle\": ".to_vec(),
            0,
            400,
        ),
        (
            "oversized body (100 KB)",
            "/api/solve",
            json!({ "puzzle": ".".repeat(100_000) })
                .to_string()
                .into_bytes(),
            0,
            413,
        ),
        (
            "count past the time limit",
            "/api/count",
            empty16.to_string().into_bytes(),
            0,
            422,
        ),
        (
            "body trickled past the time limit",
            "/api/solve",
            json!({ "puzzle": ".".repeat(81) }).to_string().into_bytes(),
            8,
            408,
        ),
    ];
    println!();
    println!("| request (8 clients solving meanwhile) | status | expected | took |");
    println!("|---|---:|---:|---:|");
    for (what, route, body, trickle, want) in checks {
        let t = Instant::now();
        let got = one(port, route, &body, trickle);
        let took = t.elapsed().as_secs_f64();
        let shown = got.as_ref().map_or_else(|e| e.to_string(), u16::to_string);
        failed |= got.ok() != Some(want);
        println!("| {what} | {shown} | {want} | {took:.2} s |");
    }
    stop.store(true, Ordering::Relaxed);
    let r = background.join().expect("background clients");
    failed |= r.errors > 0 || r.answered == 0;
    println!(
        "\nmeanwhile: {} solve requests answered, {} errors, p99 {:.2} ms",
        r.answered,
        r.errors,
        percentile(&r.latencies, 0.99)
    );
    drop(server);
    if failed {
        eprintln!("error: some request was not answered as expected");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
