//! `sudokit serve`: the static page and a JSON API over HTTP (axum on tokio).
//!
//! Routes: `GET /…` serves files from `--root` (the page in `web/`, its WebAssembly
//! package in `web/pkg`); `POST /api/{solve,count,hint,explain,rate,generate}` take a
//! JSON body and answer with the shapes of the WebAssembly package
//! (`sudokit_wasm::api`), so a page can use either.
//!
//! Limits, each a 4xx with a JSON `{"error": message}` and never a 500: the body size
//! (413), malformed JSON or puzzles (400), puzzles without the one solution a request
//! needs (422), the time limit per request (a deadline [`Budget`] inside the search, so
//! the work really stops: 422, the engine gave up), a request that is not
//! read within the time limit (408), and the number of requests worked on at once (the
//! rest wait their turn up to the time limit, then 503). Binds to loopback by default.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sudokit::engine::Budget;
use sudokit_wasm::api::{self, ApiError, GenerateOptions};
use tokio::sync::Semaphore;

/// Serve the page and the JSON API.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  sudokit serve                      # http://127.0.0.1:8080, the page from ./web
  sudokit serve --port 0             # any free port (printed)
  curl -d '{\"puzzle\":\"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\"}' \\
       http://127.0.0.1:8080/api/solve

API (POST, JSON bodies; answers as the WebAssembly package's):
  /api/solve {puzzle}            -> {solution}
  /api/count {puzzle, limit?}    -> {count}      (limit 2 by default)
  /api/hint {puzzle}             -> {puzzle, step, solved}
  /api/explain {puzzle}          -> {puzzle, start, steps, outcome, difficulty, result}
  /api/rate {puzzle}             -> {puzzle, difficulty}
  /api/generate {level?, symmetry?, seed?, size?, maxAttempts?} -> {puzzle, solution, seed}
`puzzle` is any form `solve` reads for one puzzle; hint, explain and rate also take a
pencilmark grid or a Sukaku line. Errors: 4xx with {\"error\": message}.

The page needs its WebAssembly package: build it with scripts/build-wasm.sh.")]
pub struct Args {
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080, value_name = "N")]
    port: u16,

    /// Address to listen on. The default is loopback only; listening on another
    /// address exposes the server to the network.
    #[arg(long, default_value = "127.0.0.1", value_name = "ADDR")]
    bind: IpAddr,

    /// Folder of the static page.
    #[arg(long, default_value = "web", value_name = "DIR")]
    root: PathBuf,

    /// Seconds a request may take, reading it and working on it.
    #[arg(long, default_value = "10s", value_name = "SECONDS",
          value_parser = crate::common::parse_duration)]
    time_limit: Duration,

    /// Largest request body in bytes.
    #[arg(long, default_value_t = 64 * 1024, value_name = "BYTES")]
    max_body: usize,

    /// Requests worked on at once (default: the number of cores); others wait.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    jobs: Option<u32>,
}

/// What every handler shares.
struct Shared {
    /// Requests worked on at once.
    jobs: Arc<Semaphore>,
    /// The time limit per request.
    limit: Duration,
}

/// Runs `sudokit serve` until interrupted.
pub fn run(args: Args) -> anyhow::Result<std::process::ExitCode> {
    let page = args.root.join("index.html");
    let package = args.root.join("pkg").join("sudokit_wasm.js");
    if !page.is_file() {
        bail!(
            "no page at {}: run from the project folder or pass --root DIR (the folder of index.html)",
            page.display()
        );
    }
    if !package.is_file() {
        bail!(
            "the page's WebAssembly package is missing ({}): build it with scripts/build-wasm.sh",
            package.display()
        );
    }
    let jobs = match args.jobs {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let shared = Arc::new(Shared {
        jobs: Arc::new(Semaphore::new(jobs)),
        limit: args.time_limit,
    });
    let app = router(shared, args.root, args.max_body, args.time_limit);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async move {
        let addr = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        let local = listener.local_addr()?;
        println!("sudokit serve: listening on http://{local}/ ({jobs} jobs at once)");
        use std::io::Write;
        std::io::stdout().flush()?;
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .context("the server stopped")
    })?;
    Ok(std::process::ExitCode::SUCCESS)
}

/// The routes, the static files and the limits.
fn router(shared: Arc<Shared>, root: PathBuf, max_body: usize, limit: Duration) -> Router {
    use tower_http::services::ServeDir;
    use tower_http::timeout::TimeoutLayer;
    Router::new()
        .route("/api/solve", post(solve))
        .route("/api/count", post(count))
        .route("/api/hint", post(hint))
        .route("/api/explain", post(explain))
        .route("/api/rate", post(rate))
        .route("/api/generate", post(generate))
        .fallback_service(ServeDir::new(root))
        .layer(DefaultBodyLimit::max(max_body))
        // Reading a request and working on it within the limit, with a margin for the
        // search to notice its deadline and answer.
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            limit + Duration::from_secs(1),
        ))
        .with_state(shared)
}

/// An answer that is an error: its status and message.
struct Failure(StatusCode, String);

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<ApiError> for Failure {
    fn from(e: ApiError) -> Failure {
        let status = match e {
            ApiError::Parse(_)
            | ApiError::Unreadable { .. }
            | ApiError::Pencilmark(_)
            | ApiError::NeedsPuzzle(_)
            | ApiError::Layout(_)
            | ApiError::Option(_) => StatusCode::BAD_REQUEST,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        Failure(status, e.to_string())
    }
}

/// A body that must be `{"puzzle": …}` and nothing else.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleBody {
    puzzle: String,
}

/// The body of `/api/count`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CountBody {
    puzzle: String,
    #[serde(default = "two")]
    limit: u64,
}

/// The default limit of a count: tells unique from not.
fn two() -> u64 {
    2
}

/// Parses a JSON body; a body too large, not JSON or of the wrong shape is a 4xx.
fn body<T: DeserializeOwned>(bytes: Result<Bytes, BytesRejection>) -> Result<T, Failure> {
    let bytes = bytes.map_err(|r| Failure(r.status(), r.body_text()))?;
    serde_json::from_slice(&bytes)
        .map_err(|e| Failure(StatusCode::BAD_REQUEST, format!("bad request body: {e}")))
}

/// Runs `job` on a blocking thread once a job slot is free, with a deadline budget of
/// the time limit; a slot that does not come free within it is a 503.
async fn work<T, F>(shared: &Shared, job: F) -> Result<Json<T>, Failure>
where
    T: Serialize + Send + 'static,
    F: FnOnce(Budget) -> Result<T, ApiError> + Send + 'static,
{
    let permit = tokio::time::timeout(shared.limit, shared.jobs.clone().acquire_owned())
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or_else(|| {
            Failure(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy: try again shortly".into(),
            )
        })?;
    let limit = shared.limit;
    let answer = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        job(Budget::time(limit))
    })
    .await
    .map_err(|e| {
        Failure(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("the request could not be answered: {e}"),
        )
    })?;
    Ok(Json(answer?))
}

/// Shared state as the handlers take it.
type Ctx = State<Arc<Shared>>;

/// `POST /api/solve`.
async fn solve(State(s): Ctx, b: Result<Bytes, BytesRejection>) -> Result<Response, Failure> {
    let PuzzleBody { puzzle } = body(b)?;
    let answer = work(&s, move |budget| {
        api::solve(&puzzle, budget).map(|solution| json!({ "solution": solution }))
    });
    Ok(answer.await?.into_response())
}

/// `POST /api/count`.
async fn count(State(s): Ctx, b: Result<Bytes, BytesRejection>) -> Result<Response, Failure> {
    let CountBody { puzzle, limit } = body(b)?;
    let answer = work(&s, move |budget| {
        api::count(&puzzle, limit, budget).map(|count| json!({ "count": count }))
    });
    Ok(answer.await?.into_response())
}

/// `POST /api/hint`.
async fn hint(State(s): Ctx, b: Result<Bytes, BytesRejection>) -> Result<Response, Failure> {
    let PuzzleBody { puzzle } = body(b)?;
    Ok(work(&s, move |budget| api::hint(&puzzle, budget))
        .await?
        .into_response())
}

/// `POST /api/explain`.
async fn explain(State(s): Ctx, b: Result<Bytes, BytesRejection>) -> Result<Response, Failure> {
    let PuzzleBody { puzzle } = body(b)?;
    Ok(work(&s, move |budget| api::explain(&puzzle, budget))
        .await?
        .into_response())
}

/// `POST /api/rate`.
async fn rate(State(s): Ctx, b: Result<Bytes, BytesRejection>) -> Result<Response, Failure> {
    let PuzzleBody { puzzle } = body(b)?;
    Ok(work(&s, move |budget| api::rate(&puzzle, budget))
        .await?
        .into_response())
}

/// `POST /api/generate`; an empty body asks for the defaults.
async fn generate(State(s): Ctx, b: Result<Bytes, BytesRejection>) -> Result<Response, Failure> {
    let options: GenerateOptions = match &b {
        Ok(bytes) if bytes.iter().all(u8::is_ascii_whitespace) => GenerateOptions::default(),
        _ => body(b)?,
    };
    // A fresh random seed per request (the answer names it, to make the puzzle again).
    let seed = {
        use std::hash::{BuildHasher, Hasher};
        std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish()
    };
    Ok(
        work(&s, move |budget| api::generate(&options, seed, budget))
            .await?
            .into_response(),
    )
}
