// The WebAssembly package against the native library: scripts/test-wasm.sh builds the
// Node.js build (target/wasm-node), writes the native command's answers for the sample
// (SUDOKIT_EXPECTED) and runs this file with `node --test`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../../..");
const require = createRequire(import.meta.url);
const wasm = require(path.join(root, "target/wasm-node/sudokit_wasm.js"));
const expected = process.env.SUDOKIT_EXPECTED;
assert.ok(expected, "SUDOKIT_EXPECTED names the folder of the native answers");

const lines = (file) => readFileSync(file, "utf8").split("\n").filter((l) => l !== "");
const sample = lines(path.join(expected, "sample.txt"));
const native = (name) => lines(path.join(expected, name));

// Whether `solution` is a full valid grid that keeps the givens of `puzzle` (n×n,
// one character per cell, `.` or `0` empty).
function isSolutionOf(solution, puzzle) {
  const cells = puzzle.length;
  const n = Math.round(Math.sqrt(cells));
  if (solution.length !== cells) return false;
  for (let i = 0; i < cells; i++) {
    const g = puzzle[i];
    if (g !== "." && g !== "0" && g !== solution[i]) return false;
    if (solution[i] === "." || solution[i] === "0") return false;
  }
  let br = Math.floor(Math.sqrt(n));
  while (n % br !== 0) br--;
  const bc = n / br;
  const units = [];
  for (let k = 0; k < n; k++) {
    const row = [], col = [], box = [];
    for (let j = 0; j < n; j++) {
      row.push(k * n + j);
      col.push(j * n + k);
      const r = Math.floor(k / br) * br + Math.floor(j / bc);
      const c = (k % br) * bc + (j % bc);
      box.push(r * n + c);
    }
    units.push(row, col, box);
  }
  return units.every((u) => new Set(u.map((i) => solution[i])).size === n);
}

test("solve agrees with the native library and every solution is checked", () => {
  const want = native("solve.txt");
  assert.equal(want.length, sample.length);
  sample.forEach((p, i) => {
    if (want[i].startsWith("error:")) {
      assert.throws(() => wasm.solve(p), Error, `puzzle ${i + 1}`);
      return;
    }
    const got = wasm.solve(p);
    assert.ok(isSolutionOf(got, p), `puzzle ${i + 1}: ${got} does not solve ${p}`);
    assert.equal(got, want[i], `puzzle ${i + 1}`);
  });
});

test("count agrees with the native library", () => {
  const want = native("count.txt");
  sample.forEach((p, i) => {
    const n = wasm.count(p, 3);
    assert.equal(n >= 3 ? "3+" : String(n), want[i], `puzzle ${i + 1}`);
  });
});

test("rate agrees with the native library", () => {
  const want = native("rate.txt");
  sample.forEach((p, i) => {
    if (want[i].startsWith("error:")) {
      assert.throws(() => wasm.rate(p), Error, `puzzle ${i + 1}`);
      return;
    }
    assert.deepEqual(wasm.rate(p), JSON.parse(want[i]), `puzzle ${i + 1}`);
  });
});

test("hint agrees with the native library", () => {
  const want = native("hint.txt");
  sample.forEach((p, i) => {
    if (want[i].startsWith("error:")) {
      assert.throws(() => wasm.hint(p), Error, `puzzle ${i + 1}`);
      return;
    }
    const got = wasm.hint(p);
    assert.deepEqual(got.step, JSON.parse(want[i]), `puzzle ${i + 1}`);
    assert.equal(got.solved, false);
  });
});

test("canonical agrees with the native library", () => {
  const want = native("canon.txt");
  sample.forEach((p, i) => {
    if (Math.sqrt(p.length) !== 9) {
      assert.throws(() => wasm.canonical(p), /9×9/);
      return;
    }
    assert.equal(wasm.canonical(p), want[i], `puzzle ${i + 1}`);
  });
});

test("explain: steps lead from the puzzle to its solution", () => {
  for (const p of sample.slice(0, 40)) {
    let e;
    try {
      e = wasm.explain(p);
    } catch {
      continue; // not exactly one solution: the rate test checks those errors
    }
    const cells = [...p].map((c) => (c === "." || c === "0" ? 0 : Number(c)));
    for (const s of e.steps) {
      for (const [cell, d] of s.placements) cells[cell] = d;
      assert.ok(s.cells.length > 0 || s.placements.length > 0, s.explanation);
      assert.equal(s.candidates.length, p.length * Math.sqrt(p.length));
    }
    assert.equal(cells.map((d) => (d === 0 ? "." : String(d))).join(""), e.result);
    if (e.outcome === "solved") assert.equal(e.result, wasm.solve(p));
    assert.equal(e.difficulty.steps, e.steps.length);
  }
});

test("solveMany solves a batch and keeps failures in place", () => {
  const batch = sample.slice(0, 20).join("\n") + "\nnot a puzzle\n";
  const out = batch.trimEnd().split("\n");
  const got = wasm.solveMany(batch).trimEnd().split("\n");
  assert.equal(got.length, out.length);
  out.slice(0, 20).forEach((p, i) => {
    if (!got[i].startsWith("error:")) assert.ok(isSolutionOf(got[i], p));
  });
  assert.match(got[20], /^error: line 21: /);
});

test("candidates and check on a grid with entries", () => {
  const p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const c = wasm.candidates(p);
  assert.equal(c.length, 81);
  assert.deepEqual(c[0], []); // a given
  const sol = wasm.solve(p);
  for (let i = 0; i < 81; i++) {
    if (p[i] === ".") assert.ok(c[i].includes(Number(sol[i])), `cell ${i}`);
  }
  assert.deepEqual(wasm.check(p), { conflicts: [], filled: 17, cells: 81, complete: false });
  const clash = "44" + p.slice(2);
  assert.deepEqual(wasm.check(clash).conflicts, [0, 1]);
  assert.equal(wasm.check(sol).complete, true);
});

test("pencilmark grids and Sukaku lines are read for hint, explain and rate", () => {
  const p = sample.find((q) => q.length === 81 && !native("rate.txt")[sample.indexOf(q)].startsWith("error:"));
  const e = wasm.explain(p);
  const sukaku = e.steps[0].candidates;
  assert.equal(sukaku.length, 729);
  assert.deepEqual(wasm.hint(sukaku).puzzle, sukaku);
  assert.equal(wasm.rate(sukaku).puzzle, sukaku);
  assert.throws(() => wasm.solve(sukaku), /takes a puzzle/);
  assert.equal(wasm.count(sukaku, 2), 1);
  const open = "123456789".repeat(81); // every candidate everywhere
  assert.equal(wasm.count(open, 10000), 10000);
  assert.throws(() => wasm.count(open, 10001), /counted up to 10000/);
});

test("generate: unique, reproducible from a seed, by level and symmetry", () => {
  const a = wasm.generate({ seed: 7 });
  assert.equal(a, wasm.generate({ seed: 7 }));
  assert.equal(wasm.count(a, 2), 1);
  const easy = wasm.generate({ seed: 3, level: "easy", symmetry: "mirror" });
  assert.equal(wasm.rate(easy).difficulty.level, "easy");
  const small = wasm.generate({ size: 4, seed: 1 });
  assert.equal(small.length, 16);
  assert.equal(wasm.count(small, 2), 1);
  assert.equal(wasm.count(wasm.generate(), 2), 1);
});

test("errors throw an Error with the library's message", () => {
  assert.throws(() => wasm.solve("12345"), (e) => e instanceof Error && /5 cells is not a puzzle/.test(e.message));
  assert.throws(() => wasm.solve("11" + ".".repeat(79)), /invalid puzzle/);
  assert.throws(() => wasm.hint(".".repeat(81)), /more than one solution/);
  assert.throws(() => wasm.count(".".repeat(81), 0), /limit/);
  assert.throws(() => wasm.generate({ level: "impossible" }), /bad generate options/);
  assert.throws(() => wasm.generate({ colour: "red" }), /unknown field/);
  assert.throws(() => wasm.generate({ size: 7 }), /size 7/);
});

test("bundle: .wasm and JavaScript at most 400 KB gzipped", () => {
  const pkg = path.join(root, "web/pkg");
  const size = ["sudokit_wasm_bg.wasm", "sudokit_wasm.js"]
    .map((f) => gzipSync(readFileSync(path.join(pkg, f)), { level: 9 }).length)
    .reduce((a, b) => a + b);
  assert.ok(size <= 400 * 1000, `bundle is ${size} bytes gzipped`);
  const types = readFileSync(path.join(pkg, "sudokit_wasm.d.ts"), "utf8");
  for (const t of ["interface Step", "interface Explanation", "hint(text: string): Hint"]) {
    assert.ok(types.includes(t), `types lack ${t}`);
  }
});
