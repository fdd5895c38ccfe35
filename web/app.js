// The page: wires the board (js/board.js), its picture (js/view.js), the library
// (js/engine.js: WebAssembly in a worker, or `sudokit serve`'s API) and the panel's
// tools. State lives in one `Game`; every change goes through `changed()`, which saves
// the game (localStorage), keeps the puzzle in the address's hash and redraws.

import { CELLS, Game, N, bit, cellName } from "./js/board.js";
import { Engine } from "./js/engine.js";
import { decodeGame, encodeGame, lineOf, logicText, parsePuzzle, puzzleText } from "./js/formats.js";
import { candidatesBeforeStep, stepPicture, valuesBeforeSteps } from "./js/steps.js";
import { techniqueName } from "./js/techniques.js";
import { BoardView, COLOURS } from "./js/view.js";

const $ = (id) => document.getElementById(id);

/** The puzzle shown on a first visit (an easy one from data/examples.txt). */
const FIRST = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const STORE = "sudokit.game";
const COUNT_LIMIT = 1000;

const engine = new Engine();
const grid = $("grid");
const view = new BoardView(grid, $("links"));

let game;
let selection = new Set([0]);
let cursor = 0;
let mode = "digit";
/** The hint on show: its step, grade (1 technique, 2 where, 3 step) and game version. */
let hint = null;
/** The explanation on show: the library's answer, the digits before each step, the step shown. */
let explanation = null;
/** Entries found wrong by "Check my entries" (cleared by the next change). */
let wrong = new Set();
/** The solution of the current puzzle once asked for: `{puzzle, values}`. */
let solution = null;
/** The hash this page wrote last (a different one is a link followed). */
let ownHash = "";

// ----- state changes -----

function setGame(puzzle, progress) {
  game = new Game(puzzle.givens, puzzle.allowed ?? undefined);
  if (progress) game.load(progress);
  selection = new Set([0]);
  cursor = 0;
  hint = null;
  wrong = new Set();
  solution = null;
  closeExplanation();
  changed();
}

/** After every change of the game: drop what went stale, save, redraw. */
function changed() {
  if (hint && hint.version !== game.version) closeHint();
  wrong = new Set();
  save();
  render();
  if (isSolved()) say("Solved: every row, column and box holds 1 to 9. Well done!", "good");
}

/** Whether the board is full, with no digit twice in a unit and none the puzzle rules out. */
function isSolved() {
  return game.isFull() && !game.conflicts().size && game.progress.values.every((v, c) => game.allowed[c] & bit(v));
}

function save() {
  const progress = encodeGame(game, true);
  try {
    localStorage.setItem(STORE, progress);
  } catch {
    // Storage may be full or off (private windows): the game goes on unsaved.
  }
  const hash = `#${encodeGame(game, false)}`;
  if (location.hash !== hash) {
    ownHash = hash;
    history.replaceState(null, "", hash);
  }
}

/** Loads the hash's puzzle (with its progress, or the saved progress of the same
 * puzzle); returns whether there was one. */
function loadHash() {
  if (location.hash.length < 2) return false;
  try {
    const linked = decodeGame(location.hash);
    let progress = linked.progress;
    if (!progress) {
      const saved = savedGame();
      if (saved && sameParams(saved.hash, location.hash)) progress = saved.game.progress;
    }
    setGame(linked, progress);
    return true;
  } catch (e) {
    say(`The link holds no puzzle sudokit can read: ${e.message}`, "error");
    return false;
  }
}

function savedGame() {
  try {
    const hash = localStorage.getItem(STORE);
    return hash ? { hash, game: decodeGame(hash) } : null;
  } catch {
    return null;
  }
}

/** Whether two hashes name the same puzzle (`p` and `a`). */
function sameParams(a, b) {
  const qa = new URLSearchParams(a.replace(/^#/, ""));
  const qb = new URLSearchParams(b.replace(/^#/, ""));
  return qa.get("p") === qb.get("p") && qa.get("a") === qb.get("a");
}

// ----- drawing -----

function say(text, kind = "info") {
  const el = $("status");
  el.textContent = text;
  el.className = `status ${kind}`;
}

function playPicture() {
  const p = game.progress;
  const bad = game.conflicts();
  const same = p.values[cursor];
  const cells = Array.from({ length: CELLS }, (_, c) => {
    const flags = [];
    if (bad.has(c)) flags.push("conflict");
    if (wrong.has(c)) flags.push("wrong");
    if (same && p.values[c] === same) flags.push("same");
    return {
      value: p.values[c],
      given: game.isGiven(c),
      corner: p.corner[c],
      centre: p.centre[c],
      colour: p.colours[c],
      cands: null,
      flags,
    };
  });
  return { cells, links: [] };
}

function picture() {
  if (explanation) {
    const { data, before, at } = explanation;
    return stepPicture(before[at], game.givens, candidatesBeforeStep(data, at), data.steps[at]);
  }
  if (hint && hint.grade === 2) {
    const pic = playPicture();
    for (const c of hint.step.cells) pic.cells[c].flags.push("pattern");
    for (const c of hint.step.fins ?? []) pic.cells[c].flags.push("fin");
    return pic;
  }
  if (hint && hint.grade === 3) {
    const pic = stepPicture(game.progress.values, game.givens, game.candidates(), hint.step);
    pic.cells.forEach((cell, c) => (cell.colour = game.progress.colours[c]));
    return pic;
  }
  return playPicture();
}

function render() {
  view.render(picture(), explanation ? new Set() : selection, explanation ? -1 : cursor);
  grid.classList.toggle("solved", !explanation && isSolved());
  $("undo").disabled = !game.past.length;
  $("redo").disabled = !game.future.length;
  for (const b of document.querySelectorAll("[data-mode]")) b.setAttribute("aria-checked", String(b.dataset.mode === mode));
  const pad = $("pad");
  pad.classList.toggle("colour-mode", mode === "colour");
  for (const b of pad.querySelectorAll("button")) {
    const d = Number(b.dataset.digit);
    b.className = mode === "colour" ? `colour-${d}` : "";
    b.setAttribute("aria-label", mode === "colour" ? `colour ${COLOURS[d]}` : `${mode === "digit" ? "digit" : `${mode} mark`} ${d}`);
  }
}

// ----- entering -----

const selected = () => [...selection].sort((a, b) => a - b);

function enter(how, d) {
  if (explanation) closeExplanation();
  const cells = selected();
  if (!cells.length) return;
  if (how === "digit") game.setDigit(cells, d, $("clean").checked);
  else if (how === "colour") game.setColour(cells, d);
  else game.toggleMark(how, cells, d);
  changed();
}

function clearCells() {
  if (explanation) closeExplanation();
  const first = { digit: "values", corner: "corner", centre: "centre", colour: "colours" }[mode];
  if (game.clear(selected(), first)) changed();
}

function undo() {
  if (game.undo()) changed();
}

function redo() {
  if (game.redo()) changed();
}

function setMode(m) {
  mode = m;
  render();
}

function move(dr, dc, extend) {
  const r = (Math.floor(cursor / N) + dr + N) % N;
  const c = ((cursor % N) + dc + N) % N;
  cursor = r * N + c;
  if (!extend) selection = new Set();
  selection.add(cursor);
  render();
}

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function digitOfKey(e) {
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code);
  if (m) return Number(m[1]);
  return /^[1-9]$/.test(e.key) ? Number(e.key) : 0;
}

document.addEventListener("keydown", (e) => {
  const t = e.target;
  if (t.closest?.("input, textarea, select")) return;
  if (t.closest?.("#steps") && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
    e.preventDefault();
    showStep(explanation.at + (e.key === "ArrowUp" ? -1 : 1), true);
    return;
  }
  const d = digitOfKey(e);
  if (d) {
    e.preventDefault();
    enter(e.shiftKey ? "corner" : e.ctrlKey || e.altKey || e.metaKey ? "centre" : mode, d);
    return;
  }
  const key = e.key.toLowerCase();
  if (e.ctrlKey || e.metaKey) {
    if (key === "z") (e.shiftKey ? redo : undo)();
    else if (key === "y") redo();
    else if (ARROWS[e.key]) move(...ARROWS[e.key], true);
    else if (key === "a" && (t === document.body || t.closest?.("#grid"))) {
      selection = new Set(Array.from({ length: CELLS }, (_, c) => c));
      render();
    } else return;
    e.preventDefault();
    return;
  }
  if (e.altKey) return;
  const modes = { z: "digit", x: "corner", c: "centre", v: "colour" };
  if (modes[key]) {
    setMode(modes[key]);
    e.preventDefault();
  } else if (ARROWS[e.key]) {
    e.preventDefault();
    move(...ARROWS[e.key], e.shiftKey);
  } else if (e.key === "Delete" || e.key === "Backspace") {
    e.preventDefault();
    clearCells();
  } else if (e.key === "Escape") {
    if (explanation) closeExplanation();
    else if (hint) closeHint();
    else selection = new Set([cursor]);
    render();
  }
});

// Pointer (mouse, pen, touch): press selects, dragging adds the cells passed over;
// Ctrl or Shift adds to the selection (Ctrl on a selected cell removes it).
let dragging = false;
grid.addEventListener("pointerdown", (e) => {
  const c = view.cellAt(e.clientX, e.clientY);
  if (c < 0) return;
  e.preventDefault();
  grid.focus({ preventScroll: true });
  dragging = true;
  if ((e.ctrlKey || e.metaKey) && selection.has(c) && selection.size > 1) {
    selection.delete(c);
    dragging = false;
  } else {
    if (!e.ctrlKey && !e.metaKey && !e.shiftKey) selection = new Set();
    selection.add(c);
    cursor = c;
  }
  render();
});
grid.addEventListener("pointermove", (e) => {
  if (!dragging) return;
  const c = view.cellAt(e.clientX, e.clientY);
  if (c < 0 || selection.has(c)) return;
  selection.add(c);
  cursor = c;
  render();
});
for (const ev of ["pointerup", "pointercancel"]) window.addEventListener(ev, () => (dragging = false));

/** The play controls act as the pointer goes down: a quick second tap is never taken
 * for a double tap, and the grid keeps the keyboard focus. Enter and Space (a click
 * with no pointer, `detail` 0) work as on any button. */
function onPress(button, action) {
  button.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    action();
  });
  button.addEventListener("click", (e) => e.detail === 0 && action());
}
for (const b of document.querySelectorAll("[data-mode]")) onPress(b, () => setMode(b.dataset.mode));
for (const b of $("pad").querySelectorAll("button")) onPress(b, () => enter(mode, Number(b.dataset.digit)));
onPress($("delete"), clearCells);
onPress($("undo"), undo);
onPress($("redo"), redo);

// ----- asking the library -----

/** Runs an async action; its failure becomes a message, never an uncaught error. */
async function run(action) {
  try {
    await action();
  } catch (e) {
    if (e.message !== "cancelled") say(e.message, "error");
  }
}

/** Why logic or the engine refused the current position, in the player's terms. */
function blame(e) {
  if (game.conflicts().size) return "Some digits clash (shown in red): fix them first.";
  if (/no solution/i.test(e.message)) {
    return "From here the puzzle has no solution: some entry or removed candidate is wrong. Check my entries shows wrong entries.";
  }
  if (/multiple|several/i.test(e.message)) return "This puzzle has more than one solution, so logic cannot rate or explain it.";
  return e.message;
}

/** A naked single the library reads as placed: a pencilmark state's open cell whose
 * one candidate no peer still has. */
function singleLeft() {
  const cands = game.candidates();
  for (let c = 0; c < CELLS; c++) {
    const m = cands[c];
    if (game.progress.values[c] || !m || m & (m - 1)) continue;
    const d = Math.log2(m);
    return {
      technique: "naked-single",
      rating: 2.3,
      digits: [d],
      cells: [c],
      placements: [[c, d]],
      eliminations: [],
      explanation: `Naked Single: ${cellName(c)}=${d}`,
    };
  }
  return null;
}

function closeHint() {
  hint = null;
  $("hint").textContent = "Hint";
  $("hint-close").hidden = true;
  $("hint-text").textContent = "";
}

function showHint() {
  const { step, grade } = hint;
  const name = techniqueName(step.technique);
  const text = [
    `Look for a ${name} (rating ${step.rating.toFixed(1)}).`,
    `${name}: look at the highlighted cells.`,
    step.explanation,
  ][grade - 1];
  $("hint-text").textContent = text;
  $("hint").textContent = ["Where?", "Show the step", "Apply"][grade - 1];
  $("hint-close").hidden = false;
  render();
}

async function onHint() {
  if (hint && hint.version === game.version) {
    if (hint.grade < 3) {
      hint.grade++;
      showHint();
      return;
    }
    const step = hint.step;
    closeHint();
    game.applyStep(step);
    say(`Applied: ${step.explanation}`);
    changed();
    return;
  }
  closeExplanation();
  const version = game.version;
  let answer;
  try {
    answer = await engine.hint(logicText(game));
  } catch (e) {
    say(blame(e), "error");
    return;
  }
  if (version !== game.version) return;
  const step = answer.step ?? singleLeft();
  if (!step) {
    say(game.isFull() ? "The grid is full." : "The techniques sudokit knows find no step here: the rest needs guessing (Solve fills it in).");
    return;
  }
  hint = { step, grade: 1, version };
  showHint();
}

async function getSolution() {
  const puzzle = lineOf(game.givens);
  if (solution?.puzzle === puzzle) return solution.values;
  if (game.hasAllowed) throw new Error("Solve and Check work on plain puzzles; for a pencilmark puzzle use Hint or Explain.");
  const n = await engine.count(puzzle, 2);
  if (n !== 1) throw new Error(n ? "This puzzle has more than one solution, so no entry can be called wrong." : "This puzzle has no solution.");
  const line = await engine.solve(puzzle);
  const values = Uint8Array.from(line, (ch) => Number(ch) || 0);
  if (values.length !== CELLS || values.some((v, c) => !v || (game.givens[c] && game.givens[c] !== v))) {
    throw new Error("The solver's answer does not fit the puzzle; please report this puzzle.");
  }
  solution = { puzzle, values };
  return values;
}

async function onCheck() {
  const values = await getSolution();
  const p = game.progress;
  const bad = [];
  let entries = 0;
  for (let c = 0; c < CELLS; c++) {
    if (game.isGiven(c) || !p.values[c]) continue;
    entries++;
    if (p.values[c] !== values[c]) bad.push(c);
  }
  const lost = [];
  for (let c = 0; c < CELLS; c++) if (!p.values[c] && p.elim[c] & bit(values[c])) lost.push(c);
  wrong = new Set(bad);
  render();
  if (bad.length) say(`${bad.length} of ${entries} entries ${bad.length === 1 ? "is" : "are"} wrong (struck through in red).`, "error");
  else if (lost.length) say(`Entries are right, but a removed candidate was the solution's digit in ${lost.map(cellName).join(", ")}.`, "error");
  else say(entries ? `All ${entries} entries are right so far.` : "No entries yet.", "good");
}

async function onSolve() {
  const values = await getSolution();
  closeHint();
  if (game.fill(values)) changed();
  say("Solved by the engine: Undo takes it back.");
}

async function onCount() {
  const n = await engine.count(puzzleText(game), COUNT_LIMIT);
  const text = n >= COUNT_LIMIT ? `at least ${COUNT_LIMIT} solutions` : n === 1 ? "exactly one solution" : `${n} solutions`;
  say(`This puzzle has ${text}.`, n === 1 ? "good" : "error");
}

function onRestart() {
  closeHint();
  closeExplanation();
  if (game.edit((p) => Object.values(p).forEach((a) => a.fill(0)))) changed();
  say("Back to the start: Undo brings your progress back.");
}

// ----- explanation -----

function closeExplanation() {
  if (!explanation) return;
  explanation = null;
  $("steps").replaceChildren();
  $("difficulty").textContent = "";
  $("step-nav").hidden = true;
  $("explain-close").hidden = true;
  render();
}

function describe(d) {
  const stuck = d.outcome === "solved" ? "" : `, logic gets ${d.outcome === "stuck" ? "stuck" : "to a contradiction"}`;
  return `ER ${d.er.toFixed(1)} · EP ${d.ep.toFixed(1)} · ED ${d.ed.toFixed(1)} · level ${d.level} · ${d.steps} steps${stuck}`;
}

async function onExplain() {
  closeHint();
  const here = $("explain-here").checked;
  const values = here ? game.progress.values.slice() : game.givens.slice();
  const text = here ? logicText(game) : puzzleText(game);
  let data;
  try {
    data = await engine.explain(text);
  } catch (e) {
    say(blame(e), "error");
    return;
  }
  if (!data.steps.length) {
    say(data.outcome === "solved" ? "Nothing to explain: the grid is full." : "No technique sudokit knows applies here.");
    return;
  }
  explanation = { data, before: valuesBeforeSteps(values, data), at: 0 };
  $("difficulty").textContent = describe(data.difficulty);
  const list = $("steps");
  list.replaceChildren(
    ...data.steps.map((step, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.step = String(i);
      b.innerHTML = '<span class="num"></span><span class="text"></span><span class="rating"></span>';
      b.querySelector(".num").textContent = `${i + 1}.`;
      b.querySelector(".text").textContent = step.explanation;
      b.querySelector(".rating").textContent = step.rating.toFixed(1);
      b.addEventListener("click", () => showStep(i, false));
      li.append(b);
      return li;
    }),
  );
  $("step-nav").hidden = false;
  $("explain-close").hidden = false;
  say(`Explanation: ${describe(data.difficulty)}. Choose a step to see it on the grid.`);
  showStep(0, false);
}

function showStep(i, focus) {
  if (!explanation) return;
  const steps = explanation.data.steps;
  explanation.at = Math.max(0, Math.min(steps.length - 1, i));
  const buttons = $("steps").querySelectorAll("button");
  buttons.forEach((b, k) => (k === explanation.at ? b.setAttribute("aria-current", "step") : b.removeAttribute("aria-current")));
  const current = buttons[explanation.at];
  // Scroll the list only, never the page: the step in its middle.
  const list = $("steps");
  list.scrollTop = current.offsetTop - (list.clientHeight - current.offsetHeight) / 2;
  if (focus) current.focus();
  $("step-at").textContent = `Step ${explanation.at + 1} of ${steps.length}`;
  $("step-prev").disabled = explanation.at === 0;
  $("step-next").disabled = explanation.at === steps.length - 1;
  render();
}

// ----- new puzzles, import, share -----

async function onGenerate() {
  const options = { symmetry: $("symmetry").value };
  if ($("level").value) options.level = $("level").value;
  const seedText = $("seed").value.trim();
  if (seedText) {
    if (!/^\d{1,15}$/.test(seedText)) throw new Error("The seed is a whole number (up to 15 digits), or empty for a random one.");
    options.seed = Number(seedText);
  }
  $("generate").disabled = true;
  $("cancel").hidden = false;
  say(`Generating a${options.level ? ` ${options.level}` : ""} puzzle…`);
  try {
    const line = await engine.generate(options);
    setGame(parsePuzzle(line));
    const rated = await engine.rate(line);
    say(`New puzzle: ${describe(rated.difficulty)}.`, "good");
  } finally {
    $("generate").disabled = false;
    $("cancel").hidden = true;
  }
}

function onImport() {
  const box = $("import-text");
  try {
    setGame(parsePuzzle(box.value));
    box.removeAttribute("aria-invalid");
    say("Puzzle imported.", "good");
    grid.focus();
  } catch (e) {
    box.setAttribute("aria-invalid", "true");
    say(e.message, "error");
  }
}

async function onShare() {
  const url = `${location.href.split("#")[0]}#${encodeGame(game, true)}`;
  const out = $("share-url");
  out.hidden = false;
  out.value = url;
  out.select();
  try {
    await navigator.clipboard.writeText(url);
    say("Link copied: it holds the puzzle and your progress.", "good");
  } catch {
    say("Link ready below: copy it to share the puzzle and your progress.");
  }
}

$("hint").addEventListener("click", () => run(onHint));
$("hint-close").addEventListener("click", () => {
  closeHint();
  render();
});
$("fill").addEventListener("click", () => {
  if (game.fillCandidates()) changed();
});
$("check").addEventListener("click", () => run(onCheck));
$("solve").addEventListener("click", () => run(onSolve));
$("count").addEventListener("click", () => run(onCount));
$("restart").addEventListener("click", onRestart);
$("explain").addEventListener("click", () => run(onExplain));
$("explain-close").addEventListener("click", closeExplanation);
$("step-prev").addEventListener("click", () => showStep(explanation.at - 1, false));
$("step-next").addEventListener("click", () => showStep(explanation.at + 1, false));
$("generate").addEventListener("click", () => run(onGenerate));
$("cancel").addEventListener("click", () => {
  engine.cancel();
  say("Generation cancelled.");
});
$("import").addEventListener("click", onImport);
$("share").addEventListener("click", () => run(onShare));
window.addEventListener("hashchange", () => {
  if (location.hash !== ownHash) loadHash();
});

// ----- start -----

if (!loadHash()) {
  const saved = savedGame();
  if (saved) setGame(saved.game, saved.game.progress);
  else setGame(parsePuzzle(FIRST));
}
engine.ready.then((how) => {
  $("engine").textContent =
    how === "wasm" ? "solver: WebAssembly, in this browser" : `solver: the server's API (WebAssembly did not start: ${engine.why})`;
  document.body.dataset.engine = how;
});

/** For tests and the console: the game and the library. */
window.sudokit = {
  engine,
  get game() {
    return game;
  },
};
