// Pictures of logic steps: the board with the candidates before a step, the step's
// pattern cells, the candidates it removes, the digits it places and its chain links;
// and the states before each step of an explanation.
//
// A chain step's `links` (`{from: {digit, cells}, to, strong}`, in chain order) become
// arrows; the candidates they join are marked.

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
  const links = step.links ?? [];
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
