// Hints graded as HoDoKu grades them (technique, where, the step, apply), pressed until
// the puzzle is solved.

import { test } from "node:test";
import assert from "node:assert/strict";
import { boardValues, inBrowser, openPage, screenshot, solves, status } from "./browser.mjs";

/** A hard puzzle of data/examples.txt: pointing, claiming and singles. */
const HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

test("hints until solved, each in four grades", () =>
  inBrowser(async (page) => {
    await openPage(page, `#p=${HARD}`);
    const hintText = () => page.textContent("#hint-text");
    const patterns = () => page.$$eval(".cell.pattern", (cs) => cs.length);
    let hints = 0;
    let shotElimination = false;
    for (; hints < 200; hints++) {
      const version = await page.evaluate(() => window.sudokit.game.version);
      await page.click("#hint");
      await page.waitForFunction(() => document.getElementById("hint").textContent !== "Hint");
      assert.match(await hintText(), /^Look for an? .+ \(rating \d+\.\d\)\.$/, "grade 1 names the technique only");
      assert.equal(await patterns(), 0, "grade 1 shows no cell");
      assert.equal(await page.$$eval(".cand", (cs) => cs.length), 0);

      await page.click("#hint");
      assert.match(await hintText(), /look at the highlighted cells/);
      assert.ok((await patterns()) > 0, "grade 2 shows where");
      assert.equal(await page.$$eval(".cand", (cs) => cs.length), 0, "but not the step");

      await page.click("#hint");
      const sentence = await hintText();
      assert.match(sentence, /^[A-Z].*: /, "grade 3 gives the step in words");
      const elims = await page.$$eval(".cand.elim", (cs) => cs.length);
      const places = await page.$$eval(".cand.place", (cs) => cs.length);
      assert.ok(elims + places > 0, "and draws what it removes or places");
      if (elims && !shotElimination) {
        await screenshot(page, "hint-step");
        shotElimination = true;
      }
      assert.equal(await page.textContent("#hint"), "Apply");
      await page.click("#hint");
      assert.equal(await page.evaluate(() => window.sudokit.game.version), version + 1, "apply is one undoable change");
      const said = await status(page);
      if (/^Solved/.test(said)) break;
      assert.equal(said, `Applied: ${sentence}`);
    }
    assert.ok(hints > 20 && hints < 200, `solved by ${hints} hints`);
    assert.ok(shotElimination, "some hint removed candidates");
    assert.ok(solves(await boardValues(page), HARD));
  }));

test("a wrong entry: the hint says so instead of a step", () =>
  inBrowser(async (page) => {
    await openPage(page, `#p=${HARD}`);
    const solution = await page.evaluate((p) => window.sudokit.engine.solve(p), HARD);
    const cell = HARD.indexOf(".");
    const wrongDigit = (Number(solution[cell]) % 9) + 1;
    await page.click(`#cell-${cell}`);
    await page.keyboard.press(String(wrongDigit));
    const clash = (await page.$$eval(".cell.conflict", (cs) => cs.length)) > 0;
    await page.click("#hint");
    await page.waitForFunction(() => document.getElementById("status").classList.contains("error"));
    assert.match(await status(page), clash ? /clash/ : /no solution/);
    assert.equal(await page.textContent("#hint"), "Hint");
  }));

test("a last cell the library reads as placed still gets its naked single", () =>
  inBrowser(async (page) => {
    await openPage(page, `#p=${HARD}`);
    const solution = await page.evaluate((p) => window.sudokit.engine.solve(p), HARD);
    const cell = HARD.indexOf(".");
    const wrongDigit = (Number(solution[cell]) % 9) + 1;
    // Every other cell solved, and a candidate of the last one removed: the page asks
    // about a pencilmark grid, where a lone candidate no peer shares counts as placed.
    await page.evaluate(
      ([line, c, d]) => {
        const game = window.sudokit.game;
        game.fill(Uint8Array.from(line, Number).map((v, i) => (i === c ? 0 : v)));
        game.applyStep({ placements: [], eliminations: [[c, d]] });
      },
      [solution, cell, wrongDigit],
    );
    await page.click("#hint");
    await page.waitForFunction(() => document.getElementById("hint").textContent !== "Hint");
    assert.equal(await page.textContent("#hint-text"), "Look for a Naked Single (rating 2.3).");
    await page.click("#hint");
    await page.click("#hint");
    await page.click("#hint");
    assert.match(await status(page), /^Solved/);
    assert.ok(solves(await boardValues(page), HARD));
  }));
