// The softphone and the API reference in a real browser: Debian's Chromium,
// headless, driven by playwright-core, against the real program (SQLite and
// the embedded simulator) on 127.0.0.1. Each test saves a screenshot in
// e2e/artifacts/ when it fails.
//
// Needs gen/typescript built first (`npm run build` there): the server
// helper and the generated client come from its dist/.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";

import { createSwitchboardClient, importCsv, unwrap } from "../../../gen/typescript/dist/src/index.js";
import { startServer } from "../../../gen/typescript/dist/test/server.js";

const here = dirname(fileURLToPath(import.meta.url));
const artifacts = join(here, "artifacts");
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const callerId = "+15005550006";

let srv, browser, token;

before(async () => {
  srv = await startServer();
  token = srv.token("ws_e2e", "ada");
  const api = createSwitchboardClient({ baseUrl: srv.baseUrl, token });
  await unwrap(api.POST("/v1/caller-ids", { body: { phoneNumber: callerId, friendlyName: "Simulator" } }));
  for (const body of [
    { firstName: "Ada", lastName: "Lovelace", phone: "+15005550100", company: "Analytical Engines" },
    { firstName: "Grace", lastName: "Hopper", phone: "+14155552671", company: "Navy" },
    { firstName: "Bob", lastName: "Busy", phone: "+15005550102", company: "Acme" },
  ]) {
    await unwrap(api.POST("/v1/contacts", { body }));
  }
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
});

after(async () => {
  await browser?.close();
  await srv?.stop();
});

/** Runs fn with a new page; on failure saves a screenshot and the page's console. */
async function withPage(t, fn) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const consoleLines = [];
  page.on("console", (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => consoleLines.push(`pageerror: ${e.message}`));
  try {
    await fn(page);
  } catch (e) {
    mkdirSync(artifacts, { recursive: true });
    const file = join(artifacts, `${t.name.replace(/[^a-z0-9]+/gi, "-")}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    t.diagnostic(`screenshot: ${file}`);
    t.diagnostic(`console:\n${consoleLines.join("\n")}`);
    t.diagnostic(`server log (tail):\n${srv.log().split("\n").slice(-30).join("\n")}`);
    throw e;
  } finally {
    await page.close();
  }
}

const byId = (id) => `[data-testid="${id}"]`;

/** Waits until the element's text is want (a string, or a RegExp to match). */
async function waitText(page, id, want, timeout = 20_000) {
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

const visible = (page, id) => page.locator(byId(id)).isVisible();

async function signIn(page) {
  await page.goto(`${srv.baseUrl}/softphone/`);
  await page.fill(byId("token"), token);
  await page.click(byId("sign-in-button"));
  await waitText(page, "mode", "Simulator");
  await waitText(page, "agent", "ada · ws_e2e");
  assert.ok(!(await visible(page, "sign-in")), "the sign-in form is gone");
}

/** Searches the contacts and clicks Call on the only match. */
async function call(page, q, name) {
  await page.fill(byId("search"), q);
  await page.waitForFunction(
    ([sel, want]) => {
      const rows = [...document.querySelectorAll(sel)];
      return rows.length === 1 && rows[0].textContent.includes(want);
    },
    ['[data-testid="contact"]', name],
    { timeout: 10_000 },
  );
  await page.locator(byId("contact")).locator(byId("call")).click();
  await waitText(page, "call-name", name);
}

test("softphone: search, call, hold, unhold, mute, record, warm transfer cancelled, hang up", async (t) => {
  await withPage(t, async (page) => {
    await signIn(page);
    assert.equal(await page.locator(byId("caller-id")).inputValue(), callerId, "the default caller ID is chosen");
    assert.equal(await page.locator(byId("contact")).count(), 3);

    await call(page, "love", "Ada Lovelace");
    await waitText(page, "call-status", /^(connecting|initiated|ringing)$/);
    await waitText(page, "call-status", "answered");

    await page.click(byId("hold"));
    await waitText(page, "hold", "Unhold");
    assert.ok(await visible(page, "flag-hold"), "On hold shows");
    await waitText(page, "call-status", "answered");
    await page.click(byId("hold"));
    await waitText(page, "hold", "Hold");
    assert.ok(!(await visible(page, "flag-hold")), "On hold is gone");

    await page.click(byId("mute"));
    await waitText(page, "mute", "Unmute");
    assert.ok(await visible(page, "flag-muted"));
    await page.click(byId("mute"));
    await waitText(page, "mute", "Mute");

    await page.click(byId("record"));
    await waitText(page, "record", "Stop recording");
    assert.ok(await visible(page, "flag-recording"));
    if (process.env.SOFTPHONE_SCREENSHOT) await page.screenshot({ path: process.env.SOFTPHONE_SCREENSHOT });
    await page.click(byId("record"));
    await waitText(page, "record", "Record");
    await waitText(page, "message", /^Recording RE[0-9a-f]{32} (stopped|completed)\.$/);

    await page.fill(byId("transfer-target"), "+15005550100");
    await page.click(byId("transfer-start"));
    await waitText(page, "flag-transfer", /^Transfer to \+15005550100: (dialing|talking)$/);
    assert.ok(await visible(page, "flag-hold"), "the customer waits on hold during a warm transfer");
    await waitText(page, "flag-transfer", "Transfer to +15005550100: talking");
    await page.click(byId("transfer-cancel"));
    await waitText(page, "flag-transfer", "Transfer to +15005550100: canceled");
    assert.ok(!(await visible(page, "flag-hold")), "the customer is back");
    await waitText(page, "call-status", "answered");

    await page.click(byId("hangup"));
    await waitText(page, "call-status", "ended");
    assert.ok(await page.locator(byId("hangup")).isDisabled());
  });
});

test("softphone: warm transfer completed", async (t) => {
  await withPage(t, async (page) => {
    await signIn(page);
    await call(page, "grace", "Grace Hopper");
    await waitText(page, "call-status", "answered");
    await page.fill(byId("transfer-target"), "+15005550100");
    await page.click(byId("transfer-start"));
    await waitText(page, "flag-transfer", "Transfer to +15005550100: talking");
    await page.click(byId("transfer-complete"));
    await waitText(page, "call-status", "transferred");
    await waitText(page, "message", "Transferred to +15005550100; you have left the call.");
  });
});

test("softphone: the DNC button stops the next call", async (t) => {
  await withPage(t, async (page) => {
    await signIn(page);
    await page.fill(byId("search"), "busy");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="contact"]').length === 1);
    await page.locator(byId("contact")).locator(byId("dnc")).click();
    await waitText(page, "message", "+15005550102 is on the do-not-call list.");
    await page.locator(byId("contact")).locator(byId("call")).click();
    await waitText(page, "call-status", "blocked");
    await waitText(page, "message", "+15005550102 is on the do-not-call list (dnc_blocked).");
  });
});

test("softphone: the contact list loads the next page as it scrolls", async (t) => {
  // A workspace of its own with 2.5 pages of contacts.
  const scrollToken = srv.token("ws_e2e_scroll", "ada");
  const api = createSwitchboardClient({ baseUrl: srv.baseUrl, token: scrollToken });
  const rows = ["First Name,Last Name,Phone"];
  for (let i = 0; i < 125; i++) rows.push(`Scroll${String(i).padStart(3, "0")},Person,+1 415 555 ${String(4000 + i)}`);
  assert.equal((await unwrap(importCsv(api, rows.join("\n") + "\n"))).data.imported, 125);

  await withPage(t, async (page) => {
    await page.goto(`${srv.baseUrl}/softphone/`);
    await page.fill(byId("token"), scrollToken);
    await page.click(byId("sign-in-button"));
    await waitText(page, "agent", "ada · ws_e2e_scroll");
    const count = () => page.locator(byId("contact")).count();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="contact"]').length >= 50);
    assert.equal(await count(), 50, "one page before scrolling");

    // Scroll to the end until every contact is there.
    for (let i = 0; i < 10 && (await count()) < 125; i++) {
      await page.locator(byId("contacts-more")).scrollIntoViewIfNeeded().catch(() => {});
      await page.waitForTimeout(300);
    }
    const names = await page.locator(byId("contact")).locator("strong").allTextContents();
    assert.equal(names.length, 125, "every page loaded");
    assert.equal(new Set(names).size, 125, "no contact twice");
    assert.equal(names[0], "Scroll124 Person", "newest first");
    assert.equal(await page.locator(byId("contacts-more")).count(), 0, "nothing more to load");

    // A search starts over, and pages the same way.
    await page.fill(byId("search"), "scroll0");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="contact"]').length === 50);
    await page.locator(byId("contacts-more")).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="contact"]').length === 100);
  });
});

test("docs: the reference renders with no internet, call flow drawn", async (t) => {
  await withPage(t, async (page) => {
    const outside = [];
    await page.route("**/*", (route) => {
      const u = new URL(route.request().url());
      if (u.hostname === "127.0.0.1" || u.protocol === "data:") return route.continue();
      outside.push(u.href);
      return route.abort("internetdisconnected");
    });
    await page.goto(`${srv.baseUrl}/docs`);
    await page.waitForSelector("h1:has-text('Switchboard API')", { timeout: 20_000 });
    // The call flow, drawn by the embedded mermaid.
    await page.waitForSelector('figure[data-diagram="mermaid"] svg', { timeout: 20_000 });
    const diagram = await page.locator('figure[data-diagram="mermaid"]').textContent();
    assert.match(diagram, /POST \/v1\/voice\/callml/);
    const text = await page.locator("body").innerText();
    for (const want of ["dnc_blocked", "caller_id_not_allowed", "+15005550102", "Simulator test numbers"]) {
      assert.ok(text.includes(want), `the reference shows ${want}`);
    }
    // Redoc's badge tries a logo from its CDN and hides it when that fails;
    // nothing else may be asked of the internet.
    assert.deepEqual(outside.filter((u) => !u.startsWith("https://cdn.redoc.ly/redoc/logo-mini")), []);
    if (process.env.DOCS_SCREENSHOT) {
      await page.locator('figure[data-diagram="mermaid"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: process.env.DOCS_SCREENSHOT });
      await page.locator('figure[data-diagram="mermaid"]').click();
      await page.screenshot({ path: process.env.DOCS_SCREENSHOT.replace(/\.png$/, "-full.png") });
    }
  });
});
