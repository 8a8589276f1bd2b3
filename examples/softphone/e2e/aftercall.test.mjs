// After-call work in a real browser, tried as an agent and as a team lead
// would: at a desktop's width and a phone's, an agent calls a contact from
// far down the list (the call panel is on screen when Call is tapped), the
// call ends, the wrap-up is saved (outcome, notes, tags) and the contact's
// history shows it; a typed number reaches the contact it belongs to; the
// "Do not call" outcome lists the number at once; an earlier call is wrapped
// up from the recent calls and corrected from the contact's history, and
// another agent's call offers no wrap-up. Then the team lead's page draws
// its chart and tables from calls placed on the simulator.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { createSwitchboardClient, unwrap } from "../../../gen/typescript/dist/src/index.js";
import { startServer } from "../../../gen/typescript/dist/test/server.js";
import {
  assertAccessible,
  assertFitsWidth,
  assertInViewport,
  byId,
  desktop,
  launch,
  phone,
  visible,
  waitStatus,
  waitText,
  withPage as withPageOf,
} from "./helpers.mjs";

const answersAndStays = "+15005550100";
// The simulated account owns two numbers, and a caller ID belongs to one
// workspace: the agents' workspace and the team lead's each get one.
const wrapCallerId = "+15005550006";
const reportsCallerId = "+15005550007";
// One contact per width, both at the end of a 42-contact list (newest first).
const wanda = {
  [desktop.width]: { firstName: "Wanda", lastName: "Desk", phone: answersAndStays, typed: "(500) 555-0100" },
  [phone.width]: { firstName: "Wanda", lastName: "Mobile", phone: "+15005550160", typed: "(500) 555-0160" },
};

let srv, browser, wrap;
const withPage = (t, viewport, fn) => withPageOf(browser, srv, t, viewport, fn);

before(async () => {
  srv = await startServer();
  browser = await launch();
  wrap = await workspace("ws_wrap", wrapCallerId);
  for (const w of Object.values(wanda)) {
    const { data } = await unwrap(wrap.api.POST("/v1/contacts", { body: { firstName: w.firstName, lastName: w.lastName, phone: w.phone } }));
    w.id = data.id;
  }
  for (let i = 0; i < 40; i++) {
    await unwrap(wrap.api.POST("/v1/contacts", { body: { firstName: `Filler${String(i).padStart(2, "0")}`, lastName: "Person", phone: `+1415555${3000 + i}` } }));
  }
});

after(async () => {
  await browser?.close();
  await srv?.stop();
});

/** A workspace with no calling window (the simulator's numbers span every zone) and the simulator's caller ID. */
async function workspace(ws, callerId) {
  const admin = createSwitchboardClient({ baseUrl: srv.baseUrl, token: srv.token(ws, "root", "admin") });
  await unwrap(admin.PATCH("/v1/workspace", { body: { callingHours: null } }));
  await unwrap(admin.POST("/v1/caller-ids", { body: { phoneNumber: callerId, friendlyName: "Simulator" } }));
  const token = srv.token(ws, "ada");
  return { token, api: createSwitchboardClient({ baseUrl: srv.baseUrl, token }) };
}

async function signIn(page, token, identity = "ada") {
  await page.goto(`${srv.baseUrl}/softphone/`);
  await page.fill(byId("token"), token);
  await page.click(byId("sign-in-button"));
  await waitText(page, "agent", new RegExp(`^${identity} · `));
}

/** The words of the page's past calls in a list (history-call or recent-call). */
async function calls(page, testid) {
  return page.locator(byId(testid)).evaluateAll((items) =>
    items.map((li) => ({
      summary: li.querySelector('[data-testid="call-summary"]')?.textContent ?? "",
      outcome: li.querySelector('[data-testid="call-outcome"]')?.textContent ?? null,
      tags: [...li.querySelectorAll('[data-testid="call-tag"]')].map((t) => t.textContent),
      notes: li.querySelector('[data-testid="call-notes"]')?.textContent ?? "",
      text: li.textContent,
    })),
  );
}

async function waitCount(page, testid, n) {
  await page.waitForFunction(([sel, want]) => document.querySelectorAll(sel).length === want, [byId(testid), n], { timeout: 20_000 });
}

for (const viewport of [desktop, phone]) {
  test(`wrap-up at ${viewport.width}px: a call from far down the list, its outcome, notes and tags, the contact's history`, async (t) => {
    const { token, api } = wrap;
    const w = wanda[viewport.width];
    const name = `${w.firstName} ${w.lastName}`;

    await withPage(t, viewport, async (page, shot) => {
      await signIn(page, token);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="contact"]').length === 42);
      const row = page.locator(byId("contact"), { hasText: name });
      await row.scrollIntoViewIfNeeded();
      assert.ok((await page.evaluate(() => window.scrollY)) > 500, `${name} is far down the page`);
      await row.locator(byId("call")).click();
      // What the agent sees on tapping Call: the call, not greyed buttons somewhere below.
      await assertInViewport(page, "call-panel", "when Call is tapped");
      await waitText(page, "call-name", name);
      await waitStatus(page, "answered", "On call");
      await assertInViewport(page, "hangup", "on the call");
      await assertFitsWidth(page, "on the call");
      await shot("wrapup-on-call", { fullPage: false });
      // The contact's history is beside the contact, from the first tap.
      await waitText(page, "contact-title", name);

      await page.click(byId("hangup"));
      await waitStatus(page, "ended", "Call ended");
      assert.ok(await visible(page, "wrapup"), "the wrap-up follows the call");
      await assertInViewport(page, "call-status", "the wrap-up");
      // The next call waits for the wrap-up.
      assert.ok(await row.locator(byId("call")).isDisabled(), "no Call while the wrap-up is open");
      assert.ok(await page.locator(byId("dial")).isHidden(), "no dialling while the wrap-up is open");
      const outcomes = await page.locator(byId("outcome")).allTextContents();
      assert.deepEqual(
        outcomes.map((o) => o.trim()),
        ["Interested", "Not interested", "Call back later", "Left voicemail", "No answer", "Wrong number", "Do not call"],
        "the workspace's seven outcomes, in their order",
      );
      await page.click(byId("wrapup-save"));
      await waitText(page, "message", "Pick an outcome or write a note, or skip the wrap-up.");
      await assertFitsWidth(page, "the wrap-up");
      await assertAccessible(page, "the wrap-up");

      await page.locator(byId("outcome"), { hasText: /^\s*Interested$/ }).click();
      await page.fill(byId("wrapup-notes"), "Wants a quote for 20 seats.\nCall back Friday.");
      await page.fill(byId("wrapup-tags"), "Renewal, pricing, renewal");
      await shot("wrapup-form", { fullPage: false });
      await page.click(byId("wrapup-save"));
      await waitText(page, "message", "Wrap-up saved: Interested.");
      assert.ok(!(await visible(page, "wrapup")), "the wrap-up is closed");
      assert.ok(await row.locator(byId("call")).isEnabled(), "the next call may start");

      // The history shows it, and so do the recent calls.
      await page.waitForFunction(() => document.querySelector('[data-testid="history-call"] [data-testid="call-outcome"]'), null, { timeout: 10_000 });
      const [saved] = await calls(page, "history-call");
      assert.equal(saved.outcome, "Interested");
      assert.deepEqual(saved.tags, ["renewal", "pricing"], "lower-case, no repeats, in the order given");
      assert.equal(saved.notes, "Wants a quote for 20 seats.\nCall back Friday.");
      assert.match(saved.summary, /^Talked \d+:\d\d$/);
      assert.doesNotMatch(saved.text, /CA[0-9a-f]{32}/, "no SID is shown");
      await page.waitForFunction(() => document.querySelector('[data-testid="recent-call"] [data-testid="call-outcome"]'), null, { timeout: 10_000 });
      const [recent] = await calls(page, "recent-call");
      assert.ok(recent.text.startsWith(name), recent.text);
      assert.equal(recent.outcome, "Interested");
      // And the API has what the page saved.
      const { data: history } = await unwrap(api.GET("/v1/contacts/{id}/calls", { params: { path: { id: w.id } } }));
      assert.equal(history.length, 1);
      assert.equal(history[0]?.outcome?.name, "Interested");
      assert.deepEqual(history[0]?.tags, ["renewal", "pricing"]);
      assert.equal(history[0]?.notes, "Wants a quote for 20 seats.\nCall back Friday.");
      assert.equal(history[0]?.contactId, w.id);
      await assertAccessible(page, "the history");
      await page.locator(byId("contact-panel")).scrollIntoViewIfNeeded();
      await shot("wrapup-history", { fullPage: false });

      // A number typed as people write it reaches the contact it belongs to.
      await page.fill(byId("dial-number"), w.typed);
      await page.click(byId("dial"));
      await waitStatus(page, "answered", "On call");
      await waitText(page, "call-name", name);
      await page.click(byId("hangup"));
      await waitStatus(page, "ended", "Call ended");
      await page.click(byId("wrapup-skip"));
      await waitText(page, "message", "Wrap-up skipped.");
      await waitCount(page, "history-call", 2);
      const [skipped, first] = await calls(page, "history-call");
      assert.equal(skipped.outcome, null, "a skipped wrap-up leaves no outcome");
      assert.equal(first.outcome, "Interested", "newest first");
      await shot("wrapup-after-skip", { fullPage: false });
    });
  });
}

test("wrap-up: the Do not call outcome lists the number at once", async (t) => {
  const { token, api } = wrap;
  await unwrap(api.POST("/v1/contacts", { body: { firstName: "Dora", lastName: "Decline", phone: "+15005550150" } }));
  await withPage(t, desktop, async (page) => {
    await signIn(page, token);
    const row = page.locator(byId("contact"), { hasText: "Dora Decline" });
    await row.locator(byId("call")).click();
    await waitStatus(page, "answered", "On call");
    await page.click(byId("hangup"));
    await waitStatus(page, "ended", "Call ended");
    await page.locator(byId("outcome"), { hasText: "Do not call" }).click();
    await page.click(byId("wrapup-save"));
    await waitText(page, "message", "Wrap-up saved: Do not call.");
    await waitText(page, "dnc-mark", "Do not call");
    assert.ok(await row.locator(byId("call")).isDisabled(), "Call is disabled at once");
  });
  const { data: check } = await unwrap(api.GET("/v1/dnc/check", { params: { query: { phone: "+15005550150" } } }));
  assert.equal(check.blocked, true);
  assert.equal(check.entry?.source, "call");
});

// Earlier calls of the agent's: one whose wrap-up was skipped, one wrapped
// up wrongly, and another agent's call to the same contact in between.
const olive = {
  [desktop.width]: { firstName: "Olive", lastName: "Desk", phone: "+15005550170" },
  [phone.width]: { firstName: "Olive", lastName: "Mobile", phone: "+15005550171" },
};

for (const viewport of [desktop, phone]) {
  test(`wrap-up of earlier calls at ${viewport.width}px: a skipped one from the recent calls, a wrong one corrected from the history, none on another agent's call, a 403 in words`, async (t) => {
    const { token, api } = wrap;
    const grace = createSwitchboardClient({ baseUrl: srv.baseUrl, token: srv.token("ws_wrap", "grace") });
    const o = olive[viewport.width];
    const name = `${o.firstName} ${o.lastName}`;
    const { data: contact } = await unwrap(api.POST("/v1/contacts", { body: { firstName: o.firstName, lastName: o.lastName, phone: o.phone } }));
    const { data: outcomes } = await unwrap(api.GET("/v1/call-outcomes"));
    const outcomeId = (n) => outcomes.find((x) => x.name === n)?.id;
    const skipped = await simCall(api, "ws_wrap", o.phone, { hangUpAfterAnswer: true, callerId: wrapCallerId });
    const wrong = await simCall(api, "ws_wrap", o.phone, { hangUpAfterAnswer: true, callerId: wrapCallerId });
    await unwrap(
      api.PATCH("/v1/calls/{callSid}", {
        params: { path: { callSid: wrong.callSid } },
        body: { outcomeId: outcomeId("Call back later"), notes: "Call back Monday.", tags: ["pricing"] },
      }),
    );
    const graces = await simCall(grace, "ws_wrap", o.phone, { hangUpAfterAnswer: true, callerId: wrapCallerId });
    assert.equal(skipped.contactId, contact.id, "the calls reached the contact");
    const saved = async (callSid) => (await unwrap(api.GET("/v1/calls/{callSid}", { params: { path: { callSid } } }))).data;

    await withPage(t, viewport, async (page, shot) => {
      await signIn(page, token);
      const recentOf = (button) =>
        page.locator(byId("recent-call"), { hasText: name }).filter({ has: page.locator(byId("wrap-up-call"), { hasText: button }) });
      await recentOf(/^Wrap up$/).waitFor({ timeout: 20_000 });
      const [wrongShown, skippedShown] = await calls(page, "recent-call");
      assert.ok(wrongShown.text.startsWith(name) && wrongShown.outcome === "Call back later", wrongShown.text);
      assert.ok(skippedShown.text.startsWith(name) && skippedShown.outcome === null, skippedShown.text);
      assert.doesNotMatch(wrongShown.text + skippedShown.text, /CA[0-9a-f]{32}/, "no SID is shown");
      assert.equal(await page.locator(byId("recent-call"), { hasText: "by grace" }).count(), 0, "the recent calls are the agent's own");

      // 1. The skipped one, from the recent calls.
      await recentOf(/^Wrap up$/).locator(byId("wrap-up-call")).click();
      await waitText(page, "wrapup-title", "Wrap-up of an earlier call");
      await waitText(page, "wrapup-call", new RegExp(`^${name} · .+ · Talked \\d+:\\d\\d$`));
      await assertInViewport(page, "wrapup-call", "an earlier call's wrap-up, opened from the recent calls");
      assert.equal(await page.locator(`${byId("outcomes")} input:checked`).count(), 0, "no outcome yet");
      assert.equal(await page.locator(byId("wrapup-skip")).textContent(), "Cancel");
      // Nothing else starts while it is open.
      assert.ok(await page.locator(byId("contact"), { hasText: name }).locator(byId("call")).isDisabled(), "no Call while a wrap-up is open");
      assert.ok(await page.locator(byId("dial")).isHidden(), "no dialling while a wrap-up is open");
      assert.ok(await recentOf(/^Edit wrap-up$/).locator(byId("wrap-up-call")).isDisabled(), "one wrap-up at a time");
      await page.locator(byId("outcome"), { hasText: /^\s*Interested$/ }).click();
      await page.fill(byId("wrapup-notes"), "Reached on the second try.");
      await page.fill(byId("wrapup-tags"), "Follow-up, Demo");
      await assertFitsWidth(page, "an earlier call's wrap-up");
      await assertAccessible(page, "an earlier call's wrap-up");
      await shot("earlier-wrapup-form", { fullPage: false });
      await page.click(byId("wrapup-save"));
      await waitText(page, "message", "Wrap-up saved: Interested.");
      assert.ok(!(await visible(page, "wrapup")), "the wrap-up is closed");
      // The list shows what was saved, and the API has it.
      await page.waitForFunction(
        (n) => [...document.querySelectorAll('[data-testid="recent-call"]')].filter((li) => li.textContent.startsWith(n))[1]?.querySelector('[data-testid="call-outcome"]')?.textContent === "Interested",
        name,
        { timeout: 10_000 },
      );
      const [, nowSkipped] = (await calls(page, "recent-call")).filter((c) => c.text.startsWith(name));
      assert.deepEqual([nowSkipped.outcome, nowSkipped.notes, nowSkipped.tags], ["Interested", "Reached on the second try.", ["follow-up", "demo"]]);
      let call = await saved(skipped.callSid);
      assert.deepEqual([call.outcome?.name, call.notes, call.tags], ["Interested", "Reached on the second try.", ["follow-up", "demo"]]);
      assert.ok(await page.locator(byId("contact"), { hasText: name }).locator(byId("call")).isEnabled(), "the next call may start");
      await page.locator(byId("recent-panel")).scrollIntoViewIfNeeded();
      await shot("earlier-wrapup-recent", { fullPage: false });

      // 2. The wrong one, corrected from the contact's history, where
      // another agent's call offers no wrap-up.
      await page.locator(byId("recent-call"), { hasText: name }).first().locator(byId("recent-contact")).click();
      await waitText(page, "contact-title", name);
      await waitCount(page, "history-call", 3);
      const history = page.locator(byId("history-call"));
      assert.match(await history.nth(0).textContent(), /by grace/);
      assert.equal(await history.nth(0).locator(byId("wrap-up-call")).count(), 0, "no wrap-up on another agent's call");
      assert.equal(await history.nth(1).locator(byId("wrap-up-call")).textContent(), "Edit wrap-up");
      await history.nth(1).locator(byId("wrap-up-call")).click();
      await waitText(page, "wrapup-call", new RegExp(`^${name} · `));
      await assertInViewport(page, "wrapup-call", "an earlier call's wrap-up, opened from the history");
      // The form holds what the call has.
      assert.equal((await page.locator(byId("outcome")).filter({ has: page.locator("input:checked") }).textContent()).trim(), "Call back later");
      assert.equal(await page.inputValue(byId("wrapup-notes")), "Call back Monday.");
      assert.equal(await page.inputValue(byId("wrapup-tags")), "pricing");
      await page.locator(byId("outcome"), { hasText: /^\s*Not interested$/ }).click();
      await page.fill(byId("wrapup-notes"), "");
      await page.fill(byId("wrapup-tags"), "budget");
      await shot("earlier-wrapup-correct", { fullPage: false });
      await page.click(byId("wrapup-save"));
      await waitText(page, "message", "Wrap-up saved: Not interested.");
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="history-call"]')[1]?.querySelector('[data-testid="call-outcome"]')?.textContent === "Not interested", null, { timeout: 10_000 });
      const [, corrected] = await calls(page, "history-call");
      assert.deepEqual([corrected.outcome, corrected.notes, corrected.tags], ["Not interested", "", ["budget"]]);
      call = await saved(wrong.callSid);
      assert.deepEqual([call.outcome?.name, call.notes, call.tags], ["Not interested", "", ["budget"]], "the notes cleared, the tags replaced");
      const { data: gracesNow } = await unwrap(grace.GET("/v1/calls/{callSid}", { params: { path: { callSid: graces.callSid } } }));
      assert.equal(gracesNow.outcome, null, "grace's call is untouched");
      await page.locator(byId("contact-panel")).scrollIntoViewIfNeeded();
      await shot("earlier-wrapup-history", { fullPage: false });

      // 3. A 403 in words. The page offers only the agent's own calls, so
      // the service's real answer to another agent (grace patching ada's
      // call) is given to the page for its next PATCH.
      const refused = await grace.PATCH("/v1/calls/{callSid}", { params: { path: { callSid: skipped.callSid } }, body: { notes: "not mine" } });
      assert.equal(refused.response.status, 403);
      assert.equal(refused.error?.error?.code, "not_agent_participant");
      await page.route(`**/v1/calls/${skipped.callSid}`, (route) =>
        route.request().method() === "PATCH"
          ? route.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify(refused.error) })
          : route.fallback(),
      );
      await history.nth(2).locator(byId("wrap-up-call")).click();
      await page.fill(byId("wrapup-tags"), "demo");
      await page.click(byId("wrapup-save"));
      await waitText(page, "message", "Not saved: only the agent who made this call (ada) may change its wrap-up.");
      assert.ok(!(await visible(page, "wrapup")), "the form closes: nothing would change that");
      assert.equal(await page.getAttribute(byId("message"), "class"), "error");
      await page.unroute(`**/v1/calls/${skipped.callSid}`);
      call = await saved(skipped.callSid);
      assert.deepEqual(call.tags, ["follow-up", "demo"], "nothing changed");
    });
  });
}

/** Places a call as the token's agent through the simulator (from the workspace's caller ID) and waits for its final status. */
async function simCall(api, ws, to, { hangUpAfterAnswer, callerId = reportsCallerId }) {
  const { data: voice } = await unwrap(api.GET("/v1/voice/token"));
  const res = await fetch(`${srv.baseUrl}/sim/connect`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: voice.clientIdentity, to, callerId, workspaceId: ws }),
  });
  assert.ok(res.ok, `sim/connect: ${res.status} ${await res.clone().text()}`);
  const { callSid } = await res.json();
  const deadline = Date.now() + 20_000;
  for (;;) {
    const got = await api.GET("/v1/calls/{callSid}", { params: { path: { callSid } } });
    const call = got.data?.data;
    if (call && hangUpAfterAnswer && call.status === "answered") {
      await fetch(`${srv.baseUrl}/sim/calls/${call.customerCallSid}/hangup`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      hangUpAfterAnswer = false;
    }
    if (call && ["completed", "busy", "no-answer", "failed"].includes(call.status)) return call;
    assert.ok(Date.now() < deadline, `call to ${to} never ended: ${JSON.stringify(call)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("reports: a team lead's chart and tables from real calls, at both widths; an agent's token is refused", async (t) => {
  const ws = "ws_reports";
  const { token: adaToken, api: ada } = await workspace(ws, reportsCallerId);
  const grace = createSwitchboardClient({ baseUrl: srv.baseUrl, token: srv.token(ws, "grace") });
  const adminToken = srv.token(ws, "lead", "admin");
  const { data: outcomes } = await unwrap(ada.GET("/v1/call-outcomes"));
  const outcome = (name) => outcomes.find((o) => o.name === name)?.id;

  const a1 = await simCall(ada, ws, answersAndStays, { hangUpAfterAnswer: true });
  await simCall(ada, ws, "+15005550102", { hangUpAfterAnswer: false }); // busy
  const g1 = await simCall(grace, ws, answersAndStays, { hangUpAfterAnswer: true });
  await simCall(grace, ws, "+15005550104", { hangUpAfterAnswer: false }); // fails
  await unwrap(ada.PATCH("/v1/calls/{callSid}", { params: { path: { callSid: a1.callSid } }, body: { outcomeId: outcome("Interested") } }));
  await unwrap(grace.PATCH("/v1/calls/{callSid}", { params: { path: { callSid: g1.callSid } }, body: { outcomeId: outcome("Call back later") } }));

  const admin = createSwitchboardClient({ baseUrl: srv.baseUrl, token: adminToken });
  const outcomeNames = new Map([...outcomes.map((o) => [o.id, o.name]), ["none", "No outcome"]]);

  /**
   * Checks the outcomes per agent against the API: for the range the page
   * last asked of the agents' report, the agents of that report in its
   * order, and each agent's figures as GET /v1/reports/calls?groupBy=outcome&agent=
   * gives them, which the page must have asked for; and that it never read
   * the call list to count them.
   */
  async function assertMatrixIsTheReport(page, asked, where) {
    const rows = await page.locator(`${byId("matrix-table")} tbody tr`).evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
    const head = (await page.locator(`${byId("matrix-table")} thead th`).allTextContents()).slice(1);
    const byAgent = asked.filter((u) => u.pathname === "/v1/reports/calls" && u.searchParams.get("groupBy") === "agent").at(-1);
    assert.ok(byAgent, `${where}: the page read the agents' report`);
    const from = byAgent.searchParams.get("from");
    const to = byAgent.searchParams.get("to");
    const { data: agents } = await unwrap(admin.GET("/v1/reports/calls", { params: { query: { from, to, groupBy: "agent" } } }));
    assert.deepEqual(rows.map((r) => r[0]), agents.map((a) => a.key), `${where}: the agents' report's agents, in its order`);
    for (const a of agents) {
      assert.ok(
        asked.some((u) => u.pathname === "/v1/reports/calls" && u.searchParams.get("groupBy") === "outcome" && u.searchParams.get("agent") === a.key && u.searchParams.get("from") === from && u.searchParams.get("to") === to),
        `${where}: the page asked for ${a.key}'s outcome report of the range`,
      );
      const { data: theirs } = await unwrap(admin.GET("/v1/reports/calls", { params: { query: { from, to, groupBy: "outcome", agent: a.key } } }));
      const want = Object.fromEntries(theirs.map((r) => [outcomeNames.get(r.key), String(r.calls)]));
      const row = rows.find((r) => r[0] === a.key);
      const got = Object.fromEntries(head.map((name, i) => [name, row[i + 1]]).filter(([, n]) => n !== "0"));
      assert.deepEqual(got, want, `${where}: ${a.key}'s outcomes as the report gives them`);
    }
    assert.ok(!asked.some((u) => u.pathname === "/v1/calls"), `${where}: the page does not read the call list to count`);
  }

  for (const viewport of [desktop, phone]) {
    await withPage(t, viewport, async (page, shot) => {
      // What the page asks of the API.
      const asked = [];
      page.on("request", (req) => {
        const u = new URL(req.url());
        if (u.pathname.startsWith("/v1/")) asked.push(u);
      });
      await page.goto(`${srv.baseUrl}/softphone/reports.html`);
      await page.fill(byId("token"), adaToken);
      await page.click(byId("sign-in-button"));
      await waitText(page, "sign-in-error", /ada's token is an agent's: reports need an admin's/);
      assert.ok(!(await page.locator("#reports").isVisible()), "nothing shown to an agent");

      await page.fill(byId("token"), adminToken);
      await page.click(byId("sign-in-button"));
      await page.waitForSelector('[data-testid="chart"] svg g[data-day]', { timeout: 20_000 });
      const matrixDone = () =>
        page.waitForFunction(() => document.querySelector('[data-testid="matrix-table"]')?.getAttribute("aria-busy") === "false", null, { timeout: 20_000 });
      await matrixDone();
      // The chart's days, whatever the day and the hour: the last 14, today
      // among them, and every call of the range in its bars.
      const bars = await page.locator('[data-testid="chart"] g[data-day]').evaluateAll((gs) =>
        gs.map((g) => ({ calls: Number(g.getAttribute("data-calls")), answered: Number(g.getAttribute("data-answered")) })),
      );
      assert.equal(bars.length, 14);
      assert.equal(bars.reduce((n, b) => n + b.calls, 0), 4);
      assert.equal(bars.reduce((n, b) => n + b.answered, 0), 2);
      assert.ok((await page.locator('[data-testid="chart"] .bar-answered').count()) >= 1, "an answered bar is drawn");
      assert.ok((await page.locator('[data-testid="chart"] .rate-dot').count()) >= 1, "the answer rate is drawn");
      await waitText(page, "total-calls", "4");
      await waitText(page, "total-answered", "2");
      await waitText(page, "total-rate", "50%");

      const rows = (id) =>
        page.locator(`${byId(id)} tbody tr`).evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
      const agents = await rows("agents-table");
      assert.deepEqual(
        agents.map((r) => [r[0], r[1], r[2], r[3]]),
        [
          ["ada", "2", "1", "50%"],
          ["grace", "2", "1", "50%"],
        ],
      );
      const byOutcome = Object.fromEntries((await rows("outcomes-table")).map((r) => [r[0], r[1]]));
      assert.deepEqual(byOutcome, { Interested: "1", "Call back later": "1", "No outcome": "2" });
      const matrix = await page.locator(`${byId("matrix-table")} thead th`).allTextContents();
      assert.deepEqual(matrix, ["Agent", "Interested", "Call back later", "No outcome"]);
      assert.deepEqual(await rows("matrix-table"), [
        ["ada", "1", "0", "1"],
        ["grace", "0", "1", "1"],
      ]);
      await assertMatrixIsTheReport(page, asked, "the last 14 days");

      await assertFitsWidth(page, "the reports");
      await assertAccessible(page, "the reports");
      await shot("reports");
      await shot("reports-top", { fullPage: false });

      // Another range: the last 7 days hold the same calls.
      await page.click(byId("last-7"));
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="chart"] svg g[data-day]').length === 7, null, { timeout: 10_000 });
      await waitText(page, "total-calls", "4");
      await matrixDone();
      await assertMatrixIsTheReport(page, asked, "the last 7 days");
    });
  }
});
