#!/usr/bin/env bash
# Runs every test of the project: the Rust workspace (unit, integration, property,
# CLI end-to-end and documentation tests), then the Python bindings' pytest suite.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace --all-targets
cargo test --workspace --doc
# The experimental `triad` engine is off by default: its unit tests (builds compared) and
# the conformance suite run again with it.
cargo test -p sudokit --features triad --lib --test conformance
bash scripts/test-python.sh
