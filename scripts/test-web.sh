#!/usr/bin/env bash
# Runs the page's tests (web/tests): the model's tests in node, then the browser tests,
# which drive Debian's Chromium headless through playwright-core against the page as
# `sudokit serve` serves it on loopback, with the WebAssembly build of the library.
# Installs what is missing: Chromium (apt-get) and the npm packages (npm ci).
# Screenshots land in web/test-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if [ ! -x /usr/bin/chromium ]; then
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi
command -v npm > /dev/null || {
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm
}
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
  echo "test-web: playwright-core needs Node.js 20 or later (found $(node --version)); install a newer nodejs" >&2
  exit 1
fi
(cd web && npm ci --no-audit --no-fund --loglevel=error)

bash scripts/build-wasm.sh
cargo build --release -p sudokit-cli

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
target/release/sudokit serve --bind 127.0.0.1 --port "$port" --root web &
server=$!
trap 'kill "$server" 2> /dev/null || true' EXIT
for _ in $(seq 100); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/" && break
  sleep 0.1
done

cd web
SUDOKIT_WEB_URL="http://127.0.0.1:$port/" node --test --test-concurrency=1 tests/
