#!/usr/bin/env bash
# Runs every test of the project: the Rust workspace (unit, integration, property,
# CLI end-to-end and documentation tests; among them the library's module-cycle check,
# crates/sudokit-bench/tests/module_cycles.rs), the library on its own without the
# optional `serde` feature and with the experimental `triad` engine, then the Python
# bindings' pytest suite, the R package's testthat suite, the WebAssembly package's Node
# tests, a short run of every fuzz target and the page's tests in a headless browser.
#
# Each part's wall time is printed as it ends, and all of them at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

times=()
part() {
    local start=$SECONDS
    echo "== test-all: $*" >&2
    "$@"
    times+=("$((SECONDS - start))s  $*")
    echo "== test-all: $((SECONDS - start))s for $*" >&2
}

part cargo test --workspace --all-targets
part cargo test --workspace --doc
# The library on its own builds without `serde` (the workspace turns it on). The
# experimental `triad` engine is off by default: its unit tests (builds compared), the
# conformance suite and the solving tests (the hard 9×9 boards every engine must count
# within a node budget) run again with it, in that same build.
part cargo test -p sudokit --features triad --lib --test conformance --test solving
part bash scripts/test-python.sh
part bash scripts/test-r.sh
part bash scripts/test-wasm.sh
part bash scripts/fuzz-smoke.sh
part bash scripts/test-web.sh
printf '== test-all: every part passed in %ss\n' "$SECONDS" >&2
printf '   %s\n' "${times[@]}" >&2
