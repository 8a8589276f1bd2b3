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
/** Every event type, in the spec's order (what an endpoint may subscribe to). */
export declare const webhookEventTypes: readonly WebhookEventType[];
/** The body of a delivery of type T: `WebhookEventOf<"recording.completed">["data"]` is a `Recording`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, {
    type: T;
}>;
/** A delivery's headers: a fetch `Headers`, or a plain object such as Node's `req.headers`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;
export interface VerifyWebhookOptions {
    /** The time the timestamp is checked against; the clock's by default. */
    now?: Date;
    /** How far the timestamp may be from `now`, either way, in seconds: 300 (Standard Webhooks') by default. */
    toleranceSeconds?: number;
}
/** A delivery that did not verify: its message says why. Answer it with a 4xx. */
export declare class WebhookVerificationError extends Error {
    constructor(message: string);
}
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
export declare function verifyWebhook(secret: string, headers: WebhookHeaders, body: string | Uint8Array | ArrayBuffer, options?: VerifyWebhookOptions): Promise<WebhookEvent>;
