// `sudokit serve`'s JSON API as the page meets it: answers, and the error answers (a
// 4xx with the library's message, never a 500); and the page on the API alone when
// its WebAssembly cannot load.

import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE, inBrowser, openPage, solves, status } from "./browser.mjs";

const PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

const post = async (path, body) => {
  const res = await fetch(new URL(`api/${path}`, BASE), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, answer: await res.json() };
};

test("the API answers a puzzle", async () => {
  const { status: code, answer } = await post("solve", { puzzle: PUZZLE });
  assert.equal(code, 200);
  assert.ok(solves([...answer.solution].map(Number), PUZZLE));
  const hint = await post("hint", { puzzle: PUZZLE });
  assert.equal(hint.status, 200);
  assert.ok(hint.answer.step.placements.length + hint.answer.step.eliminations.length > 0);
});

test("the API's error answers: a 4xx with a message that says what is wrong", async () => {
  const cases = [
    ["solve", { puzzle: "123" }, 400, /puzzle/i],
    ["solve", "{not json", 400, /body/i],
    ["solve", { puzzel: PUZZLE }, 400, /puzzle/],
    ["solve", { puzzle: `44${PUZZLE.slice(2)}` }, 422, /invalid|twice|conflict|r1c/i],
    ["hint", { puzzle: "4".padEnd(81, ".") }, 422, /solution/i],
    ["generate", { symmetry: "sideways" }, 400, /symmetry|sideways/i],
    ["count", { puzzle: PUZZLE, limit: -1 }, 400, /limit|body/i],
  ];
  for (const [path, body, code, message] of cases) {
    const got = await post(path, body);
    assert.equal(got.status, code, `${path} ${JSON.stringify(body)}: ${JSON.stringify(got.answer)}`);
    assert.match(got.answer.error, message);
  }
  const big = await fetch(new URL("api/solve", BASE), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ puzzle: ".".repeat(200 * 1024) }),
  });
  assert.equal(big.status, 413, "an oversized body");
  const after = await post("solve", { puzzle: PUZZLE });
  assert.equal(after.status, 200, "and the server goes on serving");
});

test("without WebAssembly the page works through the API", () =>
  inBrowser(async (page) => {
    await page.route("**/pkg/**", (route) => route.fulfill({ status: 404, body: "" }));
    await openPage(page, `#p=${PUZZLE}`);
    assert.equal(await page.evaluate(() => document.body.dataset.engine), "api");
    assert.match(await page.textContent("#engine"), /server's API/);
    await page.click("#hint");
    await page.waitForFunction(() => document.getElementById("hint").textContent !== "Hint");
    assert.match(await page.textContent("#hint-text"), /^Look for an? /);
    await page.click("#solve");
    await page.waitForFunction(() => /^Solved/.test(document.getElementById("status").textContent));
    assert.match(await status(page), /^Solved/);
  }));
