import { type Client, type FetchResponse, type MaybeOptionalInit } from "openapi-fetch";
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
/** Every outcome kind, in the spec's order. */
export declare const callOutcomeKinds: readonly CallOutcomeKind[];
/** Every report grouping, in the spec's order. */
export declare const callReportGroupBys: readonly CallReportGroupBy[];
/** The statuses after which a call changes no more. */
export declare const finalCallStatuses: readonly CallStatus[];
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
    [P in keyof paths]: paths[P] extends {
        [K in M]: unknown;
    } ? P : never;
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
type ExactMethod<M extends Method> = <P extends PathsWith<M>>(url: P, ...init: InitArgs<Init<P, M>>) => Promise<FetchResponse<paths[P][M] & Record<string | number, unknown>, Init<P, M>, `${string}/${string}`>>;
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
export declare function createSwitchboardClient(opts: SwitchboardOptions): SwitchboardClient;
/** SwitchboardError is the API's error envelope as a thrown Error. */
export declare class SwitchboardError extends Error {
    readonly status: number;
    /** The envelope's code; "unknown" when the answer carried no envelope (a proxy's page, say). */
    readonly code: ErrorCode | "unknown";
    readonly details: NonNullable<ApiError["details"]>;
    readonly requestId: string | null;
    constructor(status: number, body: ApiError | undefined, requestId: string | null);
}
type Result<D> = {
    data: D;
    error?: never;
    response: Response;
} | {
    data?: never;
    error: unknown;
    response: Response;
};
/**
 * unwrap turns an openapi-fetch result into its `data`, or throws a
 * SwitchboardError carrying the envelope's code:
 * `const {data: contact} = await unwrap(client.POST("/v1/contacts", {body}))`.
 */
export declare function unwrap<D>(pending: Promise<Result<D>>): Promise<NonNullable<D>>;
/**
 * importCsv sends a CSV body as text/csv (the import's other form is
 * multipart/form-data with a `file` part, see importCsvFile).
 */
export declare function importCsv(client: SwitchboardClient, csv: string, query?: operations["importContacts"]["parameters"]["query"]): Promise<FetchResponse<{
    parameters: {
        query?: {
            workspaceId?: components["parameters"]["WorkspaceIdQuery"];
            defaultRegion?: components["schemas"]["Region"];
            onDuplicate?: components["schemas"]["OnDuplicate"];
        };
        header?: never;
        path?: never;
        cookie?: never;
    };
    requestBody: {
        content: {
            "multipart/form-data": components["schemas"]["ImportForm"];
            "text/csv": string;
        };
    };
    responses: {
        200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ImportResponse"];
            };
        };
        400: components["responses"]["BadRequest"];
        401: components["responses"]["Unauthorized"];
        403: components["responses"]["Forbidden"];
        413: components["responses"]["PayloadTooLarge"];
        429: components["responses"]["TooManyRequests"];
        500: components["responses"]["Internal"];
        503: components["responses"]["Unavailable"];
    };
} & Record<string | number, unknown>, import("openapi-fetch").FetchOptions<{
    parameters: {
        query?: {
            workspaceId?: components["parameters"]["WorkspaceIdQuery"];
            defaultRegion?: components["schemas"]["Region"];
            onDuplicate?: components["schemas"]["OnDuplicate"];
        };
        header?: never;
        path?: never;
        cookie?: never;
    };
    requestBody: {
        content: {
            "multipart/form-data": components["schemas"]["ImportForm"];
            "text/csv": string;
        };
    };
    responses: {
        200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ImportResponse"];
            };
        };
        400: components["responses"]["BadRequest"];
        401: components["responses"]["Unauthorized"];
        403: components["responses"]["Forbidden"];
        413: components["responses"]["PayloadTooLarge"];
        429: components["responses"]["TooManyRequests"];
        500: components["responses"]["Internal"];
        503: components["responses"]["Unavailable"];
    };
}>, `${string}/${string}`>>;
/** importCsvFile uploads a file (a browser File or a Blob) as multipart/form-data. */
export declare function importCsvFile(client: SwitchboardClient, file: Blob, fields?: Omit<Schemas["ImportForm"], "file">): Promise<FetchResponse<{
    parameters: {
        query?: {
            workspaceId?: components["parameters"]["WorkspaceIdQuery"];
            defaultRegion?: components["schemas"]["Region"];
            onDuplicate?: components["schemas"]["OnDuplicate"];
        };
        header?: never;
        path?: never;
        cookie?: never;
    };
    requestBody: {
        content: {
            "multipart/form-data": components["schemas"]["ImportForm"];
            "text/csv": string;
        };
    };
    responses: {
        200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ImportResponse"];
            };
        };
        400: components["responses"]["BadRequest"];
        401: components["responses"]["Unauthorized"];
        403: components["responses"]["Forbidden"];
        413: components["responses"]["PayloadTooLarge"];
        429: components["responses"]["TooManyRequests"];
        500: components["responses"]["Internal"];
        503: components["responses"]["Unavailable"];
    };
} & Record<string | number, unknown>, import("openapi-fetch").FetchOptions<{
    parameters: {
        query?: {
            workspaceId?: components["parameters"]["WorkspaceIdQuery"];
            defaultRegion?: components["schemas"]["Region"];
            onDuplicate?: components["schemas"]["OnDuplicate"];
        };
        header?: never;
        path?: never;
        cookie?: never;
    };
    requestBody: {
        content: {
            "multipart/form-data": components["schemas"]["ImportForm"];
            "text/csv": string;
        };
    };
    responses: {
        200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ImportResponse"];
            };
        };
        400: components["responses"]["BadRequest"];
        401: components["responses"]["Unauthorized"];
        403: components["responses"]["Forbidden"];
        413: components["responses"]["PayloadTooLarge"];
        429: components["responses"]["TooManyRequests"];
        500: components["responses"]["Internal"];
        503: components["responses"]["Unavailable"];
    };
}>, `${string}/${string}`>>;
export { type ItemOf, type ListParams, type ListPath, type ListQuery, type PageOf, pages, paginate, searchPages } from "./paginate.js";
export { type VerifyWebhookOptions, type WebhookEvent, type WebhookEventOf, type WebhookEventType, type WebhookHeaders, WebhookVerificationError, verifyWebhook, webhookEventTypes, } from "./webhooks.js";
