// Draws a picture of the board: 81 grid cells (ARIA grid, one label per cell) and an
// SVG layer over them for chain links. The picture is plain data made by the page
// (its play state, a hint or an explanation step); nothing here keeps game state.
//
// A picture cell: `value`, `given`, `corner`/`centre` (marks, masks), `colour` (0..9),
// `cands` (a mask: the candidate view of an explanation or hint, else null), `marks`
// (digit → class for candidates: `elim`, `place`, `pattern`, `fin`, `on`, `off`),
// `flags` (classes of the cell: `conflict`, `wrong`, `focus`, `pattern`, `fin`,
// `target`). Links: `{from: {digit, cells}, to: {digit, cells}, strong}`.

import { CELLS, N, bit, digitsOf } from "./board.js";

/** Colour names, for labels (the palette itself is in style.css). */
export const COLOURS = ["", "grey", "red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"];

// Corner marks fill the corners first, then the edges (the players' convention).
const CORNER_SLOTS = [0, 2, 6, 8, 1, 7, 3, 5, 4];

const SVG = "http://www.w3.org/2000/svg";

export class BoardView {
  constructor(grid, svg) {
    this.grid = grid;
    this.svg = svg;
    this.cells = [];
    for (let r = 0; r < N; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "row";
      for (let c = 0; c < N; c++) {
        const cell = document.createElement("div");
        const i = r * N + c;
        cell.id = `cell-${i}`;
        cell.setAttribute("role", "gridcell");
        cell.dataset.cell = String(i);
        cell.className = "cell";
        row.append(cell);
        this.cells.push(cell);
      }
      grid.append(row);
    }
  }

  /** The cell index under a point of the page, or -1. */
  cellAt(x, y) {
    const el = document.elementFromPoint(x, y)?.closest?.(".cell");
    return el && this.grid.contains(el) ? Number(el.dataset.cell) : -1;
  }

  /** Draws `picture`; `selection` is a set of cells, `cursor` the current cell (-1:
   * none). */
  render(picture, selection, cursor) {
    for (let i = 0; i < CELLS; i++) {
      const p = picture.cells[i];
      const el = this.cells[i];
      el.className = cellClass(p, i, selection.has(i), i === cursor);
      el.setAttribute("aria-selected", String(selection.has(i)));
      el.setAttribute("aria-label", label(p, i));
      el.innerHTML = content(p);
    }
    if (cursor >= 0) this.grid.setAttribute("aria-activedescendant", `cell-${cursor}`);
    else this.grid.removeAttribute("aria-activedescendant");
    this.drawLinks(picture.links ?? []);
  }

  drawLinks(links) {
    this.svg.replaceChildren();
    if (!links.length) return;
    const defs = document.createElementNS(SVG, "defs");
    defs.innerHTML =
      '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">' +
      '<path d="M0,0 L10,5 L0,10 z" class="arrow-head"/></marker>';
    this.svg.append(defs);
    for (const link of links) {
      const a = endPoint(link.from);
      const b = endPoint(link.to);
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const len = Math.hypot(dx, dy);
      if (len < 1e-6) continue;
      const cut = Math.min(0.14, len / 3);
      const [x1, y1] = [a.x + (dx / len) * cut, a.y + (dy / len) * cut];
      const [x2, y2] = [b.x - (dx / len) * cut, b.y - (dy / len) * cut];
      // A slight bend keeps the arrow off the candidates between its ends.
      const bend = Math.min(0.35, len * 0.12);
      const cx = (x1 + x2) / 2 - (dy / len) * bend;
      const cy = (y1 + y2) / 2 + (dx / len) * bend;
      const path = document.createElementNS(SVG, "path");
      path.setAttribute("d", `M${x1.toFixed(3)},${y1.toFixed(3)} Q${cx.toFixed(3)},${cy.toFixed(3)} ${x2.toFixed(3)},${y2.toFixed(3)}`);
      path.setAttribute("class", link.strong ? "link strong" : "link weak");
      path.setAttribute("marker-end", "url(#arrow)");
      this.svg.append(path);
    }
  }
}

/** Where a candidate sits in board units (a cell is 1×1): its cell's 3×3 slot. */
function candidatePoint(cell, d) {
  const r = Math.floor(cell / N);
  const c = cell % N;
  return { x: c + (((d - 1) % 3) + 0.5) / 3, y: r + (Math.floor((d - 1) / 3) + 0.5) / 3 };
}

/** A link end: its candidate, or the middle of a group's candidates. */
function endPoint(end) {
  const pts = end.cells.map((c) => candidatePoint(c, end.digit));
  return {
    x: pts.reduce((s, p) => s + p.x, 0) / pts.length,
    y: pts.reduce((s, p) => s + p.y, 0) / pts.length,
  };
}

function cellClass(p, i, selected, cursor) {
  const r = Math.floor(i / N);
  const c = i % N;
  const cls = ["cell"];
  if (c % 3 === 2 && c < N - 1) cls.push("box-right");
  if (r % 3 === 2 && r < N - 1) cls.push("box-bottom");
  if (p.given) cls.push("given");
  else if (p.value) cls.push("entry");
  if (p.colour) cls.push(`colour-${p.colour}`);
  if (selected) cls.push("selected");
  if (cursor) cls.push("cursor");
  for (const f of p.flags ?? []) cls.push(f);
  return cls.join(" ");
}

function content(p) {
  if (p.value) return `<span class="value">${p.value}</span>`;
  if (p.cands != null) {
    let html = '<span class="cands">';
    for (let d = 1; d <= N; d++) {
      const on = p.cands & bit(d);
      const cls = p.marks?.get(d);
      html += `<span class="cand${cls ? ` ${cls}` : ""}">${on || cls === "elim" ? d : ""}</span>`;
    }
    return `${html}</span>`;
  }
  let html = "";
  const corner = digitsOf(p.corner);
  if (corner.length) {
    html += '<span class="corner">';
    corner.forEach((d, k) => (html += `<span class="slot-${CORNER_SLOTS[k]}">${d}</span>`));
    html += "</span>";
  }
  const centre = digitsOf(p.centre);
  if (centre.length) html += `<span class="centre${centre.length > 5 ? " small" : ""}">${centre.join("")}</span>`;
  return html;
}

function label(p, i) {
  const where = `row ${Math.floor(i / N) + 1} column ${(i % N) + 1}`;
  const parts = [where];
  if (p.value) parts.push(p.given ? `given ${p.value}` : String(p.value));
  else if (p.cands != null) parts.push(`candidates ${digitsOf(p.cands).join(" ") || "none"}`);
  else parts.push("empty");
  if (!p.value && p.corner) parts.push(`corner marks ${digitsOf(p.corner).join(" ")}`);
  if (!p.value && p.centre) parts.push(`centre marks ${digitsOf(p.centre).join(" ")}`);
  if (p.colour) parts.push(`colour ${COLOURS[p.colour]}`);
  for (const [d, cls] of p.marks ?? []) {
    if (cls === "elim") parts.push(`remove ${d}`);
    if (cls === "place") parts.push(`place ${d}`);
  }
  for (const f of p.flags ?? []) if (["conflict", "wrong", "pattern", "fin"].includes(f)) parts.push(f);
  return parts.join(", ");
}
