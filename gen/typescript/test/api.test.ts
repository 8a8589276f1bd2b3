// Drives a real Switchboard (SQLite + the embedded simulator) through the
// generated client only. Every field read below is typed by src/schema.ts,
// so renaming one in openapi.yaml fails `tsc` before this runs. The
// simulator's own routes (/sim/*) are not part of the API and are called
// with a plain fetch.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { after, before, describe, test } from "node:test";

import { Webhook } from "standardwebhooks";

import {
  type Call,
  type CallOutcomeKind,
  type CallPatch,
  type CallReportParams,
  type CallReportRow,
  type CallStatus,
  type Contact,
  type ListCallsParams,
  type SwitchboardClient,
  SwitchboardError,
  callOutcomeKinds,
  callReportGroupBys,
  createSwitchboardClient,
  importCsv,
  importCsvFile,
  pages,
  paginate,
  searchPages,
  unwrap,
} from "../src/index.js";
import { type RunningServer, startServer } from "./server.js";
import { webhookSuite } from "./webhooks.js";

const workspaceId = "ws_ts";
const callerId = "+15005550006"; // an incoming number of the simulated account
const answersAndStays = "+15005550100";

let srv: RunningServer;
let api: SwitchboardClient;

let admin: SwitchboardClient;

before(async () => {
  srv = await startServer();
  api = createSwitchboardClient({ baseUrl: srv.baseUrl, token: srv.token(workspaceId, "ada") });
  admin = createSwitchboardClient({ baseUrl: srv.baseUrl, token: srv.token(workspaceId, "root", "admin") });
  // The simulator's numbers (+1500555…) span every NANP zone, so the default
  // calling window (08:00–21:00 in each) is open only a few hours a day: the
  // calls below must not depend on when the test runs.
  const off = await unwrap(admin.PATCH("/v1/workspace", { body: { callingHours: null } }));
  assert.equal(off.data.callingHours, null);
});

after(async () => {
  await srv?.stop();
});

async function sim<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(srv.baseUrl + path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  assert.ok(res.status < 300, `${path}: ${res.status} ${await res.clone().text()}`);
  return (await res.json()) as T;
}

async function waitForStatus(callSid: string, want: CallStatus, timeoutMs = 20_000): Promise<Call> {
  const deadline = Date.now() + timeoutMs;
  let last: Call | undefined;
  while (Date.now() < deadline) {
    const { data } = await unwrap(api.GET("/v1/calls/{callSid}", { params: { path: { callSid } } }));
    last = data;
    if (data.status === want) return data;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`call ${callSid} never became ${want}; last: ${JSON.stringify(last)}`);
}

describe("contacts", () => {
  let ada: Contact;

  test("create", async () => {
    const { data, error, response } = await api.POST("/v1/contacts", {
      body: { firstName: "Ada", lastName: "Lovelace", phone: "(415) 555-2671", email: "ada@example.com", company: "Analytical Engines" },
    });
    assert.equal(response.status, 201, JSON.stringify(error));
    assert.ok(data);
    ada = data.data;
    assert.equal(ada.phone, "+14155552671", "normalized to E.164");
    assert.equal(ada.workspaceId, workspaceId, "the token's workspace");

    const dup = await api.POST("/v1/contacts", { body: { firstName: "Other", phone: "+14155552671" } });
    assert.equal(dup.response.status, 409);
    assert.equal(dup.error?.error.code, "contact_exists");
    assert.equal(dup.error?.error.details?.[0]?.message, ada.id, "details name the existing contact");
  });

  test("import (text/csv and multipart)", async () => {
    const csv = "First Name,Last Name,Phone,Email,Company\nGrace,Hopper,(415) 555-0142,grace@example.com,Navy\nAlan,Turing,not a phone,alan@example.com,\n";
    const { data } = await unwrap(importCsv(api, csv, { onDuplicate: "skip" }));
    assert.equal(data.imported, 1);
    assert.equal(data.failed, 1);
    assert.equal(data.errors[0]?.row, 3);
    assert.equal(data.errors[0]?.field, "phone");

    const file = new Blob(["name,phone\nKatherine Johnson,+1 415 555 0143\n"], { type: "text/csv" });
    const multi = await unwrap(importCsvFile(api, file, { onDuplicate: "update" }));
    assert.equal(multi.data.imported, 1);
  });

  test("list, newest first", async () => {
    const page = await unwrap(api.GET("/v1/contacts", { params: { query: { limit: 2 } } }));
    assert.equal(page.meta.total, 3);
    assert.equal(page.meta.hasMore, true);
    assert.equal(page.data.length, 2);
    assert.equal(page.data[0]?.lastName, "Johnson");
  });

  test("search (GET and POST)", async () => {
    const byName = await unwrap(api.GET("/v1/contacts/search", { params: { query: { q: "ada love" } } }));
    assert.deepEqual(byName.data.map((c) => c.id), [ada.id]);

    const byPhone = await unwrap(api.POST("/v1/contacts/search", { body: { query: "415 555 0142", filters: { company: "navy" } } }));
    assert.deepEqual(byPhone.data.map((c) => c.firstName), ["Grace"]);
  });

  test("delete", async () => {
    const { data: grace } = await unwrap(api.GET("/v1/contacts/search", { params: { query: { q: "grace" } } }));
    const id = grace[0]?.id;
    assert.ok(id);
    const del = await api.DELETE("/v1/contacts/{id}", { params: { path: { id } } });
    assert.equal(del.response.status, 204);
    const gone = await api.GET("/v1/contacts/{id}", { params: { path: { id } } });
    assert.equal(gone.response.status, 404);
    assert.equal(gone.error?.error.code, "not_found");
  });

  test("errors are the typed envelope", async () => {
    // Invalid on purpose: the contract gate (.ci/contract) lets a marked
    // request break the contract's rules, as long as the program refuses it
    // with a documented 4xx.
    const onPurpose = { "X-Contract-Gate": "expect-refusal" };
    const bad = await api.GET("/v1/contacts", { params: { query: { limit: 500 } }, headers: onPurpose });
    assert.equal(bad.response.status, 400);
    assert.equal(bad.error?.error.code, "invalid_request");
    assert.ok(bad.response.headers.get("X-Request-Id"));

    // A bad path parameter and a body over the limit: documented 400 and 413
    // answers (the gate checks each status is listed on its operation).
    const badSid = await api.GET("/v1/calls/{callSid}", { params: { path: { callSid: "not-a-call-sid" } }, headers: onPurpose });
    assert.equal(badSid.response.status, 400);
    assert.equal(badSid.error?.error.code, "invalid_request");
    const huge = await api.POST("/v1/contacts/normalize", { body: { phone: "1".repeat(1_100_000) }, headers: onPurpose });
    assert.equal(huge.response.status, 413);
    assert.equal(huge.error?.error.code, "payload_too_large");

    const anon = createSwitchboardClient({ baseUrl: srv.baseUrl });
    await assert.rejects(unwrap(anon.GET("/v1/contacts", { headers: onPurpose })), (e: unknown) => e instanceof SwitchboardError && e.status === 401 && e.code === "unauthorized");
  });
});

describe("paging by cursor", () => {
  let pager: SwitchboardClient;

  before(async () => {
    pager = createSwitchboardClient({ baseUrl: srv.baseUrl, token: srv.token("ws_ts_pages", "ada") });
    const csv = ["First Name,Last Name,Phone,Company"];
    for (let i = 0; i < 23; i++) csv.push(`Page${i},Walker,+1 415 555 ${String(3000 + i)},${i % 2 ? "Odd Inc" : "Even Inc"}`);
    const { data } = await unwrap(importCsv(pager, csv.join("\n") + "\n"));
    assert.equal(data.imported, 23);
  });

  test("paginate yields every item once, in the list's order", async () => {
    const whole = await unwrap(pager.GET("/v1/contacts", { params: { query: { limit: 200 } } }));
    assert.equal(whole.data.length, 23);
    const walked: Contact[] = [];
    for await (const c of paginate(pager, "/v1/contacts", { query: { limit: 5 } })) walked.push(c);
    assert.deepEqual(walked.map((c) => c.id), whole.data.map((c) => c.id));
  });

  test("pages follow meta.nextCursor until it is null", async () => {
    const sizes: number[] = [];
    let last: string | null | undefined;
    for await (const page of pages(pager, "/v1/contacts/search", { query: { q: "walker", company: "odd inc", limit: 4 } })) {
      sizes.push(page.data.length);
      last = page.meta.nextCursor;
    }
    assert.deepEqual(sizes, [4, 4, 3]);
    assert.equal(last, null);

    const posted: string[] = [];
    for await (const page of searchPages(pager, { query: "walker", filters: { company: "even inc" }, limit: 5 })) {
      posted.push(...page.data.map((c) => c.firstName));
    }
    assert.equal(posted.length, 12);
    assert.equal(new Set(posted).size, 12);
  });

  test("a cursor of another query is refused", async () => {
    const first = await unwrap(pager.GET("/v1/contacts/search", { params: { query: { q: "walker", limit: 2 } } }));
    const cursor = first.meta.nextCursor;
    assert.ok(cursor);
    const other = await pager.GET("/v1/contacts/search", { params: { query: { q: "page", limit: 2, cursor } } });
    assert.equal(other.response.status, 400);
    assert.equal(other.error?.error.code, "invalid_request");
  });

  test("types: only paged lists, and no offset", () => {
    // Compile-time checks; the calls are never awaited.
    // @ts-expect-error a single contact is not a list
    void pages(pager, "/v1/voice/token");
    // @ts-expect-error the iterator owns the position
    void pages(pager, "/v1/contacts", { query: { offset: 10 } });
    void paginate(pager, "/v1/calls/{callSid}/recordings", { path: { callSid: "CA00000000000000000000000000000000" } });
  });
});

describe("voice", () => {
  before(async () => {
    // Registering a caller ID is an admin's; an agent's token is refused.
    const refused = await api.POST("/v1/caller-ids", { body: { phoneNumber: callerId, friendlyName: "Simulator" } });
    assert.equal(refused.response.status, 403);
    assert.equal(refused.error?.error.code, "forbidden");
    const { data } = await unwrap(admin.POST("/v1/caller-ids", { body: { phoneNumber: callerId, friendlyName: "Simulator" } }));
    assert.equal(data.status, "verified", "an incoming number of the simulated account");
    assert.equal(data.isDefault, true);
  });

  test("a do-not-call number is refused", async () => {
    const dnc = await api.POST("/v1/dnc", { body: { phone: "+1 415 555 0177", reason: "asked" } });
    assert.equal(dnc.response.status, 201);
    assert.equal(dnc.data?.data.phone, "+14155550177");
    const check = await unwrap(api.GET("/v1/dnc/check", { params: { query: { phone: "4155550177" } } }));
    assert.equal(check.data.blocked, true);
    assert.equal(check.data.entry?.phone, "+14155550177");
    const clear = await unwrap(api.GET("/v1/dnc/check", { params: { query: { phone: "+14155550100" } } }));
    assert.equal(clear.data.blocked, false);
    assert.equal(clear.data.entry, null, "not listed: entry is null (which the contract must admit)");

    const call = await api.POST("/v1/calls", { body: { to: "+14155550177" } });
    assert.equal(call.response.status, 422);
    assert.equal(call.error?.error.code, "dnc_blocked");
  });

  test("workspace settings: read by any role, changed by an admin", async () => {
    const denied = await api.PATCH("/v1/workspace", { body: { callingHours: { start: "08:00", end: "21:00" } } });
    assert.equal(denied.response.status, 403);
    assert.equal(denied.error?.error.code, "forbidden");

    const bad = await admin.PATCH("/v1/workspace", { body: { callingHours: { start: "21:00", end: "08:00" } } });
    assert.equal(bad.response.status, 400);
    assert.equal(bad.error?.error.details?.[0]?.field, "callingHours.end");

    const set = await unwrap(admin.PATCH("/v1/workspace", { body: { timeZone: "America/Chicago" } }));
    assert.equal(set.data.timeZone, "America/Chicago");
    const { data } = await unwrap(api.GET("/v1/workspace"));
    assert.deepEqual(data, {
      id: workspaceId, callingHours: null, timeZone: "America/Chicago",
      stateRules: true, attemptLimit: null, recordingAnnouncement: null, machineDetection: false,
    });
  });

  test("voice token", async () => {
    const { data } = await unwrap(api.GET("/v1/voice/token", { params: { query: { ttl: 600 } } }));
    assert.equal(data.identity, "ada");
    assert.equal(data.clientIdentity, "ws_5Fts.ada", "the Twilio identity names workspace and agent");
    assert.equal(data.ttl, 600);
    const [header] = data.token.split(".");
    assert.ok(header);
    assert.equal(JSON.parse(Buffer.from(header, "base64url").toString()).cty, "twilio-fpa;v=1");
  });

  test("a simulated browser call: answered, hold/unhold, mute, recording, transfer, completed", async () => {
    // What the Voice SDK's Device.connect does, played by the simulator.
    const { data: voice } = await unwrap(api.GET("/v1/voice/token"));
    const conn = await sim<{ callSid: string; status: string }>("/sim/connect", {
      identity: voice.clientIdentity,
      to: answersAndStays,
      callerId,
      workspaceId,
    });
    assert.equal(conn.status, "in-progress", "the agent leg is in its conference");
    const callSid = conn.callSid;

    const answered = await waitForStatus(callSid, "answered");
    assert.equal(answered.to, answersAndStays);
    assert.equal(answered.from, callerId);
    assert.equal(answered.agentIdentity, "ada");
    assert.ok(answered.answeredAt);
    assert.ok(answered.customerCallSid);

    const path = { callSid };
    const held = await unwrap(api.POST("/v1/calls/{callSid}/hold", { params: { path }, body: { action: "hold" } }));
    assert.equal(held.data.onHold, true);
    const unheld = await unwrap(api.POST("/v1/calls/{callSid}/hold", { params: { path }, body: { action: "unhold" } }));
    assert.equal(unheld.data.onHold, false);

    const muted = await unwrap(api.POST("/v1/calls/{callSid}/mute", { params: { path }, body: { muted: true } }));
    assert.equal(muted.data.muted, true);
    const toggled = await unwrap(api.POST("/v1/calls/{callSid}/mute", { params: { path } }));
    assert.equal(toggled.data.muted, false, "an empty body toggles");

    const rec = await unwrap(api.POST("/v1/recordings", { body: { callSid, channels: "dual" } }));
    assert.equal(rec.data.status, "in-progress");
    const stopped = await unwrap(
      api.POST("/v1/recordings/{recordingSid}", { params: { path: { recordingSid: rec.data.recordingSid } }, body: { status: "stopped" } }),
    );
    assert.ok(["stopped", "completed"].includes(stopped.data.status), stopped.data.status);

    // A warm transfer, cancelled: the target leaves and the customer is back.
    const transfer = await unwrap(api.POST("/v1/calls/{callSid}/transfer", { params: { path }, body: { target: "+15005550100", type: "warm" } }));
    assert.equal(transfer.data.transfer?.type, "warm");
    assert.equal(transfer.data.onHold, true, "the customer waits on hold");
    const again = await api.POST("/v1/calls/{callSid}/transfer", { params: { path }, body: { target: "+15005550100", type: "warm" } });
    assert.equal(again.error?.error.code, "transfer_pending");
    const cancelled = await unwrap(api.POST("/v1/calls/{callSid}/transfer/cancel", { params: { path } }));
    assert.equal(cancelled.data.transfer?.status, "canceled");
    assert.equal(cancelled.data.onHold, false);

    // The customer hangs up; the call completes and the agent leg ends.
    await sim(`/sim/calls/${answered.customerCallSid}/hangup`, {});
    const done = await waitForStatus(callSid, "completed");
    assert.ok(done.endedAt);
    assert.equal(typeof done.duration, "number");

    const mine = await unwrap(api.GET("/v1/calls"));
    assert.equal(mine.data[0]?.callSid, callSid, "newest first");
  });
});

describe("hang-up and a deprecated field", () => {
  test("POST /v1/calls/{callSid}/hangup ends both legs; asked again, it answers the ended call", async () => {
    const { data: voice } = await unwrap(api.GET("/v1/voice/token"));
    const conn = await sim<{ callSid: string }>("/sim/connect", {
      identity: voice.clientIdentity,
      to: answersAndStays,
      callerId,
      workspaceId,
    });
    const answered = await waitForStatus(conn.callSid, "answered");
    const path = { callSid: conn.callSid };
    const ended = await unwrap(api.POST("/v1/calls/{callSid}/hangup", { params: { path } }));
    assert.equal(ended.data.status, "completed");
    assert.equal(ended.data.failureReason, "");
    assert.ok(ended.data.endedAt);
    const again = await unwrap(api.POST("/v1/calls/{callSid}/hangup", { params: { path } }));
    assert.equal(again.data.endedAt, ended.data.endedAt, "idempotent: the call as it ended");

    // Both legs end at the (simulated) provider.
    const legs = [conn.callSid, answered.customerCallSid];
    const deadline = Date.now() + 20_000;
    for (;;) {
      const state = await sim<{ calls: { sid: string; status: string }[] }>("/sim/calls");
      const statuses = legs.map((sid) => state.calls.find((c) => c.sid === sid)?.status);
      if (statuses.every((s) => s === "completed")) break;
      assert.ok(Date.now() < deadline, `legs still ${JSON.stringify(statuses)}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const other = createSwitchboardClient({ baseUrl: srv.baseUrl, token: srv.token(workspaceId, "grace") });
    const refused = await other.POST("/v1/calls/{callSid}/hangup", { params: { path } });
    assert.equal(refused.response.status, 403);
    assert.equal(refused.error?.error.code, "not_agent_participant");
  });

  test("caller IDs: the deprecated `default` works and is answered with Deprecation and Sunset", async () => {
    const old = await admin.POST("/v1/caller-ids", { body: { phoneNumber: "+15005550007", default: false } });
    assert.equal(old.response.status, 201);
    assert.equal(old.data?.data.isDefault, false);
    assert.equal(old.response.headers.get("Deprecation"), "@1795651200");
    assert.equal(old.response.headers.get("Sunset"), "Wed, 01 Dec 2027 00:00:00 GMT");
    assert.match(old.response.headers.get("Link") ?? "", /rel="deprecation"/);

    const both = await admin.POST("/v1/caller-ids", { body: { phoneNumber: "+14155550123", isDefault: true, default: false } });
    assert.equal(both.response.status, 400);
    assert.equal(both.error?.error.details?.[0]?.field, "default");
    const { data } = await unwrap(admin.GET("/v1/caller-ids"));
    assert.equal(data.filter((c) => c.isDefault).length, 1);
    assert.ok(!data.some((c) => c.phoneNumber === "+14155550123"), "the refused one was not created");
  });
});

describe("after-call work", () => {
  test("a wrap-up: the outcomes, PATCH by the call's agent, the filters, the contact's history", async () => {
    const { data: outcomes } = await unwrap(api.GET("/v1/call-outcomes"));
    assert.deepEqual(
      outcomes.map((o) => [o.name, o.kind]),
      [
        ["Interested", "connected"],
        ["Not interested", "connected"],
        ["Call back later", "connected"],
        ["Left voicemail", "not_connected"],
        ["No answer", "not_connected"],
        ["Wrong number", "not_connected"],
        ["Do not call", "do_not_call"],
      ],
      "the seven every workspace starts with, in their order",
    );
    for (const o of outcomes) assert.ok(callOutcomeKinds.includes(o.kind), o.kind);
    const interested = outcomes.find((o) => o.name === "Interested");
    assert.ok(interested);

    const { data: grace } = await unwrap(api.POST("/v1/contacts", { body: { firstName: "Grace", lastName: "Wrapup", phone: "+15005550177" } }));
    const { data: voice } = await unwrap(api.GET("/v1/voice/token"));
    const conn = await sim<{ callSid: string }>("/sim/connect", { identity: voice.clientIdentity, to: "+15005550177", callerId, workspaceId });
    const answered = await waitForStatus(conn.callSid, "answered");
    assert.equal(answered.contactId, grace.id, "the browser's dial path finds the contact by its number");
    await sim(`/sim/calls/${answered.customerCallSid}/hangup`, {});
    await waitForStatus(conn.callSid, "completed");

    const path = { callSid: conn.callSid };
    const patch: CallPatch = { outcomeId: interested.id, notes: "Wants a quote.\nCall back Friday.", tags: [" Renewal ", "pricing", "renewal"] };
    const { data: call } = await unwrap(api.PATCH("/v1/calls/{callSid}", { params: { path }, body: patch }));
    const kind: CallOutcomeKind | undefined = call.outcome?.kind;
    assert.deepEqual(call.outcome, { id: interested.id, name: "Interested", kind: "connected" });
    assert.equal(kind, "connected");
    assert.deepEqual(call.tags, ["renewal", "pricing"], "trimmed, lower-cased, no repeats, in the order given");
    assert.equal(call.notes, "Wants a quote.\nCall back Friday.");

    const unknown = await api.PATCH("/v1/calls/{callSid}", { params: { path }, body: { outcomeId: "no-such-outcome" } });
    assert.equal(unknown.response.status, 400);
    assert.equal(unknown.error?.error.code, "invalid_request");
    assert.equal(unknown.error?.error.details?.[0]?.field, "outcomeId");
    const notTheirs = await admin.PATCH("/v1/calls/{callSid}", { params: { path }, body: { notes: "not mine" } });
    assert.equal(notTheirs.response.status, 403, "only the call's agent wraps it up");
    assert.equal(notTheirs.error?.error.code, "not_agent_participant");

    // The filters, typed by the spec.
    const filters: ListCallsParams = { outcomeId: interested.id, tag: "Renewal", contactId: grace.id };
    const { data: found } = await unwrap(api.GET("/v1/calls", { params: { query: filters } }));
    assert.deepEqual(found.map((c) => c.callSid), [conn.callSid]);
    const { data: history } = await unwrap(api.GET("/v1/contacts/{id}/calls", { params: { path: { id: grace.id } } }));
    assert.deepEqual(history.map((c) => [c.callSid, c.outcome?.name, c.notes]), [[conn.callSid, "Interested", "Wants a quote.\nCall back Friday."]]);

    const cleared = await unwrap(api.PATCH("/v1/calls/{callSid}", { params: { path }, body: { tags: null } }));
    assert.deepEqual(cleared.data.tags, [], "null clears");
    assert.equal(cleared.data.outcome?.name, "Interested", "absent leaves alone");
  });

  test("a report read through the client agrees with the calls it counts", async () => {
    // A range around now, two days wide: whatever the hour, every call of
    // this test run is inside it.
    const now = Date.now();
    const from = new Date(now - 86_400_000).toISOString();
    const to = new Date(now + 86_400_000).toISOString();
    const denied = await api.GET("/v1/reports/calls", { params: { query: { from, to, groupBy: "agent" } } });
    assert.equal(denied.response.status, 403, "reports are admin only");

    // The slow reference: every call of the range, as an admin lists them.
    const all: Call[] = [];
    for await (const c of paginate(admin, "/v1/calls", { query: { createdAfter: from, createdBefore: to, limit: 200 } })) all.push(c);
    assert.ok(all.some((c) => c.agentIdentity === "ada" && c.outcome?.name === "Interested"), "the wrap-up's call is counted");

    const sum = (rows: CallReportRow[], k: "calls" | "answered" | "talkSeconds") => rows.reduce((n, r) => n + r[k], 0);
    for (const groupBy of callReportGroupBys) {
      const params: CallReportParams = { from, to, groupBy, ...(groupBy === "day" ? { timeZone: "America/New_York" } : {}) };
      const { data, meta } = await unwrap(admin.GET("/v1/reports/calls", { params: { query: params } }));
      assert.equal(meta.groupBy, groupBy);
      assert.equal(sum(data, "calls"), all.length, `${groupBy}: every call once`);
      assert.equal(sum(data, "answered"), all.filter((c) => c.answeredAt).length, `${groupBy}: answered`);
      assert.equal(sum(data, "talkSeconds"), all.reduce((n, c) => n + (c.duration ?? 0), 0), `${groupBy}: talk time`);
      const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
      for (const r of data) {
        assert.ok(near(r.answerRate, r.answered / r.calls), `${groupBy} ${r.key}: answerRate ${r.answerRate}`);
        assert.ok(near(r.averageTalkSeconds, r.answered ? r.talkSeconds / r.answered : 0), `${groupBy} ${r.key}: averageTalkSeconds`);
      }
      assert.deepEqual(data.map((r) => r.key), [...data.map((r) => r.key)].sort(), `${groupBy}: ordered by key`);
      if (groupBy === "day") {
        assert.equal(meta.timeZone, "America/New_York");
        for (const r of data) assert.match(r.key, /^\d{4}-\d{2}-\d{2}$/);
      }
      if (groupBy === "agent") {
        const ada = data.find((r) => r.key === "ada");
        assert.equal(ada?.calls, all.filter((c) => c.agentIdentity === "ada").length);
      }
    }
  });
});

describe("webhooks", () => {
  test("a delivery verifies with the standardwebhooks package", async () => {
    // A receiver on this machine: simulator mode lets deliveries reach it.
    const got: { body: string; headers: Record<string, string> }[] = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (b: Buffer) => (body += b.toString()));
      req.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
        got.push({ body, headers });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, "127.0.0.1", ok));
    const addr = receiver.address();
    assert.ok(addr && typeof addr === "object");
    try {
      const denied = await api.POST("/v1/webhook-endpoints", {
        body: { url: `http://127.0.0.1:${addr.port}/hooks`, events: ["contact.created"] },
      });
      assert.equal(denied.response.status, 403, "admin only");
      const ep = await unwrap(
        admin.POST("/v1/webhook-endpoints", {
          body: { url: `http://127.0.0.1:${addr.port}/hooks`, events: ["contact.created"] },
        }),
      );
      const secret = ep.data.secret ?? "";
      assert.ok(secret.startsWith("whsec_"), "the secret is shown on creation");
      const { data: contact } = await unwrap(api.POST("/v1/contacts", { body: { firstName: "Hedy", lastName: "Lamarr" } }));

      const deadline = Date.now() + 15_000;
      while (got.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.equal(got.length, 1, "one delivery");
      const delivery = got[0]!;
      const payload = new Webhook(secret).verify(delivery.body, delivery.headers) as { type: string; data: Contact };
      assert.equal(payload.type, "contact.created");
      assert.deepEqual(payload.data, contact, "data is the contact as the API shows it");
      assert.throws(() => new Webhook(`whsec_${Buffer.alloc(32).toString("base64")}`).verify(delivery.body, delivery.headers));

      const events = await unwrap(admin.GET("/v1/events", { params: { query: { type: "contact.created", limit: 1 } } }));
      assert.equal(events.data[0]?.id, delivery.headers["webhook-id"], "webhook-id is the event's id");
    } finally {
      await new Promise((ok) => receiver.close(ok));
    }
  });
});

// Typed events and verifyWebhook, on this server, after the tests above.
webhookSuite(() => ({ srv, api, admin }));
