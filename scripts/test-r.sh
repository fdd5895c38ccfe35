#!/usr/bin/env bash
# Builds the R package (r/sudokit) into a temporary library and runs its testthat
# suite.
#
# Needs R with testthat, and cargo. When R or testthat is missing, Debian's
# r-base-dev and r-cran-testthat are installed with apt-get (this needs root, as CI
# runs). Extra arguments go to testthat as a filter, e.g. `scripts/test-r.sh read`.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
pkg="$root/r/sudokit"

missing=()
command -v R >/dev/null 2>&1 || missing+=(r-base-dev)
if ! command -v Rscript >/dev/null 2>&1 ||
    ! Rscript -e 'quit(status = !requireNamespace("testthat", quietly = TRUE))' >/dev/null 2>&1; then
    missing+=(r-cran-testthat)
fi
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "error: R packages missing (${missing[*]}): install them, e.g. sudo apt-get install ${missing[*]}" >&2
        exit 1
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
fi

cargo fmt --check --manifest-path "$pkg/src/rust/Cargo.toml"

lib="$(mktemp -d)"
trap 'rm -rf "$lib"' EXIT
R CMD INSTALL --library="$lib" "$pkg"

cd "$pkg/tests"
R_LIBS="$lib${R_LIBS:+:$R_LIBS}" Rscript - "$@" <<'RSCRIPT'
filter <- commandArgs(trailingOnly = TRUE)
results <- testthat::test_local(
  "..", filter = if (length(filter)) filter[1] else NULL,
  reporter = "summary", load_package = "installed", stop_on_failure = FALSE
)
counts <- as.data.frame(results)
failed <- sum(counts$failed) + sum(counts$error)
cat(sprintf("testthat: %d passed, %d failed, %d skipped\n",
            sum(counts$passed), failed, sum(counts$skipped)))
quit(status = if (failed > 0) 1 else 0)
RSCRIPT
