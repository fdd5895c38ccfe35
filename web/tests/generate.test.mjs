// Generating by level and symmetry, reproducible from a seed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { inBrowser, openPage, screenshot, solves } from "./browser.mjs";

const puzzleOf = (page) => page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get("p"));

async function generate(page, level, symmetry, seed) {
  await page.selectOption("#level", level);
  await page.selectOption("#symmetry", symmetry);
  await page.fill("#seed", seed);
  const before = await page.evaluate(() => window.sudokit.game);
  await page.click("#generate");
  await page.waitForFunction((old) => window.sudokit.game !== old && /New puzzle/.test(document.getElementById("status").textContent), before);
  return puzzleOf(page);
}

test("generate an easy puzzle with a symmetry and a seed", () =>
  inBrowser(async (page) => {
    await openPage(page);
    const puzzle = await generate(page, "easy", "rotate-180", "2024");
    assert.match(puzzle, /^[1-9.]{81}$/);
    for (let c = 0; c < 81; c++) assert.equal(puzzle[c] === ".", puzzle[80 - c] === ".", `cell ${c} and its rotation`);
    assert.equal(await page.evaluate((p) => window.sudokit.engine.count(p, 2), puzzle), 1, "exactly one solution");
    const rated = await page.evaluate((p) => window.sudokit.engine.rate(p), puzzle);
    assert.equal(rated.difficulty.level, "easy");
    assert.match(await page.textContent("#status"), /level easy/);
    await screenshot(page, "generate");

    const mirrored = await generate(page, "", "mirror", "7");
    for (let r = 0; r < 9; r++) {
      for (let c = 0; c < 9; c++) assert.equal(mirrored[r * 9 + c] === ".", mirrored[r * 9 + 8 - c] === ".");
    }
    assert.equal(await generate(page, "easy", "rotate-180", "2024"), puzzle, "the same seed, the same puzzle");
  }));

test("a seed that is not a number is refused with a message", () =>
  inBrowser(async (page) => {
    await openPage(page);
    const before = await puzzleOf(page);
    await page.fill("#seed", "abc");
    await page.click("#generate");
    await page.waitForFunction(() => document.getElementById("status").classList.contains("error"));
    assert.match(await page.textContent("#status"), /seed is a whole number/);
    assert.equal(await puzzleOf(page), before);
  }));

test("a long search is cancelled, and the library answers again after", () =>
  inBrowser(async (page) => {
    await openPage(page);
    const puzzle = await puzzleOf(page);
    // Counting the empty grid's solutions to a huge limit runs for hours.
    const outcome = await page.evaluate(async () => {
      const engine = window.sudokit.engine;
      const long = engine.count(".".repeat(81), 1e15).then(
        () => "finished",
        (e) => e.message,
      );
      await new Promise((r) => setTimeout(r, 300));
      engine.cancel();
      return long;
    });
    assert.equal(outcome, "cancelled");
    const solution = await page.evaluate((p) => window.sudokit.engine.solve(p), puzzle);
    assert.ok(solves([...solution].map(Number), puzzle), "a fresh worker answers");
  }));
