// The player's board: the puzzle (givens, and the candidates a pencilmark puzzle
// allows), the progress on it (entries, corner and centre marks, colours, candidates
// removed by applied logic steps) and undo/redo over whole snapshots of that progress.
//
// Cells are row-major indices 0..80 (r1c1 is 0); digits 1..9; a set of digits is a
// mask with bit d for digit d. Nothing here touches the page, so node's test runner
// checks it directly.

export const N = 9;
export const CELLS = 81;
/** Bits 1..9: every digit. */
export const ALL = 0x3fe;

/** Mask of one digit. */
export const bit = (d) => 1 << d;

/** The digits of a mask, ascending. */
export function digitsOf(mask) {
  const out = [];
  for (let d = 1; d <= N; d++) if (mask & bit(d)) out.push(d);
  return out;
}

/** `r3c5` for a cell. */
export const cellName = (cell) => `r${Math.floor(cell / N) + 1}c${(cell % N) + 1}`;

/** The 27 units: rows, columns, boxes, each a list of 9 cells. */
export const UNITS = (() => {
  const units = [];
  for (let i = 0; i < N; i++) {
    const row = [];
    const col = [];
    const box = [];
    for (let j = 0; j < N; j++) {
      row.push(i * N + j);
      col.push(j * N + i);
      box.push((Math.floor(i / 3) * 3 + Math.floor(j / 3)) * N + (i % 3) * 3 + (j % 3));
    }
    units.push(row, col, box);
  }
  return units;
})();

/** The 20 peers of each cell. */
export const PEERS = Array.from({ length: CELLS }, (_, cell) => {
  const set = new Set();
  for (const unit of UNITS) if (unit.includes(cell)) for (const c of unit) set.add(c);
  set.delete(cell);
  return [...set];
});

/** Progress on a puzzle; every field has one entry per cell. */
export function emptyProgress() {
  return {
    values: new Uint8Array(CELLS),
    corner: new Uint16Array(CELLS),
    centre: new Uint16Array(CELLS),
    colours: new Uint8Array(CELLS),
    elim: new Uint16Array(CELLS),
  };
}

const FIELDS = ["values", "corner", "centre", "colours", "elim"];

function cloneProgress(p) {
  return Object.fromEntries(FIELDS.map((f) => [f, p[f].slice()]));
}

function sameProgress(a, b) {
  return FIELDS.every((f) => a[f].every((v, i) => v === b[f][i]));
}

/** The cells of `values` that share a unit with a cell of the same digit. */
export function conflicts(values) {
  const out = new Set();
  for (const unit of UNITS) {
    const seen = new Map();
    for (const c of unit) {
      const d = values[c];
      if (!d) continue;
      if (seen.has(d)) {
        out.add(c);
        out.add(seen.get(d));
      } else seen.set(d, c);
    }
  }
  return out;
}

/** Candidates of every cell given digits and masks ruled out: a filled cell's own
 * digit; an open cell's allowed digits not placed in a peer and not removed. */
export function candidatesOf(values, allowed, elim) {
  const out = new Uint16Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    if (values[c]) {
      out[c] = bit(values[c]);
      continue;
    }
    let m = allowed[c] & ~elim[c];
    for (const p of PEERS[c]) if (values[p]) m &= ~bit(values[p]);
    out[c] = m;
  }
  return out;
}

const UNDO_LIMIT = 1000;

/** A puzzle and the player's progress on it, with undo and redo. */
export class Game {
  /**
   * @param {Uint8Array} givens digits given, 0 for an open cell
   * @param {Uint16Array} [allowed] candidates a pencilmark puzzle allows per cell
   */
  constructor(givens, allowed) {
    this.givens = Uint8Array.from(givens);
    this.allowed = allowed ? Uint16Array.from(allowed) : new Uint16Array(CELLS).fill(ALL);
    this.progress = emptyProgress();
    this.progress.values.set(this.givens);
    this.past = [];
    this.future = [];
    /** Bumped on every change, so a hint knows when it is stale. */
    this.version = 0;
  }

  /** Whether the puzzle restricts candidates beyond its givens. */
  get hasAllowed() {
    return this.allowed.some((m, c) => !this.givens[c] && m !== ALL);
  }

  isGiven(cell) {
    return this.givens[cell] !== 0;
  }

  /** Replaces the progress (a loaded one); givens stay as they are. */
  load(progress) {
    const p = cloneProgress(progress);
    for (let c = 0; c < CELLS; c++) if (this.givens[c]) p.values[c] = this.givens[c];
    this.progress = p;
    this.past = [];
    this.future = [];
    this.version++;
  }

  /** Runs `change` on a copy of the progress; keeps it, undoably, if it changed
   * anything. Returns whether it did. */
  edit(change) {
    const next = cloneProgress(this.progress);
    change(next);
    for (let c = 0; c < CELLS; c++) if (this.givens[c]) next.values[c] = this.givens[c];
    if (sameProgress(next, this.progress)) return false;
    this.past.push(this.progress);
    if (this.past.length > UNDO_LIMIT) this.past.shift();
    this.future = [];
    this.progress = next;
    this.version++;
    return true;
  }

  undo() {
    if (!this.past.length) return false;
    this.future.push(this.progress);
    this.progress = this.past.pop();
    this.version++;
    return true;
  }

  redo() {
    if (!this.future.length) return false;
    this.past.push(this.progress);
    this.progress = this.future.pop();
    this.version++;
    return true;
  }

  /** Enters `d` in the open cells of `cells`, or clears it when all of them hold it
   * already. With `clean`, `d` leaves the pencil marks of the cells' peers. */
  setDigit(cells, d, clean = true) {
    const open = cells.filter((c) => !this.isGiven(c));
    return this.edit((p) => {
      const clear = open.every((c) => p.values[c] === d);
      for (const c of open) {
        p.values[c] = clear ? 0 : d;
        if (!clear && clean) {
          for (const q of PEERS[c]) {
            p.corner[q] &= ~bit(d);
            p.centre[q] &= ~bit(d);
          }
        }
      }
    });
  }

  /** Toggles `d` in the `layer` marks (`corner` or `centre`) of the cells without a
   * digit: removed when all of them have it, else added. */
  toggleMark(layer, cells, d) {
    const open = cells.filter((c) => !this.progress.values[c]);
    return this.edit((p) => {
      const remove = open.every((c) => p[layer][c] & bit(d));
      for (const c of open) p[layer][c] = remove ? p[layer][c] & ~bit(d) : p[layer][c] | bit(d);
    });
  }

  /** Colours the cells with colour `k` (1..9), or clears it when all have it. */
  setColour(cells, k) {
    return this.edit((p) => {
      const clear = cells.every((c) => p.colours[c] === k);
      for (const c of cells) p.colours[c] = clear ? 0 : k;
    });
  }

  /** Clears the first layer the cells have something in, starting with `first`
   * (`values`, `corner`, `centre` or `colours`), then entries, centre marks, corner
   * marks, colours. */
  clear(cells, first = "values") {
    const order = [first, "values", "centre", "corner", "colours"];
    const has = (p, layer, c) => (layer === "values" ? !this.isGiven(c) && p.values[c] : p[layer][c]);
    return this.edit((p) => {
      const layer = order.find((l) => cells.some((c) => has(p, l, c)));
      if (layer) for (const c of cells) if (layer !== "values" || !this.isGiven(c)) p[layer][c] = 0;
    });
  }

  /** The candidates logic sees: the puzzle's, minus digits placed in peers, minus
   * those removed by applied steps. Pencil marks the player wrote do not count. */
  candidates() {
    return candidatesOf(this.progress.values, this.allowed, this.progress.elim);
  }

  /** Writes the logic candidates as centre marks of every open cell. */
  fillCandidates() {
    const cands = this.candidates();
    return this.edit((p) => {
      for (let c = 0; c < CELLS; c++) if (!p.values[c]) p.centre[c] = cands[c];
    });
  }

  /** Applies a logic step: its placements as entries, its eliminations removed from
   * the candidates and from the pencil marks. */
  applyStep(step) {
    return this.edit((p) => {
      for (const [c, d] of step.placements) {
        if (p.values[c]) continue;
        p.values[c] = d;
        for (const q of PEERS[c]) {
          p.corner[q] &= ~bit(d);
          p.centre[q] &= ~bit(d);
        }
      }
      for (const [c, d] of step.eliminations) {
        p.elim[c] |= bit(d);
        p.corner[c] &= ~bit(d);
        p.centre[c] &= ~bit(d);
      }
    });
  }

  /** Enters a whole solution (`values` of 81 digits) in every open cell. */
  fill(values) {
    return this.edit((p) => p.values.set(values));
  }

  /** Digits in a unit twice. */
  conflicts() {
    return conflicts(this.progress.values);
  }

  /** Whether every cell holds a digit. */
  isFull() {
    return this.progress.values.every((v) => v !== 0);
  }
}
