#!/usr/bin/env bash
# Builds the Python extension into a virtual environment and runs its pytest suite.
#
# Needs only python3 (3.9 or later) and cargo: the venv (.venv at the repo root) is
# created when missing, and maturin, pytest and numpy come from PyPI, and so do dask,
# distributed, pandas and pyarrow for the tests of `sudokit.dask` (pinned; Python 3.11
# and later get the newer set, which needs it).
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
    "maturin==1.16.0" "pytest==8.4.2" "numpy>=1.26,<3" \
    "dask[dataframe,distributed]==2026.8.0; python_version >= '3.11'" \
    "pandas==3.1.1; python_version >= '3.11'" "pyarrow==26.0.1; python_version >= '3.11'" \
    "dask[dataframe,distributed]==2024.8.0; python_version < '3.11'" \
    "pandas==2.2.3; python_version < '3.11'" "pyarrow==17.0.0; python_version < '3.11'"

# maturin installs into the environment named by VIRTUAL_ENV.
VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" \
    "$venv/bin/maturin" develop --release --quiet --manifest-path "$crate/Cargo.toml"

cd "$crate"
"$py" -m pytest -q tests "$@"
