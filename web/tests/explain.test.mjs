// The explanation: the whole path listed with ratings and the puzzle's ER/EP/ED and
// level; the step chosen drawn on the grid (its cells, the candidates it removes, its
// chain links as arrows).

import { test } from "node:test";
import assert from "node:assert/strict";
import { inBrowser, openPage, screenshot } from "./browser.mjs";

/** A hard puzzle of data/examples.txt. */
const HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/** A puzzle of data/17_clue.txt that logic solves with nice loops. */
const LOOPS = "................12..3..4........35...16......27.....8.....18......27......9...6..";

const sorted = (xs) => [...xs].sort((a, b) => a - b);

async function explainOnPage(page, puzzle) {
  await openPage(page, `#p=${puzzle}`);
  await page.click("#explain");
  await page.waitForSelector("#steps button");
  return page.evaluate((p) => window.sudokit.engine.explain(p), puzzle);
}

async function showStep(page, i) {
  await page.click(`#steps button[data-step="${i}"]`);
  assert.equal(await page.getAttribute(`#steps button[data-step="${i}"]`, "aria-current"), "step");
}

test("an explanation step shows its cells, the candidates it removes and its rating", () =>
  inBrowser(async (page) => {
    const data = await explainOnPage(page, HARD);
    assert.equal(await page.$$eval("#steps button", (bs) => bs.length), data.steps.length, "the whole path");
    const d = data.difficulty;
    assert.equal(await page.textContent("#difficulty"), `ER ${d.er.toFixed(1)} · EP ${d.ep.toFixed(1)} · ED ${d.ed.toFixed(1)} · level ${d.level} · ${d.steps} steps`);

    const i = data.steps.findIndex((s) => s.eliminations.length > 1);
    assert.ok(i > 0, "the path has a step that removes candidates");
    const step = data.steps[i];
    await showStep(page, i);
    const shown = await page.$$eval(".cell.pattern", (cs) => cs.map((c) => Number(c.dataset.cell)));
    assert.deepEqual(sorted(shown), sorted(step.cells), "the pattern's cells are marked");
    for (const [cell, digit] of step.eliminations) {
      const cls = await page.getAttribute(`#cell-${cell} .cand:nth-child(${digit})`, "class");
      assert.match(cls, /\belim\b/, `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}<>${digit} is drawn removed`);
      assert.match(await page.getAttribute(`#cell-${cell}`, "aria-label"), new RegExp(`remove ${digit}`));
    }
    assert.equal(await page.$$eval(".cand.elim", (cs) => cs.length), step.eliminations.length);
    const row = await page.textContent(`#steps button[data-step="${i}"]`);
    assert.ok(row.includes(step.explanation) && row.endsWith(step.rating.toFixed(1)), "the step's words and rating");
    await screenshot(page, "explain");

    await page.focus(`#steps button[data-step="${i}"]`);
    await page.keyboard.press("ArrowDown");
    assert.equal(await page.getAttribute(`#steps button[data-step="${i + 1}"]`, "aria-current"), "step", "arrows walk the path");
    const next = data.steps[i + 1];
    for (const [cell, digit] of next.placements) {
      assert.match(await page.getAttribute(`#cell-${cell} .cand:nth-child(${digit})`, "class"), /\bplace\b/);
    }

    await page.click("#explain-close");
    assert.equal(await page.$$eval(".cand", (cs) => cs.length), 0, "back to the player's grid");
  }));

test("a chain step draws its links as arrows, strong and weak", () =>
  inBrowser(async (page) => {
    const data = await explainOnPage(page, LOOPS);
    const i = data.steps.findIndex((s) => / => /.test(s.explanation) && /^[A-Za-z -]*(Loop|Chain|AIC)/.test(s.explanation));
    assert.ok(i >= 0, "the explanation has a chain step");
    const step = data.steps[i];
    // The chain as the sentence writes it: a link at every `=` (strong) and `-` (weak).
    const chain = step.explanation.split(": ")[1].split(" => ")[0];
    const strong = (chain.match(/=/g) ?? []).length;
    const weak = (chain.match(/-/g) ?? []).length;
    await showStep(page, i);
    assert.equal(await page.$$eval("#links path.link.strong", (ps) => ps.length), strong, chain);
    assert.equal(await page.$$eval("#links path.link.weak", (ps) => ps.length), weak, chain);
    for (const [, digit, row, col] of chain.matchAll(/\(([1-9])[^)]*\)r([1-9])c([1-9])\b/g)) {
      const cell = (row - 1) * 9 + (col - 1);
      assert.match(await page.getAttribute(`#cell-${cell} .cand:nth-child(${digit})`, "class"), /\bchain\b/, `(${digit})r${row}c${col}`);
    }
    await screenshot(page, "explain-chain");
    // The picture for the guide: the board and the explanation beside it.
    await screenshot(page, "web", { x: 0, y: 0, width: 1120, height: 720 });
  }));
