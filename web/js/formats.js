// Text forms of a puzzle and of progress: import (an 81-character line, a block of
// rows with or without box rules, a pencilmark grid, a Sukaku line of 729
// characters), the text sent to the logic solver, and the share link's hash.
//
// Reading follows the library's rules (docs/formats.md): `.`, `0`, `_` and `*` are open
// cells; rule lines of `-`, `+`, `=` and `|` are skipped; in a pencilmark grid or Sukaku
// line a cell with one candidate is a given when no cell of its units still has that
// digit as a candidate, and an open cell allowed only that digit otherwise.

import { ALL, CELLS, N, PEERS, UNITS, bit, candidatesOf, cellName, conflicts, digitsOf, emptyProgress } from "./board.js";

/** A puzzle read from text: its givens and, for a pencilmark puzzle, the candidates
 * it allows per cell (`null` for a plain puzzle). */
export function parsePuzzle(text) {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  if (!lines.length) throw new Error("Nothing to import: paste a puzzle (81 characters, a block of 9 rows, a pencilmark grid or a Sukaku line).");
  const joined = lines.join("").replace(/\s+/g, "");
  if (joined.length === CELLS * N && /^[0-9.]+$/.test(joined)) return fromCandidates(sukaku(joined));
  const marks = pencilmarkGroups(lines);
  if (marks) return fromCandidates(marks);
  const chars = lines
    .filter((l) => !isRule(l))
    .join("")
    .replace(/[^0-9._*]/g, "");
  if (chars.length !== CELLS) {
    throw new Error(
      `Found ${chars.length} cells, expected 81: use digits 1-9 for givens and . or 0 for open cells, or a pencilmark grid of 81 candidate groups.`,
    );
  }
  const givens = Uint8Array.from(chars, (ch) => (/[1-9]/.test(ch) ? Number(ch) : 0));
  checkGivens(givens);
  return { givens, allowed: null };
}

const isRule = (line) => /^[-+=|*:.'\s]*[-=][-+=|*:.'\s]*$/.test(line);

function sukaku(line) {
  const out = [];
  for (let c = 0; c < CELLS; c++) {
    let m = 0;
    for (const ch of line.slice(c * N, c * N + N)) if (/[1-9]/.test(ch)) m |= bit(Number(ch));
    out.push(m);
  }
  return out;
}

/** 81 groups of digits when the lines are a pencilmark grid (some group has several
 * digits), else null. */
function pencilmarkGroups(lines) {
  const groups = lines
    .filter((l) => !isRule(l))
    .flatMap((l) => l.split(/[\s|:]+/))
    .filter((g) => g);
  if (groups.length !== CELLS || !groups.every((g) => /^[1-9]+$/.test(g))) return null;
  if (!groups.some((g) => g.length > 1)) return null;
  return groups.map((g) => [...g].reduce((m, ch) => m | bit(Number(ch)), 0));
}

function fromCandidates(masks) {
  const givens = new Uint8Array(CELLS);
  masks.forEach((m, c) => {
    if (!m) throw new Error(`${cellName(c)} has no candidates: every cell needs at least one.`);
    const ds = digitsOf(m);
    if (ds.length === 1 && !PEERS[c].some((p) => masks[p] & m)) givens[c] = ds[0];
  });
  checkGivens(givens);
  const allowed = Uint16Array.from(masks, (m, c) => (givens[c] ? ALL : m));
  return { givens, allowed };
}

function checkGivens(givens) {
  const bad = [...conflicts(givens)].sort((a, b) => a - b);
  if (!bad.length) return;
  const d = givens[bad[0]];
  const unit = UNITS.find((u) => u.includes(bad[0]) && u.some((c) => c !== bad[0] && givens[c] === d));
  const twin = unit.find((c) => c !== bad[0] && givens[c] === d);
  throw new Error(`The puzzle gives ${d} twice in one unit (${cellName(bad[0])} and ${cellName(twin)}): it has no solution.`);
}

/** The 81-character line of digits, `.` for open cells. */
export const lineOf = (values) => Array.from(values, (v) => (v ? String(v) : ".")).join("");

/** A pencilmark grid: 9 rows of 9 candidate groups, boxes apart. */
export function pencilmarkText(cands) {
  const rows = [];
  for (let r = 0; r < N; r++) {
    const groups = [];
    for (let c = 0; c < N; c++) groups.push(digitsOf(cands[r * N + c]).join("").padEnd(N, " "));
    rows.push([0, 3, 6].map((i) => groups.slice(i, i + 3).join(" ")).join(" | "));
    if (r === 2 || r === 5) rows.push("-".repeat(rows[0].length));
  }
  return rows.join("\n");
}

/** The text the logic solver gets for a game's position: the line of givens and
 * entries, or a pencilmark grid once candidates were removed or the puzzle restricts
 * them. */
export function logicText(game) {
  const { values, elim } = game.progress;
  if (!game.hasAllowed && elim.every((m, c) => !m || values[c])) return lineOf(values);
  return pencilmarkText(candidatesOf(values, game.allowed, elim));
}

/** The text of the puzzle itself (givens, and the allowed candidates of a pencilmark
 * puzzle). */
export function puzzleText(game) {
  if (!game.hasAllowed) return lineOf(game.givens);
  return pencilmarkText(candidatesOf(game.givens, game.allowed, new Uint16Array(CELLS)));
}

// Masks packed 9 bits a cell, base64url.
function packMasks(masks) {
  const bytes = new Uint8Array(Math.ceil((CELLS * N) / 8));
  masks.forEach((m, c) => {
    for (let d = 1; d <= N; d++) {
      if (!(m & bit(d))) continue;
      const i = c * N + d - 1;
      bytes[i >> 3] |= 1 << (i & 7);
    }
  });
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unpackMasks(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
  const out = new Uint16Array(CELLS);
  for (let i = 0; i < CELLS * N; i++) if (bytes[i >> 3] & (1 << (i & 7))) out[Math.floor(i / N)] |= bit((i % N) + 1);
  return out;
}

const digitString = (arr) => Array.from(arr, (v) => (v ? String(v) : ".")).join("");

function digitArray(text, max) {
  if (text.length !== CELLS || !/^[.0-9]+$/.test(text)) throw new Error("a progress field needs 81 digits or dots");
  const out = Uint8Array.from(text, (ch) => (ch === "." ? 0 : Number(ch)));
  if (out.some((v) => v > max)) throw new Error("a progress field holds a digit out of range");
  return out;
}

/** Hash parameters for a game: `p` the puzzle line, `a` the allowed candidates of a
 * pencilmark puzzle, and with `withProgress` the entries (`v`), corner (`k`) and
 * centre (`m`) marks, colours (`c`) and removed candidates (`e`), each only when not
 * empty. */
export function encodeGame(game, withProgress) {
  const q = new URLSearchParams();
  q.set("p", lineOf(game.givens));
  if (game.hasAllowed) q.set("a", packMasks(game.allowed));
  if (withProgress) {
    const p = game.progress;
    const entries = p.values.map((v, c) => (game.givens[c] ? 0 : v));
    if (entries.some((v) => v)) q.set("v", digitString(entries));
    if (p.corner.some((m) => m)) q.set("k", packMasks(p.corner));
    if (p.centre.some((m) => m)) q.set("m", packMasks(p.centre));
    if (p.colours.some((k) => k)) q.set("c", digitString(p.colours));
    if (p.elim.some((m) => m)) q.set("e", packMasks(p.elim));
  }
  return q.toString();
}

/** The puzzle and progress of a hash made by `encodeGame`; `progress` is null when
 * the hash carries none. Throws an Error saying what is wrong otherwise. */
export function decodeGame(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  const line = q.get("p");
  if (!line) throw new Error("The link has no puzzle (p=…).");
  const { givens } = parsePuzzle(line);
  const allowed = q.has("a") ? unpackMasks(q.get("a")) : null;
  if (allowed) givens.forEach((g, c) => g && (allowed[c] = ALL));
  const keys = ["v", "k", "m", "c", "e"];
  if (!keys.some((k) => q.has(k))) return { givens, allowed, progress: null };
  const progress = emptyProgress();
  if (q.has("v")) progress.values.set(digitArray(q.get("v"), N));
  if (q.has("k")) progress.corner.set(unpackMasks(q.get("k")));
  if (q.has("m")) progress.centre.set(unpackMasks(q.get("m")));
  if (q.has("c")) progress.colours.set(digitArray(q.get("c"), N));
  if (q.has("e")) progress.elim.set(unpackMasks(q.get("e")));
  return { givens, allowed, progress };
}
