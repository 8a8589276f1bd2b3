// The typed webhooks against the real program: deliveries of every event
// type, signed by the service, verified by verifyWebhook and by the
// standardwebhooks package, which must agree on each (and on what they
// refuse); the union narrows each body to its type's data; the receiver of
// docs/webhooks.md handles real deliveries. api.test.ts runs the suite on
// its server, after its own tests.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { describe, test } from "node:test";

import { Webhook } from "standardwebhooks";

import {
  type Call,
  type SwitchboardClient,
  type WebhookEvent,
  WebhookVerificationError,
  importCsv,
  unwrap,
  verifyWebhook,
  webhookEventTypes,
} from "../src/index.js";
import { describeEvent, receiver } from "./receiver.js";
import type { RunningServer } from "./server.js";

interface Delivery {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** A webhook endpoint on this machine (simulator mode lets deliveries reach it) that keeps what it gets. */
async function collector() {
  const got: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (b: Buffer) => chunks.push(b));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      got.push({ path: req.url ?? "", headers, body: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const addr = server.address();
  assert.ok(addr && typeof addr === "object");
  return { url: `http://127.0.0.1:${addr.port}`, got, close: () => new Promise((ok) => server.close(ok)) };
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      s.close(() => (addr && typeof addr === "object" ? ok(addr.port) : fail(new Error("no port"))));
    });
  });
}

async function until(what: string, cond: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What each type promises of its data, read through the narrowed union: a type left out does not compile. */
function check(e: WebhookEvent): string {
  switch (e.type) {
    case "contact.created":
    case "contact.updated":
    case "contact.deleted":
      return e.data.id;
    case "contacts.imported":
      return `${e.data.imported}`;
    case "dnc.added":
      return e.data.phone;
    case "dnc.removed":
      assert.ok(e.data.removedAt, "a removed entry says when");
      return e.data.phone;
    case "call.initiated":
    case "call.ringing":
    case "call.answered":
    case "call.completed":
      assert.equal(e.type, `call.${e.data.status}`);
      return e.data.callSid;
    case "call.transfer.updated":
      assert.ok(e.data.transfer, "a transfer event carries its transfer");
      return e.data.callSid;
    case "call.outcome_set":
      assert.ok(e.data.outcome, "the outcome set");
      return e.data.callSid;
    case "recording.completed":
      assert.equal(e.data.status, "completed");
      return e.data.recordingSid;
    case "dial_list.done":
      assert.equal(e.data.status, "done");
      assert.equal(e.data.remaining, 0);
      return e.data.id;
    default: {
      const unknown: never = e;
      return unknown;
    }
  }
}

export function webhookSuite(ctx: () => { srv: RunningServer; api: SwitchboardClient; admin: SwitchboardClient }) {
  describe("typed webhooks", () => {
    test("every event type: verifyWebhook and standardwebhooks agree on real deliveries, and the union narrows each", async () => {
      const { srv, api, admin } = ctx();
      const hooks = await collector();
      const lastOf = new Map<string, WebhookEvent>();
      const secrets = new Map<string, string>();
      try {
        // An endpoint lists at most 12 types: two endpoints share them.
        const half = Math.ceil(webhookEventTypes.length / 2);
        for (const [path, events] of [["/a", webhookEventTypes.slice(0, half)], ["/b", webhookEventTypes.slice(half)]] as const) {
          const ep = await unwrap(admin.POST("/v1/webhook-endpoints", { body: { url: hooks.url + path, events: [...events] } }));
          secrets.set(path, ep.data.secret ?? "");
        }
        const callSid = await everyEvent(srv, api, admin);

        const types = () => new Set(hooks.got.map((d) => (JSON.parse(d.body.toString()) as { type: string }).type));
        await until("a delivery of every type", () => types().size === webhookEventTypes.length);
        for (const d of hooks.got) {
          const secret = secrets.get(d.path) ?? "";
          const event = await verifyWebhook(secret, d.headers, d.body);
          assert.deepEqual(event, new Webhook(secret).verify(d.body.toString(), d.headers), "the two verifiers agree");
          assert.ok(check(event));
          lastOf.set(event.type, event);
        }
        const done = lastOf.get("call.completed");
        assert.equal(done?.type === "call.completed" && done.data.callSid, callSid);
      } finally {
        await hooks.close();
      }
    });

    test("a tampered body, an old or future timestamp, a wrong secret, a missing header: refused by both", async () => {
      const { api, admin } = ctx();
      const hooks = await collector();
      try {
        const ep = await unwrap(admin.POST("/v1/webhook-endpoints", { body: { url: hooks.url, events: ["contact.created"] } }));
        const secret = ep.data.secret ?? "";
        await unwrap(api.POST("/v1/contacts", { body: { firstName: "Radia", lastName: "Perlman" } }));
        await until("the delivery", () => hooks.got.length === 1);
        const d = hooks.got[0]!;
        const body = d.body.toString();
        const ts = Number(d.headers["webhook-timestamp"]);
        const wh = new Webhook(secret);
        const refused = async (what: string, headers: Record<string, string>, b: string, s = secret, now?: Date) => {
          await assert.rejects(verifyWebhook(s, headers, b, now ? { now } : {}), WebhookVerificationError, `verifyWebhook: ${what}`);
          if (!now) assert.throws(() => new Webhook(s).verify(b, headers), `standardwebhooks: ${what}`);
        };

        const accepted = await verifyWebhook(secret, d.headers, body);
        assert.equal(accepted.type === "contact.created" && accepted.data.firstName, "Radia");
        await refused("a tampered body", d.headers, body.replace("Radia", "Radio"));
        await refused("a wrong secret", d.headers, body, `whsec_${Buffer.alloc(32, 7).toString("base64")}`);
        for (const h of ["webhook-id", "webhook-timestamp", "webhook-signature"]) {
          const { [h]: _, ...rest } = d.headers;
          await refused(`no ${h}`, rest, body);
        }
        // Signed right, but 10 minutes old or ahead: a replay is refused.
        for (const shift of [-600, 600]) {
          const at = new Date((ts + shift) * 1000);
          const headers = { ...d.headers, "webhook-timestamp": String(ts + shift), "webhook-signature": wh.sign(d.headers["webhook-id"]!, at, body) };
          await refused(`a timestamp ${shift} s away`, headers, body);
        }
        // The real delivery, with the clock 5 minutes on: in tolerance up to
        // 300 s, refused after (the clock injected, not waited for).
        await verifyWebhook(secret, d.headers, body, { now: new Date((ts + 300) * 1000) });
        await refused("a delivery 301 s old", d.headers, body, secret, new Date((ts + 301) * 1000));

        // After a rotation a delivery carries both signatures: either secret verifies it.
        const rotated = await unwrap(admin.POST("/v1/webhook-endpoints/{id}/rotate-secret", { params: { path: { id: ep.data.id } } }));
        const fresh = rotated.data.secret ?? "";
        await unwrap(api.POST("/v1/contacts", { body: { firstName: "Barbara", lastName: "Liskov" } }));
        await until("the second delivery", () => hooks.got.length === 2);
        const r = hooks.got[1]!;
        assert.equal(r.headers["webhook-signature"]?.split(" ").length, 2);
        for (const s of [secret, fresh]) {
          assert.deepEqual(await verifyWebhook(s, r.headers, r.body), new Webhook(s).verify(r.body.toString(), r.headers));
        }
      } finally {
        await hooks.close();
      }
    });

    test("the receiver of docs/webhooks.md takes real deliveries and refuses a forged one", async () => {
      const { api, admin } = ctx();
      const seen: string[] = [];
      // The endpoint first (its secret is the receiver's), at a free port
      // the receiver then takes: nothing is delivered before the contact.
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/`;
      const ep = await unwrap(admin.POST("/v1/webhook-endpoints", { body: { url, events: ["contact.created"] } }));
      const hook = receiver(ep.data.secret ?? "", (e, id) => seen.push(`${id} ${describeEvent(e)}`));
      await new Promise<void>((ok) => hook.listen(port, "127.0.0.1", ok));
      try {
        await unwrap(api.POST("/v1/contacts", { body: { firstName: "Katherine", phone: "+14155550123" } }));
        await until("the receiver to handle it", () => seen.length === 1);
        assert.match(seen[0]!, /^\S+ new contact Katherine \+14155550123$/);
        const forged = await fetch(url, {
          method: "POST",
          headers: { "webhook-id": "x", "webhook-timestamp": String(Math.floor(Date.now() / 1000)), "webhook-signature": "v1,AAAA" },
          body: "{}",
        });
        assert.equal(forged.status, 401);
        assert.equal(seen.length, 1);
      } finally {
        await new Promise((ok) => hook.close(ok));
      }
    });
  });
}

/** Makes the program record an event of every type; returns the call's SID. */
async function everyEvent(srv: RunningServer, api: SwitchboardClient, admin: SwitchboardClient): Promise<string> {
  const sim = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(srv.baseUrl + path, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    assert.ok(res.status < 300, `${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  const { data: hedy } = await unwrap(api.POST("/v1/contacts", { body: { firstName: "Hedy", phone: "+14155550166" } }));
  await unwrap(api.PATCH("/v1/contacts/{id}", { params: { path: { id: hedy.id } }, body: { company: "Frequency Hopping" } }));
  const gone = await api.DELETE("/v1/contacts/{id}", { params: { path: { id: hedy.id } } });
  assert.equal(gone.response.status, 204);
  await unwrap(importCsv(api, "first name,phone\nGrace,+14155550167\n"));
  // A dial list of one contact on the do-not-call list: next skips it for
  // good, and the list is done.
  const { data: ida } = await unwrap(api.POST("/v1/contacts", { body: { firstName: "Ida", phone: "+14155550169" } }));
  await unwrap(api.POST("/v1/dnc", { body: { phone: "+14155550169", reason: "asked" } }));
  const { data: list } = await unwrap(admin.POST("/v1/dial-lists", { body: { name: "Every event", contactIds: [ida.id] } }));
  const next = await unwrap(api.POST("/v1/dial-lists/{id}/next", { params: { path: { id: list.id } } }));
  assert.equal(next.data.entry, null);
  assert.equal(next.data.skipped[0]?.reason, "dnc_blocked");
  const { data: entry } = await unwrap(api.POST("/v1/dnc", { body: { phone: "+14155550168", reason: "asked" } }));
  const removed = await admin.DELETE("/v1/dnc/{id}", { params: { path: { id: entry.id }, query: { reason: "by mistake" } } });
  assert.equal(removed.response.status, 204);

  const ids = await unwrap(api.GET("/v1/caller-ids"));
  if (!ids.data.some((c) => c.phoneNumber === "+15005550006")) {
    await unwrap(admin.POST("/v1/caller-ids", { body: { phoneNumber: "+15005550006" } }));
  }
  const { data: voice } = await unwrap(api.GET("/v1/voice/token"));
  const conn = await sim<{ callSid: string }>("/sim/connect", { identity: voice.clientIdentity, to: "+15005550100" });
  const path = { callSid: conn.callSid };
  let call: Call | undefined;
  await until("the customer to answer", async () => {
    call = (await unwrap(api.GET("/v1/calls/{callSid}", { params: { path } }))).data;
    return call.status === "answered" && call.customerCallSid !== "";
  });
  const rec = await unwrap(api.POST("/v1/recordings", { body: { callSid: conn.callSid } }));
  await unwrap(api.POST("/v1/recordings/{recordingSid}", { params: { path: { recordingSid: rec.data.recordingSid } }, body: { status: "stopped" } }));
  await unwrap(api.POST("/v1/calls/{callSid}/transfer", { params: { path }, body: { target: "+15005550100", type: "warm" } }));
  await unwrap(api.POST("/v1/calls/{callSid}/transfer/cancel", { params: { path } }));
  await sim(`/sim/calls/${call!.customerCallSid}/hangup`, {});
  await until("the call to complete", async () => (await unwrap(api.GET("/v1/calls/{callSid}", { params: { path } }))).data.status === "completed");
  const outcomes = await unwrap(api.GET("/v1/call-outcomes"));
  const interested = outcomes.data.find((o) => o.name === "Interested");
  assert.ok(interested);
  await unwrap(api.PATCH("/v1/calls/{callSid}", { params: { path }, body: { outcomeId: interested.id } }));
  return conn.callSid;
}
