//! # sudokit-wasm
//!
//! sudokit for the browser: the library compiled to WebAssembly and exposed to
//! JavaScript through wasm-bindgen (module `bindings`, built only for `wasm32`), and the
//! one-puzzle JSON API behind it ([`api`]), which `sudokit serve` answers with too, so
//! the page, the npm package and the server return the same shapes.
//!
//! The JavaScript exports (`solve`, `count`, `hint`, `explain`, `rate`, `generate`,
//! `canonical`, `candidates`, `check`, `solveMany`) take the text of one puzzle and
//! return strings, numbers or plain objects; an error throws a JavaScript `Error` with
//! the library's message. `scripts/build-wasm.sh` builds the package into `web/pkg`
//! (see `docs/wasm.md`).
//!
//! The build is the portable one: the engines' x86 vector variants are compiled only
//! for x86-64, and nothing here reads a clock (the browser has none the standard library
//! can read), so searches in the browser run without a deadline.

pub mod api;
#[cfg(target_arch = "wasm32")]
mod bindings;
