// The softphone in a real browser (the API reference has its own file,
// docs.test.mjs): Debian's Chromium,
// headless, driven by playwright-core, against the real program (SQLite and
// the embedded simulator) on 127.0.0.1. The softphone runs at a desktop and
// at phone widths; every test keeps screenshots in e2e/artifacts/ (and, when
// it fails, the page's console and the server's log in its diagnostics).
//
// Needs gen/typescript built first (`npm run build` there): the server
// helper and the generated client come from its dist/.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { after, before, test } from "node:test";

import { createSwitchboardClient, importCsv, unwrap } from "../../../gen/typescript/dist/src/index.js";
import { startServer } from "../../../gen/typescript/dist/test/server.js";
import {
  assertAccessible,
  assertFitsWidth,
  byId,
  desktop,
  launch,
  phone,
  smallPhone,
  visible,
  waitStatus,
  waitText,
  withPage as withPageOf,
} from "./helpers.mjs";

const callerId = "+15005550006";

let srv, browser, token, api, otherOrigin;

before(async () => {
  // A second origin for the CORS test: a page served by another server.
  // The API allows http://localhost:PORT; http://127.0.0.1:PORT, the same
  // server under another name, is an origin it does not allow.
  otherOrigin = createServer((_, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end("<!doctype html><title>another origin</title><p>a front-end on its own dev server</p>");
  });
  await new Promise((ok) => otherOrigin.listen(0, "127.0.0.1", ok));
  process.env.CORS_ALLOWED_ORIGINS = `http://localhost:${otherOrigin.address().port}`;
  srv = await startServer();
  token = srv.token("ws_e2e", "ada");
  api = createSwitchboardClient({ baseUrl: srv.baseUrl, token });
  // The simulator's numbers span every NANP zone, so the default calling
  // window is open only a few hours a day: turn it off (an admin may), so
  // the calls below do not depend on when the test runs.
  const admin = createSwitchboardClient({ baseUrl: srv.baseUrl, token: srv.token("ws_e2e", "root", "admin") });
  await unwrap(admin.PATCH("/v1/workspace", { body: { callingHours: null } }));
  await unwrap(admin.POST("/v1/caller-ids", { body: { phoneNumber: callerId, friendlyName: "Simulator" } }));
  for (const body of [
    { firstName: "Ada", lastName: "Lovelace", phone: "+15005550100", company: "Analytical Engines" },
    { firstName: "Grace", lastName: "Hopper", phone: "+14155552671", company: "Navy" },
    { firstName: "Bob", lastName: "Busy", phone: "+15005550102", company: "Acme" },
    { firstName: "Charles", lastName: "Babbage", phone: "+442079460958", company: "Difference Engines" },
    { firstName: "Stale", lastName: "Listing", phone: "+15005550104", company: "Acme" },
  ]) {
    await unwrap(api.POST("/v1/contacts", { body }));
  }
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await srv?.stop();
  otherOrigin?.close();
});

const withPage = (t, viewport, fn) => withPageOf(browser, srv, t, viewport, fn);

async function signIn(page) {
  await page.goto(`${srv.baseUrl}/softphone/`);
  await page.fill(byId("token"), token);
  await page.click(byId("sign-in-button"));
  await waitText(page, "mode", "Simulator");
  await waitText(page, "agent", "ada · ws_e2e · no calling window");
  assert.ok(!(await visible(page, "sign-in")), "the sign-in form is gone");
}

/** Searches the contacts and clicks Call on the only match. */
async function call(page, q, name) {
  await showOnly(page, q, name);
  await page.locator(byId("contact")).locator(byId("call")).click();
  await waitText(page, "call-name", name);
}

async function showOnly(page, q, name) {
  await page.fill(byId("search"), q);
  await page.waitForFunction(
    ([sel, want]) => {
      const rows = [...document.querySelectorAll(sel)];
      return rows.length === 1 && rows[0].textContent.includes(want);
    },
    ['[data-testid="contact"]', name],
    { timeout: 10_000 },
  );
}

test("softphone sign-in: a refused token is said on the sign-in card, not later", async (t) => {
  await withPage(t, phone, async (page, shot) => {
    await page.goto(`${srv.baseUrl}/softphone/`);
    await assertAccessible(page, "sign-in card");
    // The keyboard reaches the token, then the button.
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "token");
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "sign-in-button");

    await page.fill(byId("token"), "sb_not_a_real_token");
    await page.click(byId("sign-in-button"));
    await waitText(page, "sign-in-error", /^That token was not accepted: .*\(unauthorized\)$/);
    assert.ok(await visible(page, "sign-in"), "the card stays");
    assert.ok(!(await page.locator("#desk").isVisible()), "the desk stays hidden");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "token", "the focus is back on the token");
    assert.equal(await page.locator(byId("token")).getAttribute("aria-invalid"), "true");
    await assertFitsWidth(page, "sign-in error");
    await assertAccessible(page, "sign-in error");
    await shot("sign-in-error");

    await page.fill(byId("token"), token);
    await page.click(byId("sign-in-button"));
    await waitText(page, "agent", "ada · ws_e2e · no calling window");
    assert.equal((await page.locator(byId("message")).textContent()).trim(), "", "the old error does not reappear");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "search", "the focus moves to the search");
  });
});

for (const viewport of [desktop, phone]) {
  test(`softphone at ${viewport.width}px: search, call, ringing, hold, mute, record, warm transfer cancelled, hang up`, async (t) => {
    await withPage(t, viewport, async (page, shot) => {
      await signIn(page);
      assert.equal(await page.locator(byId("caller-id")).inputValue(), callerId, "the default caller ID is chosen");
      // The list loads after sign-in, on its own request: wait for it
      // rather than count what has rendered so far.
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="contact"]').length >= 5);
      assert.equal(await page.locator(byId("contact")).count(), 5);
      // Numbers as people write them: national at home (the caller ID's
      // country), international abroad; E.164 stays in the tooltip.
      const row = (name) => page.locator(byId("contact"), { hasText: name }).locator("small");
      assert.equal(await row("Grace Hopper").textContent(), "(415) 555-2671 · Navy");
      assert.equal(await row("Charles Babbage").textContent(), "+44 20 7946 0958 · Difference Engines");
      assert.equal(await row("Grace Hopper").getAttribute("title"), "+14155552671");
      await assertFitsWidth(page, "the desk");
      await assertAccessible(page, "the desk");
      await shot("desk");

      // Focus order: the header's controls, the search, then the contacts:
      // each contact's name (its history), then its Call button.
      await page.locator(byId("caller-id")).focus();
      const order = [];
      for (let i = 0; i < 5; i++) {
        order.push(
          await page.evaluate(() => {
            const el = document.activeElement;
            return el?.getAttribute("aria-label") ?? (el?.getAttribute("data-testid") === "select" ? el.textContent : el?.id);
          }),
        );
        await page.keyboard.press("Tab");
      }
      assert.deepEqual(order.slice(0, 3), ["caller-id", "sign-out", "search"]);
      assert.match(order[3], /: details and call history$/, "then a contact's name, which opens its history");
      assert.match(order[4], /^Call /, "then its Call button, named for the contact");

      await call(page, "love", "Ada Lovelace");
      assert.equal(await page.locator(byId("call-number")).textContent(), "(500) 555-0100");
      await waitStatus(page, "ringing", "Ringing…");
      await shot("ringing");
      await waitStatus(page, "answered", "On call");

      await page.click(byId("hold"));
      await waitText(page, "hold", "Unhold");
      assert.ok(await visible(page, "flag-hold"), "On hold shows");
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
      await assertFitsWidth(page, "in a call");
      await assertAccessible(page, "in a call");
      await shot("in-call");
      await page.click(byId("record"));
      await waitText(page, "record", "Record");
      // In words: the recording's SID is not for people.
      await waitText(page, "message", /^Recording (stopped|saved)\.$/);

      await page.fill(byId("transfer-target"), "+15005550100");
      await page.click(byId("transfer-start"));
      await waitText(page, "flag-transfer", /^Transfer to \(500\) 555-0100: (ringing…|talking)$/);
      assert.ok(await visible(page, "flag-hold"), "the customer waits on hold during a warm transfer");
      await waitText(page, "flag-transfer", "Transfer to (500) 555-0100: talking");
      await shot("transfer");
      await page.click(byId("transfer-cancel"));
      await waitText(page, "flag-transfer", "Transfer to (500) 555-0100: canceled");
      assert.ok(!(await visible(page, "flag-hold")), "the customer is back");
      await waitStatus(page, "answered", "On call");

      await page.click(byId("hangup"));
      await waitStatus(page, "ended", "Call ended");
      assert.ok(await page.locator(byId("hangup")).isDisabled());
      // Every call that reached the service gets its wrap-up; skipped here.
      assert.ok(await visible(page, "wrapup"), "the wrap-up follows the call");
      await page.click(byId("wrapup-skip"));
      await waitText(page, "message", "Wrap-up skipped.");
    });
  });
}

test("softphone at 360px: nothing scrolls sideways, signed out, signed in, in a call", async (t) => {
  await withPage(t, smallPhone, async (page, shot) => {
    await page.goto(`${srv.baseUrl}/softphone/`);
    await assertFitsWidth(page, "sign-in");
    await shot("sign-in");
    await signIn(page);
    await assertFitsWidth(page, "the desk");
    await call(page, "babbage", "Charles Babbage");
    assert.equal(await page.locator(byId("call-number")).textContent(), "+44 20 7946 0958");
    await waitStatus(page, "answered", "On call");
    await assertFitsWidth(page, "in a call");
    await shot("in-call");
    await page.click(byId("hangup"));
    await waitStatus(page, "ended", "Call ended");
  });
});

test("softphone: warm transfer completed", async (t) => {
  await withPage(t, desktop, async (page) => {
    await signIn(page);
    await call(page, "grace", "Grace Hopper");
    await waitStatus(page, "answered", "On call");
    await page.fill(byId("transfer-target"), "+15005550100");
    await page.click(byId("transfer-start"));
    await waitText(page, "flag-transfer", "Transfer to (500) 555-0100: talking");
    await page.click(byId("transfer-complete"));
    await waitStatus(page, "transferred", "Transferred");
    await waitText(page, "message", "Transferred to (500) 555-0100; you have left the call.");
  });
});

test("softphone: DNC marks the contact and disables Call; a number listed elsewhere is not dialled", async (t) => {
  await withPage(t, phone, async (page, shot) => {
    await signIn(page);
    await showOnly(page, "busy", "Bob Busy");
    const bob = page.locator(byId("contact"));
    assert.ok(await bob.locator(byId("call")).isEnabled());
    await bob.locator(byId("dnc")).click();
    await waitText(page, "message", "Bob Busy at (500) 555-0102 is on the do-not-call list.");
    await waitText(page, "dnc-mark", "Do not call");
    assert.ok(await bob.locator(byId("call")).isDisabled(), "Call is disabled at once");
    assert.equal(await bob.locator(byId("dnc")).count(), 0, "the DNC button gave way to the mark");
    await assertAccessible(page, "a listed contact");
    await shot("dnc");

    // A new page reads the list at sign-in: the mark is still there.
    await page.reload();
    await waitText(page, "agent", "ada · ws_e2e · no calling window");
    await showOnly(page, "busy", "Bob Busy");
    assert.ok(await page.locator(byId("contact")).locator(byId("call")).isDisabled());

    // Listed by someone else after this page loaded: the page checks
    // before dialling, says so, and marks the contact.
    await showOnly(page, "stale", "Stale Listing");
    await unwrap(api.POST("/v1/dnc", { body: { phone: "+15005550104", reason: "listed from another desk" } }));
    await page.locator(byId("contact")).locator(byId("call")).click();
    await waitStatus(page, "blocked", "Not dialled: do not call");
    await waitText(page, "message", "Stale Listing at (500) 555-0104 is on the do-not-call list: not dialled.");
    await waitText(page, "dnc-mark", "Do not call");
    assert.ok(await page.locator(byId("contact")).locator(byId("call")).isDisabled());
  });
});

test("softphone: a dial the rules refuse says why and when to try again", async (t) => {
  // A workspace of its own, so that its attempt limit (one call to a
  // number in an hour) holds no other test back. The limit, not the hours,
  // makes the refusal: it does not depend on when the test runs.
  const ws = "ws_rules";
  const eve = srv.token(ws, "eve");
  const admin = createSwitchboardClient({ baseUrl: srv.baseUrl, token: srv.token(ws, "root", "admin") });
  await unwrap(admin.PATCH("/v1/workspace", { body: { callingHours: null, attemptLimit: { max: 1, windowHours: 1 } } }));
  // A number belongs to one workspace: this one takes the simulator's second.
  await unwrap(admin.POST("/v1/caller-ids", { body: { phoneNumber: "+15005550007", friendlyName: "Simulator 2" } }));
  const eveApi = createSwitchboardClient({ baseUrl: srv.baseUrl, token: eve });
  await unwrap(eveApi.POST("/v1/contacts", { body: { firstName: "Ada", lastName: "Lovelace", phone: "+15005550100" } }));

  await withPage(t, phone, async (page, shot) => {
    await page.goto(`${srv.baseUrl}/softphone/`);
    await page.fill(byId("token"), eve);
    await page.click(byId("sign-in-button"));
    await waitText(page, "agent", `eve · ${ws} · no calling window`);

    await call(page, "lovelace", "Ada Lovelace");
    await waitStatus(page, "answered", "On call");
    await page.click(byId("hangup"));
    await waitStatus(page, "ended", "Call ended");
    await page.click(byId("wrapup-skip"));

    // The second call within the hour: not dialled, with the service's own
    // reason and its next allowed time in the agent's zone.
    const { data: check } = await unwrap(eveApi.POST("/v1/dial-checks", { body: { to: "+15005550100" } }));
    assert.equal(check.allowed, false);
    assert.deepEqual(check.reasons.map((r) => r.code), ["attempt_limit"]);
    assert.ok(check.nextAllowedAt, "an attempt limit passes: it has a next allowed time");
    const when = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat(undefined, { weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" }).format(new Date(iso)),
      check.nextAllowedAt,
    );
    await page.locator(byId("contact")).locator(byId("call")).click();
    await waitStatus(page, "refused", "Not dialled");
    await waitText(page, "message", `Ada Lovelace at (500) 555-0100 not dialled. ${check.reasons[0].message} Try again after ${when}.`);
    assert.match(check.reasons[0].message, /^1 call was made to this number within 1 hour: the workspace allows at most 1 in 1 hour\. /);
    const { data: calls } = await unwrap(eveApi.GET("/v1/calls", {}));
    assert.equal(calls.length, 1, "the refused dial reached no one: one call in the list");
    await assertFitsWidth(page, "a refused dial");
    await assertAccessible(page, "a refused dial");
    await shot("refused");
  });
});

test("CORS: a page on an allowed origin calls the API with a bearer token; another origin is refused", async (t) => {
  await withPage(t, desktop, async (page) => {
    const port = otherOrigin.address().port;
    const probe = ([base, tok]) =>
      (async () => {
        const get = await fetch(`${base}/v1/contacts?limit=2`, { headers: { Authorization: `Bearer ${tok}` } });
        const body = await get.json();
        // JSON with a bearer token: the browser sends a preflight first.
        const post = await fetch(`${base}/v1/dnc`, {
          method: "POST",
          headers: { Authorization: `Bearer ${tok}`, "Content-Type": "application/json", "X-Request-Id": "cors-e2e-1" },
          body: JSON.stringify({ phone: "+14155550111", reason: "cors" }),
        });
        return { get: get.status, n: body.data.length, requestId: get.headers.get("X-Request-Id"), post: post.status, echoed: post.headers.get("X-Request-Id") };
      })().catch((e) => ({ error: String(e) }));

    await page.goto(`http://localhost:${port}/`);
    const allowed = await page.evaluate(probe, [srv.baseUrl, token]);
    assert.deepEqual({ ...allowed, requestId: typeof allowed.requestId }, { get: 200, n: 2, requestId: "string", post: 201, echoed: "cors-e2e-1" });
    assert.match(allowed.requestId, /^[0-9a-f]{24}$/, "X-Request-Id is exposed to the script");

    await page.goto(`http://127.0.0.1:${port}/`);
    const refused = await page.evaluate(probe, [srv.baseUrl, token]);
    assert.match(refused.error ?? "", /TypeError: Failed to fetch/, "the browser blocks an origin not in CORS_ALLOWED_ORIGINS");
  });
});

test("softphone: the contact list loads the next page as it scrolls", async (t) => {
  // A workspace of its own with 2.5 pages of contacts.
  const scrollToken = srv.token("ws_e2e_scroll", "ada");
  const api = createSwitchboardClient({ baseUrl: srv.baseUrl, token: scrollToken });
  const rows = ["First Name,Last Name,Phone"];
  for (let i = 0; i < 125; i++) rows.push(`Scroll${String(i).padStart(3, "0")},Person,+1 415 555 ${String(4000 + i)}`);
  assert.equal((await unwrap(importCsv(api, rows.join("\n") + "\n"))).data.imported, 125);

  await withPage(t, desktop, async (page) => {
    await page.goto(`${srv.baseUrl}/softphone/`);
    await page.fill(byId("token"), scrollToken);
    await page.click(byId("sign-in-button"));
    await waitText(page, "agent", /^ada · ws_e2e_scroll · /);
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
