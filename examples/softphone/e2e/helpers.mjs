// What the browser tests share: the browser, a page per test with its
// screenshots and diagnostics, waits on the page's words, and the checks
// every page meets (nothing scrolls sideways, axe-core's WCAG A/AA rules).
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
// E2E_ARTIFACTS puts the screenshots elsewhere (outside the repository).
export const artifacts = process.env.E2E_ARTIFACTS ?? join(here, "artifacts");
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const axeSource = createRequire(import.meta.url)("axe-core").source;

export const desktop = { width: 1280, height: 800 };
export const phone = { width: 390, height: 844 };
export const smallPhone = { width: 360, height: 740 };

/** Debian's Chromium, headless. */
export async function launch() {
  mkdirSync(artifacts, { recursive: true });
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}

const slug = (s) => s.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "").toLowerCase();

/**
 * Runs fn with a new page of the given size; on failure saves a screenshot,
 * the console and the server's log. fn gets the page and shot(name,
 * {fullPage}) (the whole page by default; the viewport alone shows what
 * sticks to the screen).
 */
export async function withPage(browser, srv, t, viewport, fn) {
  const page = await browser.newPage({ viewport });
  const consoleLines = [];
  page.on("console", (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => consoleLines.push(`pageerror: ${e.message}`));
  const shot = (name, { fullPage = true } = {}) =>
    page.screenshot({ path: join(artifacts, `${slug(name)}-${viewport.width}.png`), fullPage });
  try {
    await fn(page, shot);
  } catch (e) {
    const file = join(artifacts, `FAILED-${slug(t.name)}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    t.diagnostic(`screenshot: ${file}`);
    t.diagnostic(`console:\n${consoleLines.join("\n")}`);
    t.diagnostic(`server log (tail):\n${srv.log().split("\n").slice(-30).join("\n")}`);
    throw e;
  } finally {
    await page.close();
  }
}

export const byId = (id) => `[data-testid="${id}"]`;

/** Waits until the element's text is want (a string, or a RegExp to match). */
export async function waitText(page, id, want, timeout = 20_000) {
  try {
    await page.waitForFunction(
      ([sel, src, flags]) => {
        const t = document.querySelector(sel)?.textContent?.trim() ?? "";
        return flags === null ? t === src : new RegExp(src, flags).test(t);
      },
      [byId(id), want instanceof RegExp ? want.source : want, want instanceof RegExp ? want.flags : null],
      { timeout, polling: 100 },
    );
  } catch {
    const got = await page.locator(byId(id)).first().textContent();
    assert.fail(`${id}: want ${want}, the page shows ${JSON.stringify(got)}`);
  }
}

/** Waits for the call's status (the API's name, in data-status) and checks the words shown for it. */
export async function waitStatus(page, status, label, timeout = 20_000) {
  try {
    await page.waitForFunction(
      ([sel, want]) => document.querySelector(sel)?.getAttribute("data-status") === want,
      [byId("call-status"), status],
      { timeout, polling: 50 },
    );
  } catch {
    const got = await page.locator(byId("call-status")).getAttribute("data-status");
    assert.fail(`call status: want ${status}, the page shows ${got}`);
  }
  assert.equal((await page.locator(byId("call-status")).textContent()).trim(), label);
}

export const visible = (page, id) => page.locator(byId(id)).isVisible();

/** Fails unless the element is wholly inside the viewport (not merely in the page). */
export async function assertInViewport(page, id, where) {
  const box = await page.locator(byId(id)).boundingBox();
  const vp = page.viewportSize();
  assert.ok(box, `${where}: ${id} is not shown`);
  assert.ok(
    box.y >= 0 && box.y + box.height <= vp.height + 0.5 && box.x >= 0 && box.x + box.width <= vp.width + 0.5,
    `${where}: ${id} is at y ${Math.round(box.y)}–${Math.round(box.y + box.height)} in a ${vp.height}px viewport`,
  );
}

/** Fails when the page scrolls sideways: everything fits the viewport's width (a region that scrolls on its own aside). */
export async function assertFitsWidth(page, where) {
  const { scroll, client, wide } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    wide: [...document.querySelectorAll("body *")]
      .filter((el) => !el.closest('[role="region"][tabindex="0"]'))
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className}`)
      .slice(0, 5),
  }));
  assert.ok(scroll <= client, `${where}: the page is ${scroll}px wide in a ${client}px viewport (${wide.join(", ")})`);
}

/** Runs axe-core's WCAG 2 A and AA rules (labels, contrast, names, ARIA) on the page as it is. */
export async function assertAccessible(page, where) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`);
  });
  assert.deepEqual(violations, [], `${where}: axe finds WCAG A/AA violations`);
}
