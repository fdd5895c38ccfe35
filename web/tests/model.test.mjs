// The page's model without a browser: the board's rules and undo, the import forms,
// the share link's encoding, and the technique names against the library's catalogue.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { ALL, CELLS, Game, PEERS, bit, candidatesOf, conflicts, digitsOf } from "../js/board.js";
import { decodeGame, encodeGame, lineOf, logicText, parsePuzzle, pencilmarkText } from "../js/formats.js";
import { TECHNIQUE_IDS, techniqueName } from "../js/techniques.js";

const PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

const game = () => {
  const { givens, allowed } = parsePuzzle(PUZZLE);
  return new Game(givens, allowed ?? undefined);
};

test("peers: 20 per cell, never the cell itself, symmetric", () => {
  for (let c = 0; c < CELLS; c++) {
    assert.equal(PEERS[c].length, 20);
    assert.ok(!PEERS[c].includes(c));
    for (const p of PEERS[c]) assert.ok(PEERS[p].includes(c));
  }
});

test("digits enter in open cells only, toggle off, and undo and redo walk back and forth", () => {
  const g = game();
  assert.equal(g.setDigit([0, 1], 7), true);
  assert.equal(g.progress.values[0], 4, "a given stays");
  assert.equal(g.progress.values[1], 7);
  g.setDigit([1], 7);
  assert.equal(g.progress.values[1], 0, "the same digit again clears it");
  g.undo();
  assert.equal(g.progress.values[1], 7);
  g.undo();
  assert.equal(g.progress.values[1], 0);
  assert.equal(g.undo(), false, "nothing left to undo");
  g.redo();
  assert.equal(g.progress.values[1], 7);
  assert.equal(g.setDigit([0], 9), false, "a given cannot change, and no undo step is made");
});

test("entering a digit removes it from the peers' pencil marks when asked", () => {
  const g = game();
  g.toggleMark("centre", [2, 10, 80], 6);
  g.toggleMark("corner", [2], 6);
  g.setDigit([1], 6, true);
  assert.equal(g.progress.centre[2] & bit(6), 0);
  assert.equal(g.progress.corner[2] & bit(6), 0);
  assert.equal(g.progress.centre[10] & bit(6), 0, "r2c2 shares box 1");
  assert.ok(g.progress.centre[80] & bit(6), "r9c9 is no peer");
  const h = game();
  h.toggleMark("centre", [2], 6);
  h.setDigit([1], 6, false);
  assert.ok(h.progress.centre[2] & bit(6), "kept when not asked");
});

test("marks toggle as a group and skip filled cells; Delete clears one layer at a time", () => {
  const g = game();
  g.setDigit([1], 2);
  g.toggleMark("corner", [1, 2, 3], 5);
  assert.equal(g.progress.corner[1], 0, "a filled cell gets no mark");
  assert.deepEqual(digitsOf(g.progress.corner[2]), [5]);
  g.toggleMark("corner", [2], 1);
  g.toggleMark("corner", [2, 3], 5);
  assert.deepEqual(digitsOf(g.progress.corner[2]), [1], "all had 5: removed from all");
  g.setColour([2, 3], 4);
  g.toggleMark("centre", [3], 9);
  g.clear([1, 2, 3]);
  assert.equal(g.progress.values[1], 0, "entries go first");
  assert.equal(g.progress.centre[3], bit(9));
  g.clear([1, 2, 3]);
  assert.equal(g.progress.centre[3], 0, "then centre marks");
  assert.equal(g.progress.corner[2], bit(1));
  g.clear([2, 3], "colours");
  assert.equal(g.progress.colours[2], 0, "the mode's layer first");
  assert.equal(g.progress.corner[2], bit(1));
});

test("conflicts name both cells of a repeated digit in a unit", () => {
  const values = new Uint8Array(CELLS);
  values[0] = 5;
  values[40] = 5;
  assert.equal(conflicts(values).size, 0);
  values[4] = 5;
  assert.deepEqual([...conflicts(values)].sort((a, b) => a - b), [0, 4, 40], "r1c5 meets r1c1 in row 1 and r5c5 in column 5");
});

test("candidates: no digit of a peer, none removed, the digit of a filled cell", () => {
  const g = game();
  const cands = g.candidates();
  for (let c = 0; c < CELLS; c++) {
    if (g.givens[c]) {
      assert.equal(cands[c], bit(g.givens[c]));
      continue;
    }
    for (const d of digitsOf(cands[c])) assert.ok(PEERS[c].every((p) => g.givens[p] !== d));
    for (let d = 1; d <= 9; d++) {
      if (!(cands[c] & bit(d))) assert.ok(PEERS[c].some((p) => g.givens[p] === d));
    }
  }
  g.applyStep({ placements: [], eliminations: [[1, cands[1] & bit(1) ? 1 : digitsOf(cands[1])[0]]] });
  const after = g.candidates();
  assert.equal(digitsOf(after[1]).length, digitsOf(cands[1]).length - 1);
  g.fillCandidates();
  assert.deepEqual(Array.from(g.progress.centre[1] ? [g.progress.centre[1]] : []), [after[1]]);
});

test("import: a line, a block with rules, a pencilmark grid and a Sukaku line read the same givens", () => {
  const plain = parsePuzzle(PUZZLE);
  assert.equal(lineOf(plain.givens), PUZZLE);
  assert.equal(plain.allowed, null);
  const rows = [];
  for (let r = 0; r < 9; r++) {
    const row = PUZZLE.slice(r * 9, r * 9 + 9).replace(/\./g, "0").split("");
    rows.push(`${row.slice(0, 3).join(" ")} | ${row.slice(3, 6).join(" ")} | ${row.slice(6).join(" ")}`);
    if (r === 2 || r === 5) rows.push("------+-------+------");
  }
  assert.equal(lineOf(parsePuzzle(rows.join("\n")).givens), PUZZLE);
  const cands = candidatesOf(plain.givens, new Uint16Array(CELLS).fill(ALL), new Uint16Array(CELLS));
  const grid = parsePuzzle(pencilmarkText(cands));
  assert.equal(lineOf(grid.givens), PUZZLE);
  const sukaku = Array.from(cands, (m) => Array.from({ length: 9 }, (_, i) => (m & bit(i + 1) ? String(i + 1) : ".")).join("")).join("");
  const fromSukaku = parsePuzzle(sukaku);
  assert.equal(lineOf(fromSukaku.givens), PUZZLE);
  assert.deepEqual(Array.from(fromSukaku.allowed).filter((m, c) => !plain.givens[c]), Array.from(cands).filter((m, c) => !plain.givens[c]));
});

test("import refuses what is not a puzzle and says why", () => {
  assert.throws(() => parsePuzzle(PUZZLE.slice(1)), /Found 80 cells, expected 81/);
  assert.throws(() => parsePuzzle(""), /Nothing to import/);
  assert.throws(() => parsePuzzle(`44${PUZZLE.slice(2)}`), /gives 4 twice .*r1c1 and r1c2/);
});

test("a pencilmark puzzle keeps its candidates; logic gets a grid once candidates go", () => {
  const g = game();
  assert.equal(logicText(g), PUZZLE);
  const open = g.candidates();
  g.applyStep({ placements: [], eliminations: [[1, digitsOf(open[1])[0]]] });
  const text = logicText(g);
  assert.equal(text.split("\n").length, 11, "9 rows and 2 rules");
  const back = parsePuzzle(text);
  assert.deepEqual(Array.from(back.allowed)[1], g.candidates()[1]);
});

test("share link: puzzle and progress survive the round trip", () => {
  const g = game();
  g.setDigit([1], 6);
  g.toggleMark("corner", [2, 3], 1);
  g.toggleMark("centre", [20], 9);
  g.setColour([5, 6], 3);
  g.applyStep({ placements: [], eliminations: [[30, 2]] });
  const hash = encodeGame(g, true);
  const back = decodeGame(`#${hash}`);
  assert.equal(lineOf(back.givens), PUZZLE);
  const h = new Game(back.givens, back.allowed ?? undefined);
  h.load(back.progress);
  for (const f of ["values", "corner", "centre", "colours", "elim"]) assert.deepEqual(h.progress[f], g.progress[f], f);
  assert.equal(decodeGame(`#${encodeGame(g, false)}`).progress, null);
  assert.throws(() => decodeGame("#v=123"), /no puzzle/);
  assert.throws(() => decodeGame(`#p=${PUZZLE}&v=12`), /81 digits/);
});

test("technique names match the library's catalogue", () => {
  const source = readFileSync(new URL("../../crates/sudokit/src/logic/technique.rs", import.meta.url), "utf8");
  const rows = [...source.matchAll(/^\s+[A-Za-z0-9]+ = "([^"]+)", "([^"]+)"/gm)];
  assert.ok(rows.length > 40, "the catalogue was read");
  assert.deepEqual(TECHNIQUE_IDS, rows.map((m) => m[1]));
  for (const [, id, name] of rows) assert.equal(techniqueName(id), name);
  assert.equal(techniqueName("some-new-thing"), "Some New Thing");
});
