// The API reference (GET /docs) in a real browser, Debian's Chromium driven
// by playwright-core, against the real program: on a desktop, and on a
// phone (390 px), where each fault a reader met is measured: a title broken
// inside a word, the error table's last column clipped, the call flow shown
// with one and a half of its three lanes, Redoc's floating menu button over
// the text. Every operation's code samples (curl and the TypeScript client)
// are shown. Nothing is fetched from another host. Screenshots are kept in
// e2e/artifacts/ (docs-*-390.png, docs-*-1280.png).
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { startServer } from "../../../gen/typescript/dist/test/server.js";
import { artifacts, desktop, launch, phone, withPage as withPageOf } from "./helpers.mjs";
import { fixedOverText, lanes, overflowing, tableFit, titleBreaks } from "./docs-measures.mjs";

let srv, browser;

before(async () => {
  srv = await startServer();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await srv?.stop();
});

const withPage = (t, viewport, fn) => withPageOf(browser, srv, t, viewport, fn);

/** Lets the page reach this machine only; returns what it asked of any other host. */
async function offline(page) {
  const outside = [];
  await page.route("**/*", (route) => {
    const u = new URL(route.request().url());
    if (u.hostname === "127.0.0.1" || u.protocol === "data:") return route.continue();
    outside.push(u.href);
    return route.abort("internetdisconnected");
  });
  return outside;
}

/** Opens the reference (at a route of it) and waits for its heading. */
async function openReference(page, hash = "", heading = "Switchboard API") {
  await page.goto(`${srv.baseUrl}/docs${hash}`);
  await page.locator("h1, h2", { hasText: heading }).filter({ visible: true }).first().waitFor({ timeout: 20_000 });
}

test("docs: the reference renders with no internet, call flow legible, codes unbroken", async (t) => {
  await withPage(t, desktop, async (page, shot) => {
    const outside = await offline(page);
    await openReference(page);
    // The call flow, drawn by the embedded mermaid.
    const figure = page.locator('figure[data-diagram="mermaid"]');
    await page.waitForSelector('figure[data-diagram="mermaid"] svg', { timeout: 20_000 });
    assert.match(await figure.textContent(), /POST \/v1\/voice\/callml/);
    await figure.scrollIntoViewIfNeeded();
    // Drawn at (nearly) its own size, so its labels stay legible, and
    // whole: nothing off the right edge of the window.
    const d = await page.evaluate(() => {
      const svg = document.querySelector('figure[data-diagram="mermaid"] svg');
      const r = svg.getBoundingClientRect();
      const natural = Number((svg.getAttribute("viewBox") || "").split(/\s+/)[2]);
      const label = [...svg.querySelectorAll("text")].find((el) => el.textContent.includes("voice/callml"));
      return { scale: r.width / natural, right: r.right, vw: document.documentElement.clientWidth, labelPx: label.getBoundingClientRect().height };
    });
    assert.ok(d.scale >= 0.85, `the diagram is drawn at ${Math.round(d.scale * 100)}% of its size`);
    assert.ok(d.right <= d.vw, `the diagram ends at ${d.right}px in a ${d.vw}px window`);
    assert.ok(d.labelPx >= 11, `its labels are ${d.labelPx}px tall`);
    assert.equal(await figure.getAttribute("data-mode"), "wide", "a desktop gets the wide drawing");
    await shot("docs-call-flow");

    // The error codes: each on one line, none broken inside a word.
    const codes = await page.evaluate(() =>
      [...document.querySelectorAll("td code")]
        .filter((c) => /^[a-z_]+$/.test(c.textContent) && c.textContent.includes("_"))
        .map((c) => ({ code: c.textContent, lines: c.getClientRects().length })),
    );
    assert.ok(codes.some((c) => c.code === "caller_id_not_allowed"), "the error table is there");
    assert.deepEqual(codes.filter((c) => c.lines !== 1), [], "codes that wrap");
    await page.locator("td code", { hasText: "caller_id_not_allowed" }).first().scrollIntoViewIfNeeded();
    await shot("docs-error-codes");

    const text = await page.locator("body").innerText();
    for (const want of ["dnc_blocked", "caller_id_not_allowed", "+15005550102", "Simulator test numbers"]) {
      assert.ok(text.includes(want), `the reference shows ${want}`);
    }
    assert.ok(!/`[^`\n]*`/.test(text), "no Markdown backticks shown as text");
    // Nothing at all was asked of another host: no CDN, no badge, no font.
    assert.deepEqual(outside, []);
  });
});

test("docs at 390 px: the title, the error table and the call flow fit, and nothing floats over the text", async (t) => {
  await withPage(t, phone, async (page, shot) => {
    const outside = await offline(page);
    await openReference(page);
    await page.waitForSelector('figure[data-diagram="mermaid"] svg', { timeout: 20_000 });
    await shot("docs-phone-top", { fullPage: false });

    // The title breaks between words only, and stays in the window.
    const title = await page.evaluate(titleBreaks);
    assert.match(title.text, /^Switchboard API/);
    assert.deepEqual(title.broken, [], `title words broken across lines (${title.fontPx}px)`);
    assert.ok(title.right <= title.vw + 0.5, `the title ends at ${title.right}px in a ${title.vw}px window`);

    // Nothing sticks out of the window or out of a box that does not scroll.
    assert.deepEqual(await page.evaluate(overflowing), [], "elements past the window's right edge");

    // The error table: every cell inside its box, with nothing to scroll,
    // and the "when" text on lines of a readable length and size.
    await page.locator("td code", { hasText: "caller_id_not_allowed" }).first().scrollIntoViewIfNeeded();
    const table = await page.evaluate(tableFit, "caller_id_not_allowed");
    assert.deepEqual(table.clipped, [], "cells that do not fit the table's box");
    assert.ok(table.scrollWidth <= table.clientWidth + 1, `the table's box scrolls: ${table.scrollWidth}px in ${table.clientWidth}px`);
    assert.ok(table.narrowestWhen >= 0.6 * table.clientWidth, `a "when" cell is ${table.narrowestWhen}px wide in a ${table.clientWidth}px table`);
    assert.ok(table.whenFontPx >= 12, `"when" is set at ${table.whenFontPx}px`);
    // The codes themselves stay on one line each, here too.
    const wrapped = await page.evaluate(() =>
      [...document.querySelectorAll("td code")].filter((c) => c.getClientRects().length > 1).map((c) => c.textContent),
    );
    assert.deepEqual(wrapped, [], "codes that wrap at 390 px");
    await shot("docs-phone-error-table", { fullPage: false });

    // The call flow: its three lanes side by side in the window, labels of
    // 11 px or more, and no sideways scrolling needed at this width.
    await page.locator('figure[data-diagram="mermaid"]').scrollIntoViewIfNeeded();
    const flow = await page.evaluate(lanes);
    assert.equal(flow.mode, "compact", "a phone gets the compact drawing");
    assert.equal(flow.lanes.length, 3, `lanes: ${JSON.stringify(flow.lanes)}`);
    for (const l of flow.lanes) {
      assert.ok(l.left >= flow.figure.left - 0.5 && l.right <= flow.figure.right + 0.5, `lane ${l.name} at ${l.left}–${l.right}px, its figure ${flow.figure.left}–${flow.figure.right}px`);
      assert.ok(l.left >= 0 && l.right <= flow.vw + 0.5, `lane ${l.name} at ${l.left}–${l.right}px in a ${flow.vw}px window`);
    }
    assert.ok(flow.smallestLabelPx >= 11, `its smallest label is ${flow.smallestLabelPx}px`);
    assert.ok(!flow.scrolls && !flow.captionShown, "the diagram fits without scrolling at 390 px");
    // The whole figure (taller than the window), as a reader scrolls through it.
    await page.locator('figure[data-diagram="mermaid"]').screenshot({ path: join(artifacts, "docs-phone-call-flow-390.png") });

    // No fixed or sticky element lies over text, anywhere down the page.
    const covered = await page.evaluate(fixedOverText);
    assert.ok(covered.checked > 3, `the page was looked at in ${covered.checked} places`);
    assert.deepEqual(covered.overlaps, [], "fixed or sticky elements over text");
    // Redoc's menu button is still there, at the top, and opens the menu.
    await page.evaluate(() => window.scrollTo(0, 0));
    const menu = page.locator('[data-testid="floating-button"]');
    const box = await menu.boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 80, `the menu button is at ${JSON.stringify(box)}`);
    await menu.click();
    await page.waitForFunction(() => document.querySelector(".menu-content")?.getBoundingClientRect().height > 0);
    await page.getByText("Error codes", { exact: true }).first().waitFor({ state: "visible" });
    await shot("docs-phone-menu", { fullPage: false });
    await menu.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="floating-button"]')?.getAttribute("aria-expanded") === "false");

    await shot("docs-phone");
    assert.deepEqual(outside, []);
  });
});

test("docs at 390 px: an operation shows its curl and TypeScript client samples", async (t) => {
  await withPage(t, phone, async (page, shot) => {
    const outside = await offline(page);
    await openReference(page, "#/contacts/createcontact", "Create a contact");
    // The tag's page: each operation, its samples in the panel after it.
    const panel = page.locator('[data-testid="right-panel"]:visible', { hasText: /^POST\s*\/v1\/contacts(?!\/)/ }).first();
    const code = panel.locator('[data-testid="source-code"]').first();
    await code.scrollIntoViewIfNeeded();
    assert.match(await code.innerText(), /curl -sS -X POST "http:\/\/localhost:8080\/v1\/contacts"/);
    await shot("docs-phone-sample-curl", { fullPage: false });
    // The language menu: curl, then the TypeScript client.
    await panel.getByText("curl", { exact: true }).first().click();
    await page.getByText("TypeScript", { exact: true }).last().click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="source-code"]')].some((c) => c.textContent.includes("createSwitchboardClient")),
    );
    const ts = await panel.locator('[data-testid="source-code"]').first().innerText();
    assert.match(ts, /import \{ createSwitchboardClient, unwrap \} from "@switchboard\/client";/);
    assert.match(ts, /api\.POST\("\/v1\/contacts", \{/);
    // The code scrolls in its own box; the page does not.
    assert.deepEqual(await page.evaluate(overflowing), [], "elements past the window's right edge");
    await code.scrollIntoViewIfNeeded();
    await shot("docs-phone-sample-typescript", { fullPage: false });
    assert.deepEqual(outside, []);
  });
});
