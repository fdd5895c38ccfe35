// Solving throughput of the web build (web/pkg) in headless Chromium, driven by
// playwright-core: `node browser.mjs PUZZLES [CHROMIUM]` (scripts/bench-wasm.sh installs
// playwright-core into target/wasm-bench). Serves the package, this folder and the
// puzzle file from a loopback server and runs `measure` in the page.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");
const { chromium } = createRequire(path.join(root, "target/wasm-bench/package.json"))("playwright-core");
const [file, executablePath = "/usr/bin/chromium"] = process.argv.slice(2);

const files = {
  "/puzzles.txt": [file, "text/plain"],
  "/throughput.mjs": [path.join(import.meta.dirname, "throughput.mjs"), "text/javascript"],
  "/pkg/sudokit_wasm.js": [path.join(root, "web/pkg/sudokit_wasm.js"), "text/javascript"],
  "/pkg/sudokit_wasm_bg.wasm": [path.join(root, "web/pkg/sudokit_wasm_bg.wasm"), "application/wasm"],
  "/": [null, "text/html"],
};
const server = createServer((req, res) => {
  const entry = files[req.url];
  if (!entry) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "Content-Type": entry[1] });
  res.end(entry[0] ? readFileSync(entry[0]) : "<!doctype html><title>bench</title>");
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"] });
try {
  const page = await browser.newPage();
  await page.goto(`${base}/`);
  const r = await page.evaluate(async () => {
    const wasm = await import("/pkg/sudokit_wasm.js");
    await wasm.default();
    const { measure } = await import("/throughput.mjs");
    const text = await (await fetch("/puzzles.txt")).text();
    return measure(wasm.solveMany, text, 5, () => performance.now());
  });
  console.log(`chromium ${browser.version()}: ${r.puzzles} puzzles, ${r.perSecond} puzzles/s, ${r.failed} failed`);
} finally {
  await browser.close();
  server.close();
}
