#!/usr/bin/env bash
# Builds the Python extension into a virtual environment and runs its pytest suite.
#
# Needs only python3 (3.9 or later) and cargo: the venv (.venv at the repo root) is
# created when missing, and maturin, pytest and numpy come from PyPI.
# Extra arguments go to pytest, e.g. `scripts/test-python.sh -k numpy`.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.venv"
crate="$root/crates/sudokit-py"

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
py="$venv/bin/python"
"$py" -m pip install --quiet --disable-pip-version-check \
    "maturin==1.16.0" "pytest==8.4.2" "numpy>=1.26,<3"

# maturin installs into the environment named by VIRTUAL_ENV.
VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" \
    "$venv/bin/maturin" develop --release --quiet --manifest-path "$crate/Cargo.toml"

cd "$crate"
"$py" -m pytest -q tests "$@"
