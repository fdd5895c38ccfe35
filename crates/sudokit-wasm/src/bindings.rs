//! The JavaScript exports: thin wrappers over [`crate::api`] that turn its answers into
//! JavaScript values (objects through `JSON.parse` of the API's serialisation, so the
//! shapes are exactly the server's) and its errors into thrown `Error`s.

use serde::Serialize;
use sudokit::engine::Budget;
use wasm_bindgen::prelude::*;

use crate::api::{self, ApiError, GenerateOptions};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = JSON, js_name = parse)]
    fn json_parse(text: &str) -> JsValue;
    #[wasm_bindgen(js_namespace = JSON, js_name = stringify)]
    fn json_stringify(value: &JsValue) -> JsValue;
    #[wasm_bindgen(js_namespace = Math, js_name = random)]
    fn random() -> f64;
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = include_str!("types.d.ts");

/// Searches in the browser have no deadline (there is no clock to read); the page runs
/// heavy calls in a worker.
const BUDGET: Budget = Budget::UNLIMITED;

/// An API error as a JavaScript `Error` with the library's message.
fn error(e: ApiError) -> JsError {
    JsError::new(&e.to_string())
}

/// A serialisable answer as a plain JavaScript object.
fn object<T: Serialize>(value: &T) -> JsValue {
    json_parse(&serde_json::to_string(value).expect("API answers serialise"))
}

/// The first solution of a puzzle, as one line.
#[wasm_bindgen]
pub fn solve(text: &str) -> Result<String, JsError> {
    api::solve(text, BUDGET).map_err(error)
}

/// The number of solutions of a puzzle or candidate state, counted up to `limit`.
#[wasm_bindgen]
pub fn count(text: &str, limit: f64) -> Result<f64, JsError> {
    if !(limit >= 1.0 && limit.fract() == 0.0 && limit <= 9_007_199_254_740_991.0) {
        return Err(JsError::new(&format!(
            "limit must be a whole number from 1 up, got {limit}"
        )));
    }
    api::count(text, limit as u64, BUDGET)
        .map(|n| n as f64)
        .map_err(error)
}

/// Every puzzle of a text solved, one line each (`error: …` for one that has none).
#[wasm_bindgen(js_name = solveMany)]
pub fn solve_many(text: &str) -> String {
    api::solve_many(text, BUDGET)
}

/// The next logical step.
#[wasm_bindgen(unchecked_return_type = "Hint")]
pub fn hint(text: &str) -> Result<JsValue, JsError> {
    api::hint(text, BUDGET).map(|h| object(&h)).map_err(error)
}

/// Every logical step and the difficulty.
#[wasm_bindgen(unchecked_return_type = "Explanation")]
pub fn explain(text: &str) -> Result<JsValue, JsError> {
    api::explain(text, BUDGET)
        .map(|e| object(&e))
        .map_err(error)
}

/// The difficulty: ER/EP/ED, level, score.
#[wasm_bindgen(unchecked_return_type = "Rated")]
pub fn rate(text: &str) -> Result<JsValue, JsError> {
    api::rate(text, BUDGET).map(|r| object(&r)).map_err(error)
}

/// A new puzzle with exactly one solution, as one line.
#[wasm_bindgen]
pub fn generate(
    #[wasm_bindgen(unchecked_param_type = "GenerateOptions | undefined")] options: JsValue,
) -> Result<String, JsError> {
    let options: GenerateOptions = if options.is_undefined() || options.is_null() {
        GenerateOptions::default()
    } else {
        let text = json_stringify(&options)
            .as_string()
            .ok_or_else(|| JsError::new("generate options must be an object"))?;
        serde_json::from_str(&text)
            .map_err(|e| JsError::new(&format!("bad generate options: {e}")))?
    };
    let seed = (random() * 9_007_199_254_740_992.0) as u64;
    api::generate(&options, seed, BUDGET)
        .map(|m| m.puzzle)
        .map_err(error)
}

/// The minlex canonical form of a 9×9 puzzle.
#[wasm_bindgen]
pub fn canonical(text: &str) -> Result<String, JsError> {
    api::canonical(text).map_err(error)
}

/// The candidates of every cell, row-major (none for a filled cell).
#[wasm_bindgen(unchecked_return_type = "number[][]")]
pub fn candidates(text: &str) -> Result<JsValue, JsError> {
    api::candidates(text).map(|c| object(&c)).map_err(error)
}

/// The conflicts of a grid of givens and entries.
#[wasm_bindgen(unchecked_return_type = "Check")]
pub fn check(text: &str) -> Result<JsValue, JsError> {
    api::check(text).map(|c| object(&c)).map_err(error)
}
