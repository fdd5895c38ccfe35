// Pencil marks of both kinds, colours, multi-select, Delete and undo/redo, with the
// keyboard and with the on-screen controls; conflicts shown; progress kept across a
// reload.

import { test } from "node:test";
import assert from "node:assert/strict";
import { clickCell, inBrowser, openPage, screenshot } from "./browser.mjs";

const PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const label = (page, cell) => page.getAttribute(`#cell-${cell}`, "aria-label");

test("corner and centre marks, colours, Delete, undo and redo", () =>
  inBrowser(async (page) => {
    await openPage(page, `#p=${PUZZLE}`);
    await clickCell(page, 1);
    await page.keyboard.press("Shift+ArrowRight");
    assert.equal(await page.getAttribute("#cell-2", "aria-selected"), "true", "Shift+arrow extends the selection");
    await page.keyboard.press("Control+ArrowDown");
    assert.equal(await page.getAttribute("#cell-11", "aria-selected"), "true", "so does Ctrl+arrow");
    await page.keyboard.press("ArrowUp");
    assert.deepEqual(await page.$$eval(".cell[aria-selected=true]", (cs) => cs.map((c) => Number(c.dataset.cell))), [2], "a plain arrow starts afresh");
    await page.keyboard.press("Shift+ArrowLeft");
    await page.keyboard.press("x");
    await page.keyboard.press("1");
    await page.keyboard.press("2");
    assert.match(await label(page, 1), /corner marks 1 2/);
    assert.match(await label(page, 2), /corner marks 1 2/);
    await page.keyboard.press("Shift+Digit3");
    assert.match(await label(page, 2), /corner marks 1 2 3/, "Shift+digit is a corner mark in any mode");
    await page.keyboard.press("c");
    await page.keyboard.press("7");
    await page.keyboard.press("9");
    assert.match(await label(page, 1), /centre marks 7 9/);
    await page.keyboard.press("v");
    await page.keyboard.press("3");
    assert.match(await label(page, 2), /colour orange/);
    await page.keyboard.press("z");
    await page.keyboard.press("6");
    assert.match(await label(page, 1), /^row 1 column 2, 6/);
    assert.doesNotMatch(await label(page, 1), /marks/, "a digit hides the marks under it");
    await screenshot(page, "marks");

    await page.keyboard.press("Control+z");
    assert.match(await label(page, 1), /empty, corner marks 1 2 3, centre marks 7 9, colour orange/);
    await page.keyboard.press("Control+z");
    assert.doesNotMatch(await label(page, 1), /colour/);
    await page.keyboard.press("Control+y");
    assert.match(await label(page, 1), /colour orange/);

    await page.keyboard.press("Delete");
    assert.doesNotMatch(await label(page, 1), /centre marks/, "Delete clears centre marks first");
    assert.match(await label(page, 1), /corner marks/);
    await page.keyboard.press("Backspace");
    assert.doesNotMatch(await label(page, 1), /corner marks/);
    assert.match(await label(page, 1), /colour orange/);

    await page.click("#undo");
    await page.click("#undo");
    assert.match(await label(page, 1), /centre marks 7 9/, "the Undo button walks back too");
    await page.click("#redo");
    assert.doesNotMatch(await label(page, 1), /centre marks/);
  }));

test("on-screen controls and conflicts; progress survives a reload", () =>
  inBrowser(async (page) => {
    await openPage(page, `#p=${PUZZLE}`);
    await clickCell(page, 1);
    await page.click("[data-mode=centre]");
    await page.click("[data-digit='5']");
    assert.match(await label(page, 1), /centre marks 5/);
    await page.click("[data-mode=digit]");
    await page.click("#cell-2", { modifiers: ["Control"] });
    await page.click("[data-digit='4']");
    assert.match(await label(page, 1), /^row 1 column 2, 4, conflict/, "4 is given in r1c1");
    assert.match(await label(page, 2), /^row 1 column 3, 4, conflict/);
    assert.equal(await page.$$eval(".cell.conflict", (cs) => cs.length), 4, "and the givens r1c1 and r9c3");
    await screenshot(page, "conflicts");
    await page.click("[data-digit='4']");
    assert.equal(await page.$$eval(".cell.conflict", (cs) => cs.length), 0, "the same digit again takes it out");
    // A mouse drag selects the cells it passes over.
    const centre = async (i) => {
      const r = await page.locator(`#cell-${i}`).boundingBox();
      return [r.x + r.width / 2, r.y + r.height / 2];
    };
    await page.mouse.move(...(await centre(72 + 5)));
    await page.mouse.down();
    await page.mouse.move(...(await centre(72 + 6)), { steps: 4 });
    await page.mouse.move(...(await centre(72 + 7)), { steps: 4 });
    await page.mouse.up();
    assert.deepEqual(await page.$$eval(".cell[aria-selected=true]", (cs) => cs.map((c) => Number(c.dataset.cell))), [77, 78, 79]);
    await page.keyboard.press("Escape");
    await clickCell(page, 80);
    await page.keyboard.press("9");
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.engine);
    assert.match(await label(page, 80), /^row 9 column 9, 9/, "an entry is kept across a reload");
    assert.match(await label(page, 1), /centre marks 5/, "so are marks");
  }));
