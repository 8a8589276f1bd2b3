// A thin typed client for the Switchboard API. Everything it knows about the
// API comes from src/schema.ts, which openapi-typescript generates from
// openapi.yaml (`make generate`): a path, parameter or field renamed in the
// spec is a compile error in every caller, here and in the softphone.
import createClient, { type Client, type FetchResponse, type MaybeOptionalInit, type Middleware } from "openapi-fetch";

import type { components, operations, paths } from "./schema.js";

export type { components, operations, paths };

type Schemas = components["schemas"];
export type Contact = Schemas["Contact"];
export type ContactCreate = Schemas["ContactCreate"];
export type ContactList = Schemas["ContactList"];
export type ImportResult = Schemas["ImportResult"];
export type DncEntry = Schemas["DncEntry"];
export type Call = Schemas["Call"];
export type CallStatus = Schemas["CallStatus"];
export type Transfer = Schemas["Transfer"];
export type Recording = Schemas["Recording"];
export type CallerId = Schemas["CallerId"];
export type VoiceToken = Schemas["VoiceToken"];
export type ApiError = Schemas["Error"];
/** The error table's codes: a code the spec does not list does not compile. */
export type ErrorCode = Schemas["ErrorCode"];
export type DncCheck = Schemas["DncCheck"];
export type ListMeta = Schemas["ListMeta"];
export type Event = Schemas["Event"];
export type EventType = Schemas["EventType"];
export type WebhookEndpoint = Schemas["WebhookEndpoint"];
export type WebhookDelivery = Schemas["WebhookDelivery"];

// After-call work: what came of a call, and the figures over calls.
export type CallCreate = Schemas["CallCreate"];
/** `PATCH /v1/calls/{callSid}`: outcomeId, notes, tags; absent leaves alone, null clears. */
export type CallPatch = Schemas["CallPatch"];
export type CallOutcome = Schemas["CallOutcome"];
/** A call's outcome as the call carries it (`Call.outcome` is this or null). */
export type CallOutcomeRef = NonNullable<Schemas["CallOutcomeRef"]>;
/** `connected`, `not_connected` or `do_not_call` (which lists the call's number). */
export type CallOutcomeKind = Schemas["CallOutcomeKind"];
export type CallOutcomeCreate = Schemas["CallOutcomeCreate"];
export type CallOutcomePatch = Schemas["CallOutcomePatch"];
export type CallReport = Schemas["CallReport"];
export type CallReportRow = Schemas["CallReportRow"];
export type CallReportMeta = Schemas["CallReportMeta"];
/** What a report row stands for: `agent`, `outcome` or `day`. */
export type CallReportGroupBy = Schemas["CallReportGroupBy"];
/** The query of `GET /v1/reports/calls`: from, to (RFC 3339), groupBy, timeZone. */
export type CallReportParams = operations["reportCalls"]["parameters"]["query"];
/**
 * The filters of `GET /v1/calls` (status, contactId, outcomeId, tag, agent,
 * createdAfter, createdBefore) and its paging; `ListQuery<"/v1/calls">` is
 * the same less the paging position, for `paginate` and `pages`.
 */
export type ListCallsParams = NonNullable<operations["listCalls"]["parameters"]["query"]>;
/** Who answered the customer leg, by answering-machine detection; null until its verdict (or without detection). */
export type AnsweredBy = Schemas["AnsweredBy"];
export type VoicemailDrop = Schemas["VoicemailDrop"];
export type DialList = Schemas["DialList"];
/** `active`, `paused` or `done`. */
export type DialListStatus = DialList["status"];
/** An entry of a dial list (`next`'s `entry`: null when none is dialable now). */
export type DialListEntry = NonNullable<Schemas["DialListEntry"]>;
/** `pending`, `leased`, `done`, `skipped` or `exhausted`. */
export type DialListEntryStatus = Schemas["DialListEntryStatus"];
/** What `POST /v1/dial-lists/{id}/next` answers: the leased entry (or null) and what it skipped on the way. */
export type DialNext = Schemas["DialNext"];
/** An entry `next` passed over: the dial check's reason and, unless skipped for good, when it may be dialled. */
export type DialSkip = Schemas["DialSkip"];

// Written as records so that a value added to the spec's enum is a compile
// error here until it is listed.
const outcomeKinds: Record<CallOutcomeKind, true> = { connected: true, not_connected: true, do_not_call: true };
const reportGroups: Record<CallReportGroupBy, true> = { agent: true, outcome: true, day: true };
/** Every outcome kind, in the spec's order. */
export const callOutcomeKinds = Object.keys(outcomeKinds) as readonly CallOutcomeKind[];
/** Every report grouping, in the spec's order. */
export const callReportGroupBys = Object.keys(reportGroups) as readonly CallReportGroupBy[];

const entryStatuses: Record<DialListEntryStatus, true> = { pending: true, leased: true, done: true, skipped: true, exhausted: true };
/** Every dial list entry status, in the spec's order. */
export const dialListEntryStatuses = Object.keys(entryStatuses) as readonly DialListEntryStatus[];

/** Whether the verdict is an answering machine's (`machine_start`, `machine_end_*`): the moment to drop a voicemail. */
export function answeredByMachine(answeredBy: AnsweredBy | undefined): boolean {
  return !!answeredBy && answeredBy.startsWith("machine_");
}

/** The statuses after which a call changes no more. */
export const finalCallStatuses: readonly CallStatus[] = ["completed", "no-answer", "busy", "failed"];

export interface SwitchboardOptions {
  /** Where the service is, e.g. "http://localhost:8080" ("" for the page's own origin). */
  baseUrl: string;
  /** The bearer token, or a function read at every request (a sign-in that can change). */
  token?: string | (() => string | undefined);
  /** Another fetch (tests, instrumentation); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

type Method = "get" | "post" | "patch" | "delete";
/** The paths that have method M (openapi-typescript writes `get?: never` for the others). */
type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: unknown } ? P : never;
}[keyof paths];
type Init<P extends keyof paths, M extends Method> = MaybeOptionalInit<paths[P], M>;
type InitArgs<I> = undefined extends I ? [init?: I] : [init: I];

/**
 * One method of the client. openapi-fetch infers its `init` argument as a
 * type parameter that only has to extend the operation's options, so an
 * unknown body field (`{body: {frstName: "x"}}` for a contact, whose fields
 * are all optional) slipped through. Here `init` is typed from the path
 * alone: the object literal is checked against the operation's exact body,
 * parameters and options, and a field the spec does not name is a compile
 * error at any depth.
 */
type ExactMethod<M extends Method> = <P extends PathsWith<M>>(
  url: P,
  ...init: InitArgs<Init<P, M>>
) => Promise<FetchResponse<paths[P][M] & Record<string | number, unknown>, Init<P, M>, `${string}/${string}`>>;

/** The client: openapi-fetch's, with methods that reject unknown fields. */
export type SwitchboardClient = Omit<Client<paths>, "GET" | "PUT" | "POST" | "DELETE" | "OPTIONS" | "HEAD" | "PATCH" | "TRACE"> & {
  GET: ExactMethod<"get">;
  POST: ExactMethod<"post">;
  PATCH: ExactMethod<"patch">;
  DELETE: ExactMethod<"delete">;
};

/**
 * createSwitchboardClient returns an openapi-fetch client typed by the spec:
 * `client.GET("/v1/contacts/{id}", {params: {path: {id}}})` answers
 * `{data, error, response}` with `data` and `error` typed per status.
 */
export function createSwitchboardClient(opts: SwitchboardOptions): SwitchboardClient {
  const client = createClient<paths>({
    baseUrl: opts.baseUrl,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  const auth: Middleware = {
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
  return client as unknown as SwitchboardClient;
}

/** SwitchboardError is the API's error envelope as a thrown Error. */
export class SwitchboardError extends Error {
  readonly status: number;
  /** The envelope's code; "unknown" when the answer carried no envelope (a proxy's page, say). */
  readonly code: ErrorCode | "unknown";
  readonly details: NonNullable<ApiError["details"]>;
  readonly requestId: string | null;

  constructor(status: number, body: ApiError | undefined, requestId: string | null) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = "SwitchboardError";
    this.status = status;
    this.code = body?.code ?? "unknown";
    this.details = body?.details ?? [];
    this.requestId = requestId;
  }
}

type Result<D> =
  | { data: D; error?: never; response: Response }
  | { data?: never; error: unknown; response: Response };

/**
 * unwrap turns an openapi-fetch result into its `data`, or throws a
 * SwitchboardError carrying the envelope's code:
 * `const {data: contact} = await unwrap(client.POST("/v1/contacts", {body}))`.
 */
export async function unwrap<D>(pending: Promise<Result<D>>): Promise<NonNullable<D>> {
  const r = await pending;
  if (r.error !== undefined || !r.response.ok) {
    const env = r.error as { error?: ApiError } | undefined;
    throw new SwitchboardError(r.response.status, env?.error, r.response.headers.get("X-Request-Id"));
  }
  return r.data as NonNullable<D>;
}

/**
 * importCsv sends a CSV body as text/csv (the import's other form is
 * multipart/form-data with a `file` part, see importCsvFile).
 */
export function importCsv(
  client: SwitchboardClient,
  csv: string,
  query: operations["importContacts"]["parameters"]["query"] = {},
) {
  return client.POST("/v1/contacts/import", {
    params: { query },
    body: csv,
    bodySerializer: (body) => body as string,
    headers: { "Content-Type": "text/csv" },
  });
}

/** importCsvFile uploads a file (a browser File or a Blob) as multipart/form-data. */
export function importCsvFile(
  client: SwitchboardClient,
  file: Blob,
  fields: Omit<Schemas["ImportForm"], "file"> = {},
) {
  return client.POST("/v1/contacts/import", {
    // The schema's `format: binary` is typed as a string; the serializer
    // below sends the Blob itself.
    body: { ...fields, file: "" },
    bodySerializer: (body) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(body)) {
        if (k !== "file" && v !== undefined) form.append(k, String(v));
      }
      form.append("file", file, "contacts.csv");
      return form;
    },
  });
}

export { type ItemOf, type ListParams, type ListPath, type ListQuery, type PageOf, pages, paginate, searchPages } from "./paginate.js";
export {
  type VerifyWebhookOptions,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
  type WebhookHeaders,
  WebhookVerificationError,
  verifyWebhook,
  webhookEventTypes,
} from "./webhooks.js";
