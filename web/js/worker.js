// Runs the WebAssembly build of the library off the page's thread, so a long search
// (generating an extreme puzzle) never freezes the page. Messages in: `{id, fn, args}`;
// out: `{id, ok: true, value}` or `{id, ok: false, error}` with the library's message.
// The first message out is `{ready: true}` or `{ready: false, error}`.

import init, * as wasm from "../pkg/sudokit_wasm.js";

const CALLS = new Set(["solve", "count", "hint", "explain", "rate", "generate"]);

init().then(
  () => postMessage({ ready: true }),
  (e) => postMessage({ ready: false, error: String(e?.message ?? e) }),
);

onmessage = ({ data: { id, fn, args } }) => {
  try {
    if (!CALLS.has(fn)) throw new Error(`unknown call ${fn}`);
    postMessage({ id, ok: true, value: wasm[fn](...args) });
  } catch (e) {
    postMessage({ id, ok: false, error: String(e?.message ?? e) });
  }
};
