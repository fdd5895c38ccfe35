// Pictures of logic steps: the board with the candidates before a step, the step's
// pattern cells, the candidates it removes, the digits it places and its chain links;
// and the states before each step of an explanation.
//
// A chain's links come from the step's `links` when the library gives them, else from
// its sentence, which writes the chain in Eureka notation (`(2)r5c6=(2-7)r7c3-(7)r2c3
// => …`: `=` a strong link, `-` a weak one, several digits in one pair of brackets
// linked inside their cell, `r5c46` a group of cells).

import { CELLS, N, bit } from "./board.js";

/** The candidate masks of a Sukaku line (`N` characters a cell; a digit is a
 * candidate wherever it stands, `.` or `0` is none). */
export function sukakuMasks(line) {
  const out = new Uint16Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    for (const ch of line.slice(c * N, c * N + N)) if (ch >= "1" && ch <= "9") out[c] |= bit(Number(ch));
  }
  return out;
}

const NODE = /^\(([1-9](?:[=-][1-9])*)\)r([1-9]+)c([1-9]+)/;

/** The links of a chain step: the library's, or those its Eureka notation names;
 * none for a step that is no chain. */
export function linksOf(step) {
  if (step.links) return step.links;
  const chain = /: (\(.*?) => /.exec(step.explanation)?.[1];
  if (!chain) return [];
  const ends = [];
  const kinds = [];
  let rest = chain;
  while (rest) {
    const m = NODE.exec(rest);
    if (!m) return [];
    const cells = [];
    for (const r of m[2]) for (const c of m[3]) cells.push((Number(r) - 1) * N + Number(c) - 1);
    const inner = m[1];
    for (let k = 0; k < inner.length; k += 2) {
      if (k > 0) kinds.push(inner[k - 1] === "=");
      ends.push({ digit: Number(inner[k]), cells });
    }
    rest = rest.slice(m[0].length);
    if (rest) {
      if (rest[0] !== "=" && rest[0] !== "-") return [];
      kinds.push(rest[0] === "=");
      rest = rest.slice(1);
    }
  }
  return kinds.map((strong, k) => ({ from: ends[k], to: ends[k + 1], strong }));
}

/** A picture of `step` on `values` (digits placed before it) with `cands` (the
 * candidates before it). `grade` 2 shows only where (the pattern's cells), 3 the whole
 * step. */
export function stepPicture(values, givens, cands, step, grade = 3) {
  const pattern = new Set(step.cells);
  const fins = new Set(step.fins ?? []);
  const cells = Array.from({ length: CELLS }, (_, c) => ({
    value: values[c],
    given: givens[c] !== 0,
    corner: 0,
    centre: 0,
    colour: 0,
    cands: grade >= 3 && !values[c] ? cands[c] : null,
    marks: new Map(),
    flags: [],
  }));
  for (const c of pattern) cells[c].flags.push("pattern");
  for (const c of fins) cells[c].flags.push("fin");
  if (grade < 3) return { cells, links: [] };
  // A chain marks the candidates it runs through; another pattern its digits.
  const links = linksOf(step);
  for (const link of links) {
    for (const end of [link.from, link.to]) for (const c of end.cells) if (!values[c]) cells[c].marks.set(end.digit, "chain");
  }
  if (!links.length) {
    for (const c of [...pattern, ...fins]) {
      for (const d of step.digits) if (cands[c] & bit(d)) cells[c].marks.set(d, fins.has(c) ? "fin" : "pattern");
    }
  }
  for (const [c, d] of step.eliminations) {
    cells[c].marks.set(d, "elim");
    cells[c].flags.push("target");
  }
  for (const [c, d] of step.placements) {
    cells[c].marks.set(d, "place");
    cells[c].flags.push("target");
  }
  return { cells, links };
}

/** The digits placed before each step of `explanation`, from `values` at its start:
 * entry `i` holds the board step `i` was found on. */
export function valuesBeforeSteps(values, explanation) {
  const out = [];
  let now = Uint8Array.from(values);
  for (const step of explanation.steps) {
    out.push(now);
    now = now.slice();
    for (const [c, d] of step.placements) now[c] = d;
  }
  return out;
}

/** The candidates before step `i` of `explanation`. */
export function candidatesBeforeStep(explanation, i) {
  return sukakuMasks(i === 0 ? explanation.start : explanation.steps[i - 1].candidates);
}
