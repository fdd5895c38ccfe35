#!/usr/bin/env bash
# Runs every test of the project: the Rust workspace (unit, integration, property,
# CLI end-to-end and documentation tests; among them the library's module-cycle check,
# crates/sudokit-bench/tests/module_cycles.rs), the library on its own without the
# optional `serde` feature and with the experimental `triad` engine, then the Python
# bindings' pytest suite, the R package's testthat suite, the WebAssembly package's Node
# tests, a short run of every fuzz target and the page's tests in a headless browser.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace --all-targets
cargo test --workspace --doc
cargo test -p sudokit --lib
# The experimental `triad` engine is off by default: its unit tests (builds compared) and
# the conformance suite run again with it.
cargo test -p sudokit --features triad --lib --test conformance
bash scripts/test-python.sh
bash scripts/test-r.sh
bash scripts/test-wasm.sh
bash scripts/fuzz-smoke.sh
bash scripts/test-web.sh
