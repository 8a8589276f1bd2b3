// Written as a record so that a type added to the spec is a compile error
// here until it is listed.
const eventTypes = {
    "contact.created": true, "contact.updated": true, "contact.deleted": true, "contacts.imported": true,
    "dnc.added": true, "dnc.removed": true,
    "call.initiated": true, "call.ringing": true, "call.answered": true, "call.completed": true, "call.transfer.updated": true,
    "recording.completed": true, "call.outcome_set": true,
};
/** Every event type, in the spec's order (what an endpoint may subscribe to). */
export const webhookEventTypes = Object.keys(eventTypes);
/** A delivery that did not verify: its message says why. Answer it with a 4xx. */
export class WebhookVerificationError extends Error {
    constructor(message) {
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
export async function verifyWebhook(secret, headers, body, options = {}) {
    const id = header(headers, "webhook-id");
    const timestamp = header(headers, "webhook-timestamp");
    const signatures = header(headers, "webhook-signature");
    if (!id || !timestamp || !signatures) {
        throw new WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature header");
    }
    if (!/^[0-9]+$/.test(timestamp))
        throw new WebhookVerificationError("webhook-timestamp is not Unix seconds");
    const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
    const tolerance = options.toleranceSeconds ?? 300;
    const ts = Number(timestamp);
    if (now - ts > tolerance)
        throw new WebhookVerificationError("webhook-timestamp is too old");
    if (ts - now > tolerance)
        throw new WebhookVerificationError("webhook-timestamp is too far in the future");
    const key = await crypto.subtle.importKey("raw", decodeBase64(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "the secret"), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    const raw = bytesOf(body);
    const prefix = encoder.encode(`${id}.${timestamp}.`);
    const signed = new Uint8Array(prefix.length + raw.length);
    signed.set(prefix);
    signed.set(raw, prefix.length);
    let verified = false;
    for (const versioned of signatures.split(" ")) {
        const [version, signature] = versioned.split(",", 2);
        if (version !== "v1" || !signature)
            continue;
        let mac;
        try {
            mac = decodeBase64(signature, "a signature");
        }
        catch {
            continue;
        }
        // crypto.subtle.verify compares in constant time.
        if (await crypto.subtle.verify("HMAC", key, mac, signed)) {
            verified = true;
            break;
        }
    }
    if (!verified)
        throw new WebhookVerificationError("no signature matches the secret");
    let event;
    try {
        event = JSON.parse(new TextDecoder().decode(raw));
    }
    catch {
        throw new WebhookVerificationError("the body is not JSON");
    }
    const e = event;
    if (typeof e !== "object" || e === null || typeof e.type !== "string" || typeof e.data !== "object" || e.data === null) {
        throw new WebhookVerificationError("the body is not a Switchboard event");
    }
    // Types are added, never renamed: a type newer than this client passes
    // here; a switch over event.type should acknowledge what it does not know.
    return event;
}
function header(headers, name) {
    if (typeof headers.get === "function")
        return headers.get(name) ?? undefined;
    for (const [k, v] of Object.entries(headers)) {
        if (k.toLowerCase() === name)
            return Array.isArray(v) ? v[0] : v;
    }
    return undefined;
}
function bytesOf(body) {
    if (typeof body === "string")
        return encoder.encode(body);
    const view = body instanceof ArrayBuffer ? new Uint8Array(body) : body;
    const copy = new Uint8Array(view.length);
    copy.set(view);
    return copy;
}
function decodeBase64(s, what) {
    let bin;
    try {
        bin = atob(s);
    }
    catch {
        throw new WebhookVerificationError(`${what} is not base64`);
    }
    if (bin.length === 0)
        throw new WebhookVerificationError(`${what} is empty`);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++)
        out[i] = bin.charCodeAt(i);
    return out;
}
