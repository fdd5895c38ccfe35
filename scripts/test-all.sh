#!/usr/bin/env bash
# Runs every test of the project: the Rust workspace (unit, integration, property,
# CLI end-to-end and documentation tests), then the Python bindings' pytest suite.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace --all-targets
cargo test --workspace --doc
bash scripts/test-python.sh
bash scripts/fuzz-smoke.sh
