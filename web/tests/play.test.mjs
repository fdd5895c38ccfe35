// A whole puzzle played with the keyboard alone, and the tools that ask the library:
// check my entries, solve, count solutions, fill candidates.

import { test } from "node:test";
import assert from "node:assert/strict";
import { boardValues, inBrowser, openPage, screenshot, solves, status } from "./browser.mjs";

/** An easy puzzle of data/examples.txt. */
const EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

test("a puzzle played to the end with the keyboard alone", () =>
  inBrowser(async (page) => {
    await openPage(page, `#p=${EASY}`);
    const line = await page.evaluate((p) => window.sudokit.engine.solve(p), EASY);
    const solution = [...line].map(Number);
    assert.ok(solves(solution, EASY), "the library's solution solves the puzzle");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement.id), "grid", "Tab reaches the grid after the skip link");
    for (let r = 0; r < 9; r++) {
      for (let c = 0; c < 9; c++) {
        if (EASY[r * 9 + c] === ".") await page.keyboard.press(String(solution[r * 9 + c]));
        await page.keyboard.press("ArrowRight");
      }
      await page.keyboard.press("ArrowDown");
    }
    assert.ok(solves(await boardValues(page), EASY), "the board holds a solution of the puzzle");
    assert.match(await status(page), /^Solved/);
    assert.equal(await page.getAttribute("#grid", "class"), "solved", "the board shows it");
    await screenshot(page, "solved");
    await page.keyboard.press("Backspace");
    assert.equal(await page.getAttribute("#grid", "class"), "", "and stops showing it when a digit goes");
  }));

test("check marks wrong entries, count and solve answer, candidates fill in", () =>
  inBrowser(async (page) => {
    await openPage(page, `#p=${EASY}`);
    const solution = [...(await page.evaluate((p) => window.sudokit.engine.solve(p), EASY))].map(Number);
    const open = [...EASY].flatMap((ch, c) => (ch === "." ? [c] : []));
    await page.click("#fill");
    const labels = await page.$$eval("[role=gridcell]", (cs) => cs.map((c) => c.getAttribute("aria-label")));
    for (const c of open) {
      const marks = /centre marks ([0-9 ]+)/.exec(labels[c])[1].split(" ").map(Number);
      assert.ok(marks.includes(solution[c]), `the candidates of cell ${c} include the solution's digit`);
      assert.ok(marks.length < 9, "and not every digit");
    }
    await page.click(`#cell-${open[0]}`);
    await page.keyboard.press(String(solution[open[0]]));
    await page.click(`#cell-${open[1]}`);
    await page.keyboard.press(String((solution[open[1]] % 9) + 1));
    await page.click("#check");
    await page.waitForFunction(() => /entr/.test(document.getElementById("status").textContent));
    assert.match(await status(page), /^1 of 2 entries is wrong/);
    assert.deepEqual(await page.$$eval(".cell.wrong", (cs) => cs.map((c) => Number(c.dataset.cell))), [open[1]]);
    await screenshot(page, "check");

    await page.click("#count");
    await page.waitForFunction(() => /solution/.test(document.getElementById("status").textContent));
    assert.equal(await status(page), "This puzzle has exactly one solution.");


    await page.click("#solve");
    await page.waitForFunction(() => /^Solved/.test(document.getElementById("status").textContent));
    assert.ok(solves(await boardValues(page), EASY));
    await page.keyboard.press("Control+z");
    assert.equal((await boardValues(page)).filter((v) => v).length, 81 - open.length + 2, "Undo takes the solution back");
  }));
