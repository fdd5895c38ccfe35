#!/usr/bin/env bash
# Builds every fuzz target and runs each briefly from its seed corpus: a smoke test
# that the targets build and that no known input or quick mutation breaks an
# invariant. The long runs are described in fuzz/README.md.
#
# cargo-fuzz passes nightly-only flags (-Zsanitizer, …) to rustc; RUSTC_BOOTSTRAP=1
# lets the stable toolchain accept them. cargo-fuzz is installed when missing.
# FUZZ_SECONDS sets the time per target (default 20).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

seconds="${FUZZ_SECONDS:-20}"
targets=$(cargo fuzz list)
cargo fuzz build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for target in $targets; do
    mkdir -p "$work/$target"
    echo "fuzz: $target for ${seconds}s"
    # New inputs go to the scratch directory; the committed seeds stay as they are.
    if ! cargo fuzz run "$target" "$work/$target" "corpus/$target" -- \
        -max_total_time="$seconds" -max_len=20000 -timeout=30 \
        -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1 \
        >"$work/$target.log" 2>&1; then
        tail -n 60 "$work/$target.log" >&2
        echo "fuzz: $target failed; the input is in fuzz/artifacts/$target/" >&2
        exit 1
    fi
    grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "$work/$target.log" || true
done
echo "fuzz: every target passed"
