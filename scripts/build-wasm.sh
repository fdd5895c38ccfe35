#!/usr/bin/env bash
# Builds the WebAssembly package (crates/sudokit-wasm) into web/pkg: the portable
# release build for wasm32-unknown-unknown, then wasm-bindgen's `--target web` output
# and the package.json. With --node, also the Node.js build the tests load, into
# target/wasm-node. Prints the gzipped size of the .wasm and the JavaScript.
#
# Tools: the wasm32-unknown-unknown target (rust-toolchain.toml names it; added with
# rustup when missing) and wasm-bindgen-cli at exactly the version of the wasm-bindgen
# crate in Cargo.lock, installed with `cargo install` when missing. Nothing prebuilt is
# downloaded.
set -euo pipefail
cd "$(dirname "$0")/.."

node_build=false
for arg in "$@"; do
    case "$arg" in
        --node) node_build=true ;;
        *) echo "usage: $0 [--node]" >&2; exit 2 ;;
    esac
done

target=wasm32-unknown-unknown
if ! rustup target list --installed | grep -qx "$target"; then
    rustup target add "$target"
fi

# The wasm-bindgen version the crate is locked to (Cargo.lock: name line, then version).
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$version" ]; then
    cargo generate-lockfile --offline 2>/dev/null || cargo update -p sudokit-wasm
    version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
fi
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
    echo "installing wasm-bindgen-cli $version" >&2
    # The CLI's own lock file may name versions a registry mirror lacks: then resolve
    # its dependencies afresh (the CLI version itself stays exact).
    cargo install --locked --version "$version" wasm-bindgen-cli \
        || cargo install --version "$version" wasm-bindgen-cli
fi

# WebAssembly's own 128-bit SIMD (every current browser and Node.js 16 on run it): the
# portable engines' code is otherwise the same.
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128" \
    cargo build --profile wasm-release --target "$target" -p sudokit-wasm
wasm="target/$target/wasm-release/sudokit_wasm.wasm"

out=web/pkg
rm -rf "$out"
wasm-bindgen --target web --out-dir "$out" "$wasm"
cp crates/sudokit-wasm/npm/package.json "$out/"
if $node_build; then
    rm -rf target/wasm-node
    wasm-bindgen --target nodejs --out-dir target/wasm-node "$wasm"
fi

gz() { gzip -9 -c "$1" | wc -c; }
wasm_gz=$(gz "$out/sudokit_wasm_bg.wasm")
js_gz=$(gz "$out/sudokit_wasm.js")
echo "bundle: sudokit_wasm_bg.wasm $(wc -c < "$out/sudokit_wasm_bg.wasm") bytes ($wasm_gz gzipped)," \
    "sudokit_wasm.js $(wc -c < "$out/sudokit_wasm.js") bytes ($js_gz gzipped);" \
    "total $(( (wasm_gz + js_gz) / 1024 )) KiB gzipped"
