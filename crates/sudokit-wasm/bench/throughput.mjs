// Solving throughput of the WebAssembly package, in Node or in a browser page.
// Node: `node throughput.mjs PUZZLES [ROUNDS]` with the Node build in target/wasm-node.
// The browser page (browser.mjs) calls `measure` with the web build's `solveMany`.

/// Solves `text` (one puzzle a line) `rounds` times with `solveMany`; returns the best
/// round's puzzles per second and the number of failed lines (`error:` markers).
export function measure(solveMany, text, rounds, now) {
  const puzzles = text.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#")).length;
  let best = Infinity;
  let failed = 0;
  for (let r = 0; r < rounds; r++) {
    const start = now();
    const out = solveMany(text);
    best = Math.min(best, now() - start);
    const lines = out.split("\n").filter((l) => l !== "");
    if (lines.length !== puzzles) throw new Error(`${lines.length} answers for ${puzzles} puzzles`);
    failed = lines.filter((l) => l.startsWith("error:")).length;
  }
  return { puzzles, perSecond: Math.round(puzzles / (best / 1000)), failed };
}

if (typeof process !== "undefined" && process.argv[1] === new URL(import.meta.url).pathname) {
  const { readFileSync } = await import("node:fs");
  const { createRequire } = await import("node:module");
  const path = await import("node:path");
  const root = path.resolve(import.meta.dirname, "../../..");
  const wasm = createRequire(import.meta.url)(path.join(root, "target/wasm-node/sudokit_wasm.js"));
  const [file, rounds = "3"] = process.argv.slice(2);
  const text = readFileSync(file, "utf8");
  const r = measure(wasm.solveMany, text, Number(rounds), () => performance.now());
  console.log(`node ${process.version}: ${r.puzzles} puzzles, ${r.perSecond} puzzles/s, ${r.failed} failed`);
}
