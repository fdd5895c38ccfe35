#!/usr/bin/env bash
# Tests the WebAssembly package: builds it (scripts/build-wasm.sh --node), writes the
# native command's answers for a sample of ~200 puzzles of every kind in data/, and runs
# the Node tests (crates/sudokit-wasm/tests/node), which compare the package's answers
# with them and check the bundle size. Needs Node.js 20 or later (installed with apt-get
# when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v node >/dev/null; then
    apt-get update && apt-get install -y nodejs
fi

bash scripts/build-wasm.sh --node
cargo build -p sudokit-cli
sudokit=target/debug/sudokit

expected=target/wasm-expected
rm -rf "$expected"
mkdir -p "$expected"
sample="$expected/sample.txt"
{
    take() { awk -v n="$2" '!/^#/ && NF && k++ < n' "data/$1.txt"; }
    take 17_clue 80
    take top1465 50
    take serg_multi 30
    take hardest_1106 4
    take 4x4 6
    take 6x6 6
    take 16x16 6
} > "$sample"
# Exit code 1 means some puzzle had no answer (a marker line): expected in the sample.
native() { "$sudokit" "$@" "$sample" || [ $? -eq 1 ]; }
native solve > "$expected/solve.txt" 2>/dev/null
native count --limit 3 > "$expected/count.txt" 2>/dev/null
native rate --json > "$expected/rate.txt" 2>/dev/null
native hint --json > "$expected/hint.txt" 2>/dev/null
native canon > "$expected/canon.txt" 2>/dev/null

SUDOKIT_EXPECTED="$expected" node --test crates/sudokit-wasm/tests/node/
