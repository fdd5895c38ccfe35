// Sharing by link: the puzzle and the progress (entries, both kinds of marks, colours)
// open the same in a browser that has never seen the page; import of the other forms.

import { test } from "node:test";
import assert from "node:assert/strict";
import { boardValues, inBrowser, openPage, screenshot, status } from "./browser.mjs";

const PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const labels = (page) => page.$$eval("#grid [role=gridcell]", (cs) => cs.map((c) => c.getAttribute("aria-label")));

test("a share link carries the puzzle and the progress to a fresh browser", async () => {
  let url;
  let before;
  await inBrowser(async (page) => {
    await openPage(page, `#p=${PUZZLE}`);
    await page.click("#cell-1");
    await page.keyboard.press("6");
    await page.click("#cell-2");
    await page.keyboard.press("Shift+Digit1");
    await page.keyboard.press("Shift+Digit9");
    await page.click("#cell-3");
    await page.keyboard.press("c");
    await page.keyboard.press("2");
    await page.keyboard.press("3");
    await page.keyboard.press("v");
    await page.keyboard.press("7");
    await page.click("#share");
    url = await page.inputValue("#share-url");
    before = await labels(page);
    assert.ok(url.startsWith(await page.evaluate(() => location.origin)), "an address of this page");
  });
  assert.match(before[1], /, 6$/);
  assert.match(before[3], /centre marks 2 3, colour blue/);
  await inBrowser(async (page) => {
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.engine);
    assert.deepEqual(await labels(page), before, "every cell as it was");
  });
});

test("import reads a Sukaku line and a block with rules, and refuses nonsense", () =>
  inBrowser(async (page) => {
    await openPage(page, `#p=${PUZZLE}`);
    const sukaku = await page.evaluate(() => {
      const cands = window.sudokit.game.candidates();
      return Array.from(cands, (m) => Array.from({ length: 9 }, (_, i) => (m & (1 << (i + 1)) ? String(i + 1) : ".")).join("")).join("");
    });
    await page.fill("#import-text", sukaku);
    await page.click("#import");
    assert.equal(await status(page), "Puzzle imported.");
    assert.equal((await boardValues(page))[0], 4);
    await page.click("#hint");
    await page.waitForFunction(() => document.getElementById("hint").textContent !== "Hint");
    assert.match(await page.textContent("#hint-text"), /^Look for an? /, "logic works on the candidates imported");
    const rows = [];
    for (let r = 0; r < 9; r++) {
      const cells = PUZZLE.slice(r * 9, r * 9 + 9).split("");
      rows.push(`${cells.slice(0, 3).join(" ")} | ${cells.slice(3, 6).join(" ")} | ${cells.slice(6).join(" ")}`);
      if (r === 2 || r === 5) rows.push("------+-------+------");
    }
    const other = rows.join("\n").replace("4 . .", ". 4 .");
    await page.fill("#import-text", other);
    await page.click("#import");
    assert.equal(await status(page), "Puzzle imported.");
    const values = await boardValues(page);
    assert.equal(values[0], 0);
    assert.equal(values[1], 4);
    assert.match(await page.evaluate(() => location.hash), /^#p=\.4\./, "the address names the new puzzle");

    await page.fill("#import-text", "12345");
    await page.click("#import");
    assert.match(await status(page), /Found 5 cells, expected 81/);
    assert.equal(await page.getAttribute("#import-text", "aria-invalid"), "true");
    assert.equal((await boardValues(page))[1], 4, "a refused import changes nothing");

    await screenshot(page, "import");
  }));
