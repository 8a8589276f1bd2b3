// The TypeScript receiver of docs/webhooks.md, word for word between the
// markers (TestWebhooksPage holds the page to it, with the import from
// "@switchboard/client"); webhooks.ts runs it against real deliveries.
// docs:receiver
import { createServer } from "node:http";
import { type WebhookEvent, WebhookVerificationError, verifyWebhook } from "../src/index.js";

export function receiver(secret: string, handle: (event: WebhookEvent, id: string) => void) {
  return createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      // The raw body, as received: a re-serialized one no longer matches its signature.
      const event = await verifyWebhook(secret, req.headers, Buffer.concat(chunks));
      handle(event, String(req.headers["webhook-id"])); // deduplicate on webhook-id: a retry repeats it
      res.writeHead(204).end();
    } catch (e) {
      res.writeHead(e instanceof WebhookVerificationError ? 401 : 500).end();
    }
  });
}

export function describeEvent(event: WebhookEvent): string {
  switch (event.type) { // narrows event.data to the type's resource
    case "contact.created":
      return `new contact ${event.data.firstName} ${event.data.phone}`;
    case "call.completed":
      return `call ${event.data.callSid} ended: ${event.data.status}`;
    case "recording.completed":
      return `recording ${event.data.recordingSid}: ${event.data.mediaUrl}`;
    default:
      return event.type; // acknowledge the types you do not handle (new ones may come)
  }
}
// docs:end
