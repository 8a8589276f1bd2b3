// The pages' security headers in a real browser: /softphone/ and /docs run
// under their Content-Security-Policy with no violation (none reported by
// the page, none in the console), and both refuse to be framed.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { chromium } from "playwright-core";

import { createSwitchboardClient, unwrap } from "../../../gen/typescript/dist/src/index.js";
import { startServer } from "../../../gen/typescript/dist/test/server.js";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
let srv, browser, token, adminToken;

before(async () => {
  srv = await startServer();
  token = srv.token("ws_csp", "ada");
  const api = createSwitchboardClient({ baseUrl: srv.baseUrl, token });
  // The simulator's numbers span every NANP zone: without a calling window
  // the call below does not depend on the hour the test runs at.
  adminToken = srv.token("ws_csp", "root", "admin");
  const admin = createSwitchboardClient({ baseUrl: srv.baseUrl, token: adminToken });
  await unwrap(admin.PATCH("/v1/workspace", { body: { callingHours: null } }));
  await unwrap(admin.POST("/v1/caller-ids", { body: { phoneNumber: "+15005550006", friendlyName: "Simulator" } }));
  await unwrap(api.POST("/v1/contacts", { body: { firstName: "Ada", lastName: "Lovelace", phone: "+15005550100" } }));
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

/** Opens a page that records CSP violations, from the console and from the page's own events. */
async function watched() {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const violations = [];
  page.on("console", (m) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return { page, violations };
}

function assertHeaders(res) {
  const h = res.headers();
  assert.match(h["content-security-policy"] ?? "", /frame-ancestors 'none'/);
  assert.doesNotMatch(h["content-security-policy"], /script-src[^;]*'unsafe-inline'/, "no inline script by default");
  assert.equal(h["x-content-type-options"], "nosniff");
  assert.equal(h["referrer-policy"], "no-referrer");
}

test("softphone: signs in, searches and calls under its CSP with no violation", async () => {
  const { page, violations } = await watched();
  try {
    const res = await page.goto(`${srv.baseUrl}/softphone/`);
    assertHeaders(res);
    await page.fill('[data-testid="token"]', token);
    await page.click('[data-testid="sign-in-button"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="agent"]')?.textContent?.includes("ada"));
    await page.fill('[data-testid="search"]', "love");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="contact"]').length === 1);
    await page.locator('[data-testid="contact"]').locator('[data-testid="call"]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="call-status"]')?.getAttribute("data-status") === "answered", null, { timeout: 20_000 });
    await page.click('[data-testid="hangup"]');
    await page.waitForSelector('[data-testid="wrapup"]:not([hidden])');
    assert.deepEqual(violations, []);
  } finally {
    await page.close();
  }
});

test("reports: signs in and draws its chart under the softphone's CSP with no violation", async () => {
  const { page, violations } = await watched();
  try {
    const res = await page.goto(`${srv.baseUrl}/softphone/reports.html`);
    assertHeaders(res);
    await page.fill('[data-testid="token"]', adminToken);
    await page.click('[data-testid="sign-in-button"]');
    await page.waitForSelector('[data-testid="chart"] svg', { timeout: 20_000 });
    assert.deepEqual(violations, []);
  } finally {
    await page.close();
  }
});

test("docs: renders, draws the call flow and searches under its CSP with no violation", async () => {
  const { page, violations } = await watched();
  try {
    const res = await page.goto(`${srv.baseUrl}/docs`);
    assertHeaders(res);
    await page.waitForSelector("h1:has-text('Switchboard API')", { timeout: 20_000 });
    await page.waitForSelector('figure[data-diagram="mermaid"] svg', { timeout: 20_000 });
    const search = page.locator('input[placeholder*="Search" i]').first();
    if (await search.count()) {
      await search.fill("dnc");
      await page.waitForTimeout(500);
    }
    assert.deepEqual(violations, []);
  } finally {
    await page.close();
  }
});
