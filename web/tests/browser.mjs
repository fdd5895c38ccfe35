// What the browser tests share: Debian's Chromium driven headless by playwright-core
// (never a downloaded browser), each browser with a fresh profile, the page's address
// from SUDOKIT_WEB_URL (scripts/test-web.sh starts the server), screenshots under
// web/test-artifacts/, and checks of a grid against its puzzle.

import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

export const BASE = process.env.SUDOKIT_WEB_URL;
if (!BASE) throw new Error("SUDOKIT_WEB_URL is not set: run the browser tests with `bash scripts/test-web.sh`");

const ARTIFACTS = new URL("../test-artifacts/", import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A browser with a fresh profile; `close()` removes the profile. */
async function openBrowser(options = {}) {
  const profile = mkdtempSync(join(tmpdir(), "sudokit-web-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
    viewport: { width: 1200, height: 900 },
    ...options,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Runs `body(page)` in a fresh browser, then checks the page threw nothing. */
export async function inBrowser(body, options) {
  const b = await openBrowser(options);
  try {
    await body(b.page);
    if (b.errors.length) throw new Error(`the page threw: ${b.errors.join("; ")}`);
  } finally {
    await b.close();
  }
}

/** Opens the page at `hash` and waits until the library answers. */
export async function openPage(page, hash = "") {
  await page.goto(`${BASE}${hash}`);
  await page.waitForFunction(() => document.body.dataset.engine);
}

/** Saves a screenshot of the whole page, or of `clip` (a rectangle) when given. */
export async function screenshot(page, name, clip) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), ...(clip ? { clip } : { fullPage: true }) });
}

/** The digits on the board, 0 for an empty cell, from the cells' ARIA labels. */
export async function boardValues(page) {
  const labels = await page.$$eval("#grid [role=gridcell]", (cells) => cells.map((c) => c.getAttribute("aria-label")));
  return labels.map((l) => {
    const m = /^row \d column \d, (?:given )?(\d)\b/.exec(l);
    return m ? Number(m[1]) : 0;
  });
}

/** Whether `values` is a full grid (every unit 1–9) that keeps every given of `puzzle`. */
export function solves(values, puzzle) {
  const units = [];
  for (let i = 0; i < 9; i++) {
    units.push(
      [...Array(9)].map((_, j) => i * 9 + j),
      [...Array(9)].map((_, j) => j * 9 + i),
      [...Array(9)].map((_, j) => (Math.floor(i / 3) * 3 + Math.floor(j / 3)) * 9 + (i % 3) * 3 + (j % 3)),
    );
  }
  const keeps = [...puzzle].every((ch, c) => ch === "." || ch === "0" || Number(ch) === values[c]);
  return keeps && units.every((u) => new Set(u.map((c) => values[c])).size === 9 && u.every((c) => values[c] >= 1 && values[c] <= 9));
}

/** Clicks a cell. */
export const clickCell = (page, cell) => page.click(`#cell-${cell}`);

/** The page's status line. */
export const status = (page) => page.textContent("#status");
