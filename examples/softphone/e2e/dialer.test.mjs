// Dialer mode in a real browser, tried as an agent would: an admin makes a
// small dial list through the API (a person, a do-not-call number, an
// answering machine and a busy line, one attempt each), and the agent works
// it in the softphone: the customer and their history before anything
// rings, the call, the wrap-up, the next customer by itself; the
// do-not-call number reported as passed over; a voicemail dropped on the
// machine; the busy line unanswered; the list done. The entries' statuses
// are then read from the API. Half the list is worked at a desktop's width,
// half at a phone's.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { createSwitchboardClient, unwrap } from "../../../gen/typescript/dist/src/index.js";
import { startServer } from "../../../gen/typescript/dist/test/server.js";
import {
  artifacts,
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
const people = {
  human: { firstName: "Hugh", lastName: "Person", phone: "+15005550107", company: "Analytical Engines" },
  dnc: { firstName: "Dora", lastName: "Listed", phone: "+15005550100", company: "Acme" },
  machine: { firstName: "Max", lastName: "Machine", phone: "+15005550106", company: "Difference Engines" },
  busy: { firstName: "Bea", lastName: "Busy", phone: "+15005550102", company: "Acme" },
};

let srv, browser, admin, token, listId;
const withPage = (t, viewport, fn) => withPageOf(browser, srv, t, viewport, fn);

before(async () => {
  srv = await startServer();
  browser = await launch();
  admin = createSwitchboardClient({ baseUrl: srv.baseUrl, token: srv.token("ws_dial", "root", "admin") });
  // No calling window (the simulator's numbers span every zone), the
  // simulator's caller ID, answering-machine detection, one recorded message.
  await unwrap(admin.PATCH("/v1/workspace", { body: { callingHours: null, machineDetection: true } }));
  await unwrap(admin.POST("/v1/caller-ids", { body: { phoneNumber: callerId, friendlyName: "Simulator" } }));
  await unwrap(admin.POST("/v1/voicemail-drops", { body: { name: "Renewal reminder", audioUrl: `${srv.baseUrl}/renewal.mp3` } }));
  const ids = [];
  for (const p of Object.values(people)) {
    const { data } = await unwrap(admin.POST("/v1/contacts", { body: p }));
    p.id = data.id;
    ids.push(data.id);
  }
  await unwrap(admin.POST("/v1/dnc", { body: { phone: people.dnc.phone, reason: "Asked not to be called" } }));
  const { data } = await unwrap(
    admin.POST("/v1/dial-lists", { body: { name: "November renewals", contactIds: ids, maxAttempts: 1, retryMinutes: 1 } }),
  );
  listId = data.id;
  token = srv.token("ws_dial", "ada");
});

after(async () => {
  await browser?.close();
  await srv?.stop();
});

const name = (p) => `${p.firstName} ${p.lastName}`;
const text = async (page, id) => ((await page.locator(byId(id)).textContent()) ?? "").trim();

/** A screenshot named by the page's width now (the test resizes the page halfway). */
const snap = (page, what) => page.screenshot({ path: join(artifacts, `${what}-${page.viewportSize().width}.png`), fullPage: true });

/** The layout checks every state of the panel meets. */
async function checks(page, where) {
  await assertFitsWidth(page, where);
  await assertAccessible(page, where);
}

/** Waits for the dialer to show p as the customer, before anything rings. */
async function customer(page, p) {
  await waitText(page, "dialer-name", name(p));
  assert.equal(await text(page, "dialer-company"), p.company);
  assert.equal(await text(page, "dialer-number"), `(500) 555-${p.phone.slice(-4)}`, "national format at home");
  assert.equal(await page.locator(byId("call-panel")).getAttribute("data-phase"), "idle", "nothing rings before Call");
  // The customer's history, from the history component.
  await waitText(page, "contact-title", name(p));
  await waitText(page, "history", "No calls yet");
}

/** Saves the wrap-up with the outcome named. */
async function wrapUp(page, outcome) {
  assert.ok(await visible(page, "wrapup"), "the wrap-up follows the call");
  await page.locator(byId("outcome"), { hasText: new RegExp(`^\\s*${outcome}$`) }).click();
  await page.click(byId("wrapup-save"));
  await waitText(page, "message", new RegExp(`^Wrap-up saved: ${outcome}\\.`));
}

test("softphone dialer: a whole list worked", async (t) => {
  await withPage(t, desktop, async (page) => {
    await page.goto(`${srv.baseUrl}/softphone/`);
    await page.fill(byId("token"), token);
    await page.click(byId("sign-in-button"));
    await waitText(page, "agent", /^ada · ws_dial · /);
    await waitText(page, "dialer-select", "November renewals (4 of 4 left)");
    await checks(page, "the list picker");

    // The first customer, shown before the call rings.
    await page.click(byId("dialer-start"));
    await customer(page, people.human);
    await waitText(page, "dialer-progress", "4 of 4 left");
    assert.equal(await text(page, "dialer-attempt"), "Attempt 1 of 1");
    assert.ok(await page.locator("#contacts").isHidden(), "the list's customer takes the contact list's place");
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "dialer-call", "the focus is on Call");
    await checks(page, "the first customer");
    await snap(page, "dialer-customer");

    // A person answers; the agent hangs up and wraps up; the next customer comes by itself.
    await page.click(byId("dialer-call"));
    await waitText(page, "call-name", name(people.human));
    assert.ok(await page.locator(byId("dialer-next")).isDisabled(), "no Next during the call");
    await waitStatus(page, "answered", "On call");
    await page.click(byId("hangup"));
    await waitStatus(page, "ended", "Call ended");
    assert.ok(await page.locator(byId("dialer-next")).isDisabled(), "no Next while the wrap-up is open");
    await wrapUp(page, "Interested");

    // The do-not-call number is passed over, said with why; the machine is next.
    await customer(page, people.machine);
    await waitText(page, "dialer-skipped", `${name(people.dnc)} at (500) 555-0100 not dialled. On the do-not-call list: skipped for good.`);
    assert.equal(await page.locator(byId("dialer-skip")).getAttribute("data-reason"), "dnc_blocked");
    await waitText(page, "dialer-progress", "2 of 4 left");
    await checks(page, "a customer after one passed over");
    await snap(page, "dialer-skipped");

    // The rest at a phone's width.
    await page.setViewportSize(phone);
    await checks(page, "the dialer on a phone");
    await snap(page, "dialer-skipped");

    // A machine answers: said, and a voicemail dropped on it frees the agent at once.
    await page.click(byId("dialer-call"));
    await waitStatus(page, "answered", "On call");
    await page.locator(byId("flag-machine")).waitFor({ state: "visible", timeout: 20_000 });
    assert.equal(await text(page, "flag-machine"), "A machine answered");
    assert.deepEqual(await page.locator(`${byId("vm-drop-select")} option`).allTextContents(), ["Renewal reminder"]);
    await checks(page, "a machine answered");
    await snap(page, "dialer-machine");
    await page.setViewportSize(smallPhone);
    await assertFitsWidth(page, "a machine answered, 360px");
    await page.setViewportSize(phone);
    await page.click(byId("vm-drop"));
    await waitStatus(page, "voicemail", "Voicemail left");
    assert.ok(await page.locator(byId("machine")).isHidden(), "the drop control is gone");
    await waitText(page, "message", "“Renewal reminder” is playing to the machine; you have left the call.");
    await wrapUp(page, "Left voicemail");

    // The busy line: unanswered, wrapped up; then the list has nobody left.
    await customer(page, people.busy);
    assert.ok(await page.locator(byId("dialer-skipped")).isHidden(), "nothing passed over this time");
    await page.click(byId("dialer-call"));
    await waitStatus(page, "busy", "Line busy");
    await wrapUp(page, "No answer");
    await waitText(page, "dialer-note", "This list is done: every customer was reached, passed over or called 1 time.");
    await waitText(page, "dialer-progress", "0 of 4 left");
    assert.ok(await page.locator(byId("dialer-customer")).isHidden(), "no customer shown");
    assert.ok(await page.locator(byId("dialer-next")).isDisabled(), "no Next on a done list");
    await checks(page, "the list done");
    await snap(page, "dialer-done");

    // Stop leaves dialer mode: the contacts are back; the done list is no longer offered.
    await page.click(byId("dialer-stop"));
    await page.locator("#contacts").waitFor({ state: "visible" });
    await page.locator(byId("dialer")).waitFor({ state: "hidden" });
  });

  // What the service recorded: one call each, the entries settled, the list done.
  const { data: list } = await unwrap(admin.GET("/v1/dial-lists/{id}", { params: { path: { id: listId } } }));
  assert.equal(list.status, "done");
  assert.equal(list.remaining, 0);
  const { data: entries } = await unwrap(admin.GET("/v1/dial-lists/{id}/entries", { params: { path: { id: listId } } }));
  const byContact = Object.fromEntries(entries.map((e) => [e.contactId, e]));
  const status = (p) => ({ status: byContact[p.id].status, attempts: byContact[p.id].attempts, lastOutcome: byContact[p.id].lastOutcome });
  assert.deepEqual(status(people.human), { status: "done", attempts: 1, lastOutcome: "answered" });
  assert.deepEqual(status(people.dnc), { status: "skipped", attempts: 0, lastOutcome: null });
  assert.equal(byContact[people.dnc.id].skipReason, "dnc_blocked");
  assert.deepEqual(status(people.machine), { status: "exhausted", attempts: 1, lastOutcome: "not_connected" });
  assert.deepEqual(status(people.busy), { status: "exhausted", attempts: 1, lastOutcome: "busy" });
  const { data: calls } = await unwrap(admin.GET("/v1/calls", { params: { query: { limit: 10 } } }));
  assert.equal(calls.length, 3, "three calls: the do-not-call number was never dialled");
  for (const c of calls) assert.equal(c.dialListId, listId);
  const machineCall = calls.find((c) => c.to === people.machine.phone);
  assert.equal(machineCall.answeredBy, "machine_end_beep");
  assert.ok(machineCall.voicemailDropId, "the machine's call records the drop");
});

test("softphone dialer: a list an admin pauses says so, and its customer is not dialled", async (t) => {
  const pat = { firstName: "Pat", lastName: "Paused", phone: "+15005550101", company: "Acme" };
  const { data: contact } = await unwrap(admin.POST("/v1/contacts", { body: pat }));
  const { data: paused } = await unwrap(admin.POST("/v1/dial-lists", { body: { name: "December renewals", contactIds: [contact.id] } }));
  await withPage(t, phone, async (page) => {
    await page.goto(`${srv.baseUrl}/softphone/`);
    await page.fill(byId("token"), token);
    await page.click(byId("sign-in-button"));
    await waitText(page, "dialer-select", "December renewals (1 of 1 left)");
    await page.click(byId("dialer-start"));
    await waitText(page, "dialer-name", name(pat));

    // The admin pauses the list while the agent looks at its customer.
    await unwrap(admin.PATCH("/v1/dial-lists/{id}", { params: { path: { id: paused.id } }, body: { status: "paused" } }));
    await page.click(byId("dialer-call"));
    await waitText(page, "dialer-note", /^Not dialled: .*Press Next for another customer\.$/);
    await page.click(byId("dialer-next"));
    await waitText(page, "dialer-note", "An admin paused this list: it hands out no customers until it is resumed.");
    assert.ok(await page.locator(byId("dialer-customer")).isHidden(), "no customer shown");
    await checks(page, "a paused list");
    await snap(page, "dialer-paused");
  });
  const { data: calls } = await unwrap(admin.GET("/v1/calls", { params: { query: { limit: 10 } } }));
  assert.ok(!calls.some((c) => c.to === pat.phone), "the paused list's customer was never called");
});
