// A phone: the board fills the width, nothing scrolls sideways, touch selects and
// enters. Accessibility: the grid's roles and labels, names on every control, and the
// contrast of text against what it sits on.

import { test } from "node:test";
import assert from "node:assert/strict";
import { inBrowser, openPage, screenshot } from "./browser.mjs";

const PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

test("a phone: the board fits, touch selects several cells and enters", () =>
  inBrowser(async (page) => {
    await openPage(page, `#p=${PUZZLE}`);
    const box = await page.locator("#grid").boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, "the board is on the screen");
    assert.ok(box.width >= 350, `the board takes the width (${box.width}px)`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), "no sideways scrolling");
    const pad = await page.locator("[data-digit='5']").boundingBox();
    assert.ok(pad.height >= 44 && pad.width >= 44, "digit buttons are big enough to tap");
    // Wait for what each tap does before the next.
    const labelHas = (cell, re) => page.waitForFunction(([c, r]) => new RegExp(r).test(document.getElementById(`cell-${c}`).getAttribute("aria-label")), [cell, re]);
    const tapMode = async (m) => {
      await page.tap(`[data-mode=${m}]`);
      await page.waitForSelector(`[data-mode=${m}][aria-checked=true]`);
    };
    await page.tap("#cell-1");
    await page.waitForSelector("#cell-1[aria-selected=true]");
    await tapMode("corner");
    await page.tap("[data-digit='5']");
    await labelHas(1, "corner marks 5");
    await tapMode("digit");
    await page.tap("[data-digit='6']");
    await labelHas(1, "^row 1 column 2, 6");

    // A drag over three cells selects them all.
    const cell = async (i) => {
      const r = await page.locator(`#cell-${i}`).boundingBox();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    };
    const [from, to] = [await cell(45), await cell(47)];
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, p) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
    await touch("touchStart", from);
    await touch("touchMove", { x: (from.x + to.x) / 2, y: from.y });
    await touch("touchMove", to);
    await touch("touchEnd");
    const chosen = await page.$$eval(".cell[aria-selected=true]", (cs) => cs.map((c) => Number(c.dataset.cell)));
    assert.deepEqual(chosen, [45, 46, 47]);
    await tapMode("centre");
    await page.tap("[data-digit='9']");
    for (const i of [45, 46, 47]) await labelHas(i, "centre marks 9");
    await screenshot(page, "phone");
  }, PHONE));

test("roles, labels and names; text contrast of at least 4.5:1", () =>
  inBrowser(async (page) => {
    await openPage(page, `#p=${PUZZLE}`);
    assert.equal(await page.$$eval("#grid[role=grid] > [role=row]", (rs) => rs.length), 9);
    const labels = await page.$$eval("[role=gridcell]", (cs) => cs.map((c) => c.getAttribute("aria-label")));
    assert.equal(labels.length, 81);
    assert.equal(labels[0], "row 1 column 1, given 4");
    assert.equal(labels[1], "row 1 column 2, empty");
    await page.click("#cell-22");
    await page.keyboard.press("9");
    assert.equal(await page.getAttribute("#cell-22", "aria-label"), "row 3 column 5, 9");
    // The on-screen controls answer Enter and Space too.
    await page.click("#cell-24");
    await page.focus("[data-digit='3']");
    await page.keyboard.press("Enter");
    assert.equal(await page.getAttribute("#cell-24", "aria-label"), "row 3 column 7, 3");
    await page.focus("#undo");
    await page.keyboard.press("Space");
    assert.equal(await page.getAttribute("#cell-24", "aria-label"), "row 3 column 7, empty");
    const unnamed = await page.$$eval("button, select, input, textarea", (els) =>
      els.filter((e) => !e.hidden && !(e.getAttribute("aria-label") || e.textContent.trim() || e.labels?.length)).map((e) => e.outerHTML),
    );
    assert.deepEqual(unnamed, [], "every control has a name");

    // Show the colours text sits on: a hint's step and an explanation's.
    await page.click("#cell-23");
    await page.keyboard.press("v");
    await page.keyboard.press("4");
    await page.keyboard.press("z");
    await page.keyboard.press("8");
    assert.deepEqual(await page.evaluate(lowContrast), [], "text with too little contrast in play");
    await page.click("#explain");
    await page.waitForSelector("#steps button");
    const data = await page.evaluate((p) => window.sudokit.engine.explain(p), PUZZLE);
    const i = data.steps.findIndex((st) => st.eliminations.length > 1);
    await page.click(`#steps button[data-step="${i}"]`);
    assert.ok(await page.$$eval(".cand.elim", (cs) => cs.length), "a step with removals is drawn");
    assert.deepEqual(await page.evaluate(lowContrast), [], "text with too little contrast in an explanation");
  }));

/** In the page: every visible text whose contrast with what it sits on is under 4.5:1. */
function lowContrast() {
  const rgb = (s) => (s.match(/[\d.]+/g) ?? []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!text || !el.getClientRects().length) continue;
    const fg = lum(rgb(getComputedStyle(el).color));
    const bg = lum(background(el));
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    if (ratio < 4.5) out.push(`${el.tagName}.${el.className} "${el.textContent.trim().slice(0, 20)}" ${ratio.toFixed(2)}`);
  }
  return out;
}
