// A thin typed client for the Switchboard API. Everything it knows about the
// API comes from src/schema.ts, which openapi-typescript generates from
// openapi.yaml (`make generate`): a path, parameter or field renamed in the
// spec is a compile error in every caller, here and in the softphone.
import createClient from "openapi-fetch";
// Written as records so that a value added to the spec's enum is a compile
// error here until it is listed.
const outcomeKinds = { connected: true, not_connected: true, do_not_call: true };
const reportGroups = { agent: true, outcome: true, day: true };
/** Every outcome kind, in the spec's order. */
export const callOutcomeKinds = Object.keys(outcomeKinds);
/** Every report grouping, in the spec's order. */
export const callReportGroupBys = Object.keys(reportGroups);
/** The statuses after which a call changes no more. */
export const finalCallStatuses = ["completed", "no-answer", "busy", "failed"];
/**
 * createSwitchboardClient returns an openapi-fetch client typed by the spec:
 * `client.GET("/v1/contacts/{id}", {params: {path: {id}}})` answers
 * `{data, error, response}` with `data` and `error` typed per status.
 */
export function createSwitchboardClient(opts) {
    const client = createClient({
        baseUrl: opts.baseUrl,
        ...(opts.fetch ? { fetch: opts.fetch } : {}),
    });
    const auth = {
        onRequest({ request }) {
            const token = typeof opts.token === "function" ? opts.token() : opts.token;
            if (token && !request.headers.has("Authorization")) {
                request.headers.set("Authorization", `Bearer ${token}`);
            }
            return request;
        },
    };
    client.use(auth);
    // The same object: SwitchboardClient only narrows what callers may pass.
    return client;
}
/** SwitchboardError is the API's error envelope as a thrown Error. */
export class SwitchboardError extends Error {
    status;
    /** The envelope's code; "unknown" when the answer carried no envelope (a proxy's page, say). */
    code;
    details;
    requestId;
    constructor(status, body, requestId) {
        super(body?.message ?? `HTTP ${status}`);
        this.name = "SwitchboardError";
        this.status = status;
        this.code = body?.code ?? "unknown";
        this.details = body?.details ?? [];
        this.requestId = requestId;
    }
}
/**
 * unwrap turns an openapi-fetch result into its `data`, or throws a
 * SwitchboardError carrying the envelope's code:
 * `const {data: contact} = await unwrap(client.POST("/v1/contacts", {body}))`.
 */
export async function unwrap(pending) {
    const r = await pending;
    if (r.error !== undefined || !r.response.ok) {
        const env = r.error;
        throw new SwitchboardError(r.response.status, env?.error, r.response.headers.get("X-Request-Id"));
    }
    return r.data;
}
/**
 * importCsv sends a CSV body as text/csv (the import's other form is
 * multipart/form-data with a `file` part, see importCsvFile).
 */
export function importCsv(client, csv, query = {}) {
    return client.POST("/v1/contacts/import", {
        params: { query },
        body: csv,
        bodySerializer: (body) => body,
        headers: { "Content-Type": "text/csv" },
    });
}
/** importCsvFile uploads a file (a browser File or a Blob) as multipart/form-data. */
export function importCsvFile(client, file, fields = {}) {
    return client.POST("/v1/contacts/import", {
        // The schema's `format: binary` is typed as a string; the serializer
        // below sends the Blob itself.
        body: { ...fields, file: "" },
        bodySerializer: (body) => {
            const form = new FormData();
            for (const [k, v] of Object.entries(body)) {
                if (k !== "file" && v !== undefined)
                    form.append(k, String(v));
            }
            form.append("file", file, "contacts.csv");
            return form;
        },
    });
}
export { pages, paginate, searchPages } from "./paginate.js";
export { WebhookVerificationError, verifyWebhook, webhookEventTypes, } from "./webhooks.js";
