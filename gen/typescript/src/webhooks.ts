// Receiving Switchboard's webhooks: the typed body of a delivery and its
// verification, as the service signs it (Standard Webhooks: the headers
// webhook-id, webhook-timestamp and webhook-signature, `v1,` and the base64
// HMAC-SHA256 of "id.timestamp.body" keyed with the bytes of the secret
// after `whsec_`). Only Web Crypto (crypto.subtle), atob and TextEncoder are
// used, so it runs in browsers, Node 20 and edge runtimes with no
// dependency; the Node test checks it against the standardwebhooks package
// on real deliveries.
import type { components } from "./schema.js";

/**
 * The body of a delivery: `{type, timestamp, data}`, one event type's body
 * of the spec's `WebhookEvent` union. A `switch (event.type)` narrows
 * `data` to that type's resource (a `Contact` for `contact.created`, a
 * `Call` for `call.completed`, …).
 */
export type WebhookEvent = components["schemas"]["WebhookEvent"];
/** Every event type a delivery may carry. */
export type WebhookEventType = WebhookEvent["type"];
// Written as a record so that a type added to the spec is a compile error
// here until it is listed.
const eventTypes: Record<WebhookEventType, true> = {
  "contact.created": true, "contact.updated": true, "contact.deleted": true, "contacts.imported": true,
  "dnc.added": true, "dnc.removed": true,
  "call.initiated": true, "call.ringing": true, "call.answered": true, "call.completed": true, "call.transfer.updated": true,
  "recording.completed": true, "call.outcome_set": true, "dial_list.done": true,
};
/** Every event type, in the spec's order (what an endpoint may subscribe to). */
export const webhookEventTypes = Object.keys(eventTypes) as readonly WebhookEventType[];
/** The body of a delivery of type T: `WebhookEventOf<"recording.completed">["data"]` is a `Recording`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;

/** A delivery's headers: a fetch `Headers`, or a plain object such as Node's `req.headers`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** The time the timestamp is checked against; the clock's by default. */
  now?: Date;
  /** How far the timestamp may be from `now`, either way, in seconds: 300 (Standard Webhooks') by default. */
  toleranceSeconds?: number;
}

/** A delivery that did not verify: its message says why. Answer it with a 4xx. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

const encoder = new TextEncoder();

/**
 * verifyWebhook checks a delivery's signature with the endpoint's secret
 * (`whsec_…`, shown on its creation and rotation) and its timestamp, then
 * returns its body as a typed event; it throws a WebhookVerificationError
 * when any check fails. Pass the body exactly as received (the raw text or
 * bytes: a re-serialized object no longer matches its signature). During
 * the 24 hours after a rotation a delivery carries two signatures; either
 * secret verifies it. Deduplicate on the `webhook-id` header: a retry
 * repeats it.
 */
export async function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array | ArrayBuffer,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature header");
  }
  if (!/^[0-9]+$/.test(timestamp)) throw new WebhookVerificationError("webhook-timestamp is not Unix seconds");
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  const ts = Number(timestamp);
  if (now - ts > tolerance) throw new WebhookVerificationError("webhook-timestamp is too old");
  if (ts - now > tolerance) throw new WebhookVerificationError("webhook-timestamp is too far in the future");

  const key = await crypto.subtle.importKey(
    "raw",
    decodeBase64(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "the secret"),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const raw = bytesOf(body);
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + raw.length);
  signed.set(prefix);
  signed.set(raw, prefix.length);
  let verified = false;
  for (const versioned of signatures.split(" ")) {
    const [version, signature] = versioned.split(",", 2);
    if (version !== "v1" || !signature) continue;
    let mac: Uint8Array<ArrayBuffer>;
    try {
      mac = decodeBase64(signature, "a signature");
    } catch {
      continue;
    }
    // crypto.subtle.verify compares in constant time.
    if (await crypto.subtle.verify("HMAC", key, mac, signed)) {
      verified = true;
      break;
    }
  }
  if (!verified) throw new WebhookVerificationError("no signature matches the secret");

  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    throw new WebhookVerificationError("the body is not JSON");
  }
  const e = event as { type?: unknown; data?: unknown } | null;
  if (typeof e !== "object" || e === null || typeof e.type !== "string" || typeof e.data !== "object" || e.data === null) {
    throw new WebhookVerificationError("the body is not a Switchboard event");
  }
  // Types are added, never renamed: a type newer than this client passes
  // here; a switch over event.type should acknowledge what it does not know.
  return event as WebhookEvent;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (k.toLowerCase() === name) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

function bytesOf(body: string | Uint8Array | ArrayBuffer): Uint8Array<ArrayBuffer> {
  if (typeof body === "string") return encoder.encode(body);
  const view = body instanceof ArrayBuffer ? new Uint8Array(body) : body;
  const copy = new Uint8Array(view.length);
  copy.set(view);
  return copy;
}

function decodeBase64(s: string, what: string): Uint8Array<ArrayBuffer> {
  let bin: string;
  try {
    bin = atob(s);
  } catch {
    throw new WebhookVerificationError(`${what} is not base64`);
  }
  if (bin.length === 0) throw new WebhookVerificationError(`${what} is empty`);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
