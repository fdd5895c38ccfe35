#!/usr/bin/env bash
# Solving throughput of the WebAssembly package on a puzzle file (one puzzle a line):
# in Node.js and in headless Chromium (Debian's, driven by playwright-core from npm),
# beside the native command on one thread in the same run.
#   scripts/bench-wasm.sh [PUZZLES]   (default: the shared 17-clue set)
# Installs what it needs when missing: chromium (apt-get) and playwright-core (npm,
# into target/wasm-bench). A benchmark, not a test: it asserts nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
puzzles=${1:-/work/shared/data/puzzles2_17_clue}

if ! command -v chromium >/dev/null; then
    apt-get update && apt-get install -y chromium
fi
if [ ! -d target/wasm-bench/node_modules/playwright-core ]; then
    mkdir -p target/wasm-bench
    [ -f target/wasm-bench/package.json ] || echo '{"private": true}' > target/wasm-bench/package.json
    npm install --prefix target/wasm-bench --no-save --no-audit --no-fund playwright-core
fi
bash scripts/build-wasm.sh --node
cargo build --release -p sudokit-cli

count=$(grep -cv '^#' "$puzzles")
start=$(date +%s.%N)
target/release/sudokit solve --threads 1 "$puzzles" > /dev/null
end=$(date +%s.%N)
awk -v n="$count" -v s="$start" -v e="$end" \
    'BEGIN { printf "native, one thread: %d puzzles, %d puzzles/s (reading and writing included)\n", n, n / (e - s) }'
node crates/sudokit-wasm/bench/throughput.mjs "$puzzles" 3
node crates/sudokit-wasm/bench/browser.mjs "$puzzles" "$(command -v chromium)"
