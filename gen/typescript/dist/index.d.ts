/*!
 * @switchboard/client bundles openapi-fetch 0.17.0 and openapi-typescript-helpers 0.1.0:
 *
 * MIT License
 *
 * Copyright (c) 2023 Drew Powers
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */
type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
type OkStatus = 200 | 201 | 202 | 203 | 204 | 206 | 207 | "2XX";
type ErrorStatus = 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 510 | 511 | "5XX" | 400 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 417 | 418 | 420 | 421 | 422 | 423 | 424 | 425 | 426 | 427 | 428 | 429 | 430 | 431 | 444 | 450 | 451 | 497 | 498 | 499 | "4XX" | "default";
type PathsWithMethod<Paths extends {}, PathnameMethod extends HttpMethod> = {
	[Pathname in keyof Paths]: Paths[Pathname] extends {
		[K in PathnameMethod]: any;
	} ? Pathname : never;
}[keyof Paths];
type ResponseObjectMap<T> = T extends {
	responses: any;
} ? T["responses"] : unknown;
type ResponseContent<T> = T extends {
	content: any;
} ? T["content"] : unknown;
type OperationRequestBody<T> = "requestBody" extends keyof T ? T["requestBody"] : never;
type PickRequestBody<T> = "requestBody" extends keyof T ? Pick<T, "requestBody"> : never;
type IsOperationRequestBodyOptional<T> = RequiredKeysOf<PickRequestBody<T>> extends never ? true : false;
type OperationRequestBodyMediaContent<T> = IsOperationRequestBodyOptional<T> extends true ? ResponseContent<NonNullable<OperationRequestBody<T>>> | undefined : ResponseContent<OperationRequestBody<T>>;
type OperationRequestBodyContent<T> = FilterKeys<OperationRequestBodyMediaContent<T>, MediaType> extends never ? FilterKeys<NonNullable<OperationRequestBodyMediaContent<T>>, MediaType> | undefined : FilterKeys<OperationRequestBodyMediaContent<T>, MediaType>;
type SuccessResponse<T extends Record<string | number, any>, Media extends MediaType = MediaType> = GetResponseContent<T, Media, OkStatus>;
type GetResponseContent<T extends Record<string | number, any>, Media extends MediaType = MediaType, ResponseCode extends keyof T = keyof T> = ResponseCode extends keyof T ? {
	[K in ResponseCode]: T[K]["content"] extends Record<string, any> ? FilterKeys<T[K]["content"], Media> extends never ? T[K]["content"] : FilterKeys<T[K]["content"], Media> : K extends keyof T ? T[K]["content"] : never;
}[ResponseCode] : never;
type ErrorResponse<T extends Record<string | number, any>, Media extends MediaType = MediaType> = GetResponseContent<T, Media, ErrorStatus>;
type FilterKeys<Obj, Matchers> = Obj[keyof Obj & Matchers];
type MediaType = `${string}/${string}`;
type RequiredKeysOfHelper<T> = {
	[K in keyof T]: {} extends Pick<T, K> ? never : K;
}[keyof T];
type RequiredKeysOf<T> = RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;
type $Read<T> = {
	readonly $read: T;
};
type $Write<T> = {
	readonly $write: T;
};
type Readable<T> = T extends $Write<any> ? never : T extends $Read<infer U> ? Readable<U> : T extends (infer E)[] ? Readable<E>[] : T extends object ? {
	[K in keyof T as NonNullable<T[K]> extends $Write<any> ? never : K]: Readable<T[K]>;
} : T;
type Writable<T> = T extends $Read<any> ? never : T extends $Write<infer U> ? Writable<U> : T extends (infer E)[] ? Writable<E>[] : T extends object ? {
	[K in keyof T as NonNullable<T[K]> extends $Read<any> ? never : K]: Writable<T[K]>;
} & {
	[K in keyof T as NonNullable<T[K]> extends $Read<any> ? K : never]?: never;
} : T;
interface ClientOptions extends Omit<RequestInit, "headers"> {
	/** set the common root URL for all API requests */
	baseUrl?: string;
	/** custom fetch (defaults to globalThis.fetch) */
	fetch?: (input: Request) => Promise<Response>;
	/** custom Request (defaults to globalThis.Request) */
	Request?: typeof Request;
	/** global querySerializer */
	querySerializer?: QuerySerializer<unknown> | QuerySerializerOptions;
	/** global bodySerializer */
	bodySerializer?: BodySerializer<unknown>;
	/** global pathSerializer */
	pathSerializer?: PathSerializer;
	headers?: HeadersOptions;
	/** RequestInit extension object to pass as 2nd argument to fetch when supported (defaults to undefined) */
	requestInitExt?: Record<string, unknown>;
}
type HeadersOptions = Required<RequestInit>["headers"] | Record<string, string | number | boolean | (string | number | boolean)[] | null | undefined>;
type QuerySerializer<T> = (query: T extends {
	parameters: any;
} ? NonNullable<T["parameters"]["query"]> : Record<string, unknown>) => string;
type QuerySerializerOptions = {
	/** Set serialization for arrays. @see https://swagger.io/docs/specification/serialization/#query */
	array?: {
		/** default: "form" */
		style: "form" | "spaceDelimited" | "pipeDelimited";
		/** default: true */
		explode: boolean;
	};
	/** Set serialization for objects. @see https://swagger.io/docs/specification/serialization/#query */
	object?: {
		/** default: "deepObject" */
		style: "form" | "deepObject";
		/** default: true */
		explode: boolean;
	};
	/**
	 * The `allowReserved` keyword specifies whether the reserved characters
	 * `:/?#[]@!$&'()*+,;=` in parameter values are allowed to be sent as they
	 * are, or should be percent-encoded. By default, allowReserved is `false`,
	 * and reserved characters are percent-encoded.
	 * @see https://swagger.io/docs/specification/serialization/#query
	 */
	allowReserved?: boolean;
};
type BodySerializer<T> = (body: OperationRequestBodyContent<T>) => any;
type PathSerializer = (pathname: string, pathParams: Record<string, unknown>) => string;
type BodyType<T = unknown> = {
	json: T;
	text: Awaited<ReturnType<Response["text"]>>;
	blob: Awaited<ReturnType<Response["blob"]>>;
	arrayBuffer: Awaited<ReturnType<Response["arrayBuffer"]>>;
	stream: Response["body"];
};
type ParseAs = keyof BodyType;
type ParseAsResponse<T, Options> = Options extends {
	parseAs: ParseAs;
} ? BodyType<T>[Options["parseAs"]] : T;
interface DefaultParamsOption {
	params?: {
		query?: Record<string, unknown>;
	};
}
type ParamsOption<T> = T extends {
	parameters: any;
} ? RequiredKeysOf<T["parameters"]> extends never ? {
	params?: T["parameters"];
} : {
	params: T["parameters"];
} : DefaultParamsOption;
type RequestBodyOption<T> = Writable<OperationRequestBodyContent<T>> extends never ? {
	body?: never;
} : IsOperationRequestBodyOptional<T> extends true ? {
	body?: Writable<OperationRequestBodyContent<T>>;
} : {
	body: Writable<OperationRequestBodyContent<T>>;
};
type FetchOptions<T> = RequestOptions<T> & Omit<RequestInit, "body" | "headers">;
type FetchResponse<T extends Record<string | number, any>, Options, Media extends MediaType> = {
	data: ParseAsResponse<Readable<SuccessResponse<ResponseObjectMap<T>, Media>>, Options>;
	error?: never;
	response: Response;
} | {
	data?: never;
	error: Readable<ErrorResponse<ResponseObjectMap<T>, Media>>;
	response: Response;
};
type RequestOptions<T> = ParamsOption<T> & RequestBodyOption<T> & {
	baseUrl?: string;
	querySerializer?: QuerySerializer<T> | QuerySerializerOptions;
	bodySerializer?: BodySerializer<T>;
	pathSerializer?: PathSerializer;
	parseAs?: ParseAs;
	fetch?: ClientOptions["fetch"];
	headers?: HeadersOptions;
	middleware?: Middleware[];
};
type MergedOptions<T = unknown> = {
	baseUrl: string;
	parseAs: ParseAs;
	querySerializer: QuerySerializer<T>;
	bodySerializer: BodySerializer<T>;
	pathSerializer: PathSerializer;
	fetch: typeof globalThis.fetch;
};
interface MiddlewareRequestParams {
	query?: Record<string, unknown>;
	header?: Record<string, unknown>;
	path?: Record<string, unknown>;
	cookie?: Record<string, unknown>;
}
interface MiddlewareCallbackParams {
	/** Current Request object */
	request: Request;
	/** The original OpenAPI schema path (including curly braces) */
	readonly schemaPath: string;
	/** OpenAPI parameters as provided from openapi-fetch */
	readonly params: MiddlewareRequestParams;
	/** Unique ID for this request */
	readonly id: string;
	/** createClient options (read-only) */
	readonly options: MergedOptions;
}
type MiddlewareOnRequest = (options: MiddlewareCallbackParams) => void | Request | Response | undefined | Promise<Request | Response | undefined | void>;
type MiddlewareOnResponse = (options: MiddlewareCallbackParams & {
	response: Response;
}) => void | Response | undefined | Promise<Response | undefined | void>;
type MiddlewareOnError = (options: MiddlewareCallbackParams & {
	error: unknown;
}) => void | Response | Error | Promise<void | Response | Error>;
type Middleware = {
	onRequest: MiddlewareOnRequest;
	onResponse?: MiddlewareOnResponse;
	onError?: MiddlewareOnError;
} | {
	onRequest?: MiddlewareOnRequest;
	onResponse: MiddlewareOnResponse;
	onError?: MiddlewareOnError;
} | {
	onRequest?: MiddlewareOnRequest;
	onResponse?: MiddlewareOnResponse;
	onError: MiddlewareOnError;
};
type MaybeOptionalInit<Params, Location extends keyof Params> = RequiredKeysOf<FetchOptions<FilterKeys<Params, Location>>> extends never ? FetchOptions<FilterKeys<Params, Location>> | undefined : FetchOptions<FilterKeys<Params, Location>>;
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [
	(Init & {
		[key: string]: unknown;
	})?
] : [
	Init & {
		[key: string]: unknown;
	}
];
type ClientMethod<Paths extends Record<string, Record<HttpMethod, {}>>, Method extends HttpMethod, Media extends MediaType> = <Path extends PathsWithMethod<Paths, Method>, Init extends MaybeOptionalInit<Paths[Path], Method>>(url: Path, ...init: InitParam<Init>) => Promise<FetchResponse<Paths[Path][Method], Init, Media>>;
type ClientRequestMethod<Paths extends Record<string, Record<HttpMethod, {}>>, Media extends MediaType> = <Method extends HttpMethod, Path extends PathsWithMethod<Paths, Method>, Init extends MaybeOptionalInit<Paths[Path], Method>>(method: Method, url: Path, ...init: InitParam<Init>) => Promise<FetchResponse<Paths[Path][Method], Init, Media>>;
interface Client<Paths extends {}, Media extends MediaType = MediaType> {
	request: ClientRequestMethod<Paths, Media>;
	/** Call a GET endpoint */
	GET: ClientMethod<Paths, "get", Media>;
	/** Call a PUT endpoint */
	PUT: ClientMethod<Paths, "put", Media>;
	/** Call a POST endpoint */
	POST: ClientMethod<Paths, "post", Media>;
	/** Call a DELETE endpoint */
	DELETE: ClientMethod<Paths, "delete", Media>;
	/** Call a OPTIONS endpoint */
	OPTIONS: ClientMethod<Paths, "options", Media>;
	/** Call a HEAD endpoint */
	HEAD: ClientMethod<Paths, "head", Media>;
	/** Call a PATCH endpoint */
	PATCH: ClientMethod<Paths, "patch", Media>;
	/** Call a TRACE endpoint */
	TRACE: ClientMethod<Paths, "trace", Media>;
	/** Register middleware */
	use(...middleware: Middleware[]): void;
	/** Unregister middleware */
	eject(...middleware: Middleware[]): void;
}
/**
 * This file was auto-generated by openapi-typescript.
 * Do not make direct changes to the file.
 */
export interface paths {
	"/healthz": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Liveness and database check
		 * @description Answers 200 while the service runs and its database answers a ping; load balancers and start-up scripts poll it. Takes no token.
		 */
		get: operations["healthz"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/readyz": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Readiness of this instance
		 * @description Answers 200 when this instance can take traffic: its database answers a ping, every
		 *     migration this build carries is applied (a database migrated by a newer release counts),
		 *     and its job engine (the relay of events and their webhook deliveries) runs. Otherwise
		 *     503 `unavailable`, whose `details` name each failing check (`database`, `migrations`,
		 *     `jobs`). A balancer sends traffic to ready instances only; `/healthz` stays the liveness
		 *     check. Takes no token.
		 */
		get: operations["readyz"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/contacts": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * List contacts, newest first
		 * @description A page of the workspace's contacts, newest first (createdAt desc, then id desc), stable across pages.
		 */
		get: operations["listContacts"];
		put?: never;
		/**
		 * Create a contact
		 * @description `phone` is normalized to E.164. A contact needs at least a name or a phone. At most one
		 *     contact per phone per workspace: a second one answers 409 `contact_exists` with the
		 *     existing contact's id in `details` (field `id`).
		 */
		post: operations["createContact"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/contacts/search": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Search contacts (query string)
		 * @description `q` matches case-insensitively within first name, last name, full name, email,
		 *     company and phone digits ("415 555" finds +14155552671). `company` is an exact,
		 *     case-insensitive filter. Contacts whose name or email starts with `q` come first,
		 *     then newest first. Totals are exact up to 1,000 matches (see `ListMeta`).
		 */
		get: operations["searchContactsGet"];
		put?: never;
		/**
		 * Search contacts (JSON body with filters)
		 * @description Same matching and order as the GET form, with more filters. An unknown filter key is 400.
		 */
		post: operations["searchContactsPost"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/contacts/import": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Import contacts from CSV
		 * @description Send either `multipart/form-data` with a `file` part (CSV, UTF-8, optional BOM) and the
		 *     fields `workspaceId`, `defaultRegion`, `onDuplicate`, or a `text/csv` body with those as
		 *     query parameters. A header row is required; column names match ignoring case, spaces,
		 *     `_` and `-`: first name (`First Name`, `first_name`, `firstName`, `given name`), last name
		 *     (`lastName`, `surname`, `family name`), `name` / `full name` (split at the last space),
		 *     phone (`phone`, `phone_number`, `mobile`, `tel`), `email`, company (`company`,
		 *     `organization`), `notes`, time zone (`time zone`, `timezone`, `tz`: an IANA name, such as
		 *     `America/Chicago`, or empty; another value fails its row naming `timeZone`). Unknown
		 *     columns are ignored and listed in `ignoredColumns`.
		 *     Each row is normalized like a POST; a bad row is reported in `errors` and never stops the
		 *     import (a cell of invalid UTF-8, or a name with a bidirectional control, fails its row alone,
		 *     naming the field). Duplicates (stored, or earlier in the file) are skipped or, with
		 *     `onDuplicate=update`, updated. Rows are written in batches, each in one transaction.
		 *     Bodies over 50 MiB answer 413; a file with neither a phone nor a name column answers 400.
		 */
		post: operations["importContacts"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/contacts/normalize": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Normalize a phone number to E.164
		 * @description An input that cannot be read as a number answers 200 with `isValid` false and `normalized` "".
		 */
		post: operations["normalizePhone"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/contacts/{id}": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The contact's id (from `POST /v1/contacts` or a list). Over 64 characters is 400; an id of another workspace is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b
				 */
				id: string;
			};
			cookie?: never;
		};
		/**
		 * Get a contact
		 * @description A contact of the token's workspace; any other id, another workspace's included, is 404.
		 */
		get: operations["getContact"];
		put?: never;
		post?: never;
		/**
		 * Delete a contact
		 * @description Deletes the contact; its id answers 404 from then on. Calls and do-not-call entries are not contacts and stay.
		 */
		delete: operations["deleteContact"];
		options?: never;
		head?: never;
		/**
		 * Update some fields of a contact
		 * @description A field that is absent is left alone, `null` clears it, a value replaces it. An empty patch is fine. The patched contact must satisfy every rule a new one does: a patch that would leave it with no firstName, no lastName and no phone is 400 `invalid_request` whose details name the fields it cleared, and nothing is written.
		 */
		patch: operations["updateContact"];
		trace?: never;
	};
	"/v1/dnc": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * List the do-not-call entries, newest first
		 * @description A page of the workspace's do-not-call entries, newest first.
		 */
		get: operations["listDnc"];
		put?: never;
		/**
		 * Add a number to the do-not-call list
		 * @description A number already listed answers 200 with the existing entry; calls to a listed number are
		 *     refused. The entry records the token's identity as `addedBy` and `source: api`, or, with
		 *     `callSid` (a call of the workspace whose customer number is `phone`), `source: call` and
		 *     the call: a call outcome. An unknown call, or another workspace's, answers 404
		 *     `not_found`.
		 */
		post: operations["addDnc"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/dnc/check": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Check whether a number is on the do-not-call list
		 * @description Normalizes `phone` like `POST /v1/contacts` and answers whether it is listed; `entry` is the listing entry, or null when the number is not listed.
		 */
		get: operations["checkDnc"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/dnc/history": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * The do-not-call audit trail, removed entries included (admin)
		 * @description Every entry the workspace ever listed, newest first: who added it, when, why and from
		 *     which `source` (`api`, `import`, or `call` for a call outcome), and for a removed entry
		 *     who removed it, when and why. A number listed, removed and listed again has one entry
		 *     per listing. `phone` narrows it to one number (normalized like everywhere else).
		 */
		get: operations["listDncHistory"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/dnc/import": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Add many numbers to the do-not-call list from CSV
		 * @description The same upload as the contacts import (`multipart/form-data` with a `file` part and a
		 *     `workspaceId` field, or a `text/csv` body with `?workspaceId=`), read by the same CSV
		 *     reader with the same limits. Columns: a phone column (`phone`, `phone_number`, `mobile`,
		 *     `tel`, `number`) and an optional `reason` (`reason`, `notes`, `comment`); others are
		 *     ignored and listed. Each entry records `source: import` and the importing token's
		 *     identity. A number already listed (in the store or earlier in the file) is skipped; a
		 *     bad row (a cell of invalid UTF-8 among them) is reported in `errors`, naming the field,
		 *     and never stops the import.
		 */
		post: operations["importDnc"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/dnc/{id}": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		post?: never;
		/**
		 * Remove a number from the do-not-call list (admin)
		 * @description The entry stops blocking calls but is kept as history (`GET /v1/dnc/history`) with who
		 *     removed it, when and why. Listing the number again later starts a new entry and keeps
		 *     the earlier ones.
		 */
		delete: operations["deleteDnc"];
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/voice/token": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Issue an access token for the Twilio Voice JS SDK
		 * @description A Twilio access token (HS256 JWT) with a Voice grant (outgoing through the configured
		 *     TwiML App, incoming allowed) for the agent's Twilio client identity, `clientIdentity`,
		 *     which names both the workspace and the agent (see Voice identities); `identity` is the
		 *     agent's own name, as in the bearer token. `ttl` is in seconds. A workspace id and agent
		 *     identity too long to encode in 121 characters answer 400 `invalid_request`.
		 */
		get: operations["getVoiceToken"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/voice/callml": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Call-control webhook (the TwiML App's Voice URL)
		 * @description Called by the provider when the agent's browser leg connects. Verifies the signature,
		 *     creates a unique conference, stores the call and answers the agent conference TwiML;
		 *     right after, creates the customer leg through the provider's REST API. The workspace and
		 *     agent are read from the caller's client identity (`From`/`Caller` = `client:<clientIdentity>`,
		 *     see Voice identities). A caller that is not such an identity, a `workspaceId` naming
		 *     another workspace, an agent without a token of the workspace, an invalid or do-not-call
		 *     number, a number outside its calling hours, or a caller ID the workspace does not own
		 *     answers `<Say>` + `<Hangup/>`, records the call `failed` with the reason and dials nobody.
		 *     A retried webhook (same CallSid) answers the same TwiML and creates no second customer leg.
		 *
		 *     The customer is rung once per call: a create whose outcome is unknown (a timeout, a
		 *     broken connection, a 5xx) is reconciled with the provider's Calls list (by `To`, `From`
		 *     and time; queued calls too) before any new attempt, and a leg found there is adopted; a
		 *     4xx fails the call. No new attempt is made before the first can no longer reach the
		 *     provider: the time it was sent plus `TWILIO_REQUEST_TIMEOUT` plus a 5 s margin. A leg
		 *     that arrives later still (a proxy holding the create) and that no call recorded is hung
		 *     up as soon as the Calls list shows it, before it is answered. A call whose creates never
		 *     reach the provider fails after three (`provider_error`). The leg's SID is recorded only
		 *     while the call has none. A pending dial left by a process that died is reconciled the
		 *     same way at start-up and every `DIAL_CLAIM`; an answered, ended or already dialled call
		 *     is never dialled again.
		 *
		 *     For click-to-call (`POST /v1/calls`) the provider calls the agent's browser
		 *     (`client:<clientIdentity>`, which arrives as `To`) and requests this URL with the customer
		 *     number, caller ID and workspace in its query, signed with the rest of the URL.
		 */
		post: operations["voiceCallControl"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/voice/conference-join": {
		parameters: {
			query: {
				/**
				 * @description The conference name the service put in the customer leg's URL.
				 * @example sb-0192f6a4
				 */
				conference: string;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * The customer leg's TwiML, fetched when the customer answers (GET)
		 * @description Marks the call answered. Twilio appends its parameters to the query of a GET webhook;
		 *     `CallSid` names the customer leg, and is recorded as the call's customer leg when none is
		 *     yet. A leg of a call that has ended, or that has another customer leg, answers
		 *     `<Response><Hangup/></Response>`.
		 */
		get: operations["voiceConferenceJoinGet"];
		put?: never;
		/**
		 * The customer leg's TwiML, fetched when the customer answers (POST)
		 * @description Marks the call answered and records `CallSid` as its customer leg when none is yet. An
		 *     unknown conference, or a leg of a call that has ended or has another customer leg,
		 *     answers `<Response><Hangup/></Response>`.
		 */
		post: operations["voiceConferenceJoinPost"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/voice/status": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Call status callback
		 * @description Updates the call from the customer leg's `CallStatus` (`queued`/`initiated` → initiated,
		 *     `ringing` → ringing, `in-progress` → answered, `completed`/`busy`/`no-answer`/`failed`
		 *     keep their names, `canceled` → failed). Statuses never go backwards; a repeated callback
		 *     changes nothing; an unknown CallSid is acknowledged and logged.
		 */
		post: operations["voiceStatusCallback"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/voice/recording-status": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Recording status callback
		 * @description The provider's recording status callback (`in-progress`, `completed`, `absent`, `failed`): keeps the recording's `status`, `duration` and `mediaUrl` current. An unknown RecordingSid is acknowledged and logged.
		 */
		post: operations["voiceRecordingStatus"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/voice/transfer-status": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * A transfer target's status callback
		 * @description The status callback of a transfer target's leg (`answered` and `completed` events).
		 *     `call` names the call, set by the service when it added the target. While the
		 *     transfer is pending, `in-progress` moves it to `talking`; `completed`, `busy`,
		 *     `no-answer`, `failed` or `canceled` fail it and unhold the customer. After a completed
		 *     transfer, the target's end hangs up the customer. A callback about a leg the call's
		 *     transfer does not name yet is acknowledged and held: a target can be busy before the
		 *     instance that added it has written it (with several instances the callback may reach
		 *     another one), and that instance applies the held callback once it has, after the
		 *     transfer's own steps, so that the transfer's answer may already say `talking` or
		 *     `failed`. Anything else is acknowledged.
		 */
		post: operations["voiceTransferStatus"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/voice/hold-music": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * What a held customer hears (the participant's HoldUrl)
		 * @description TwiML that plays `HOLD_MUSIC_URL` in a loop (`<Play loop="0">`), or says "Please hold."
		 *     in a loop when it is unset. Public: no bearer token and no signature, because the
		 *     document is the same for every call, reveals nothing and changes nothing, and a
		 *     provider fetching hold music must never be turned away. The provider may append its
		 *     call parameters to the query; they are ignored.
		 */
		get: operations["voiceHoldMusic"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/voice/announcement": {
		parameters: {
			query: {
				/**
				 * @description The workspace whose announcement to say, set by the service in the conference's `AnnounceUrl` (and covered by the signature).
				 * @example ws_acme
				 */
				workspaceId: string;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * The recording announcement (a conference's AnnounceUrl), fetched with GET
		 * @description As the POST, for a provider told `AnnounceMethod=GET`; the provider appends its
		 *     parameters to the query, which the signature covers; they are ignored.
		 */
		get: operations["voiceAnnouncementGet"];
		put?: never;
		/**
		 * The recording announcement (a conference's AnnounceUrl), fetched with POST
		 * @description TwiML that says the workspace's `recordingAnnouncement` once (`<Say>`), which the provider
		 *     plays to every participant of the conference. `POST /v1/recordings` points the
		 *     conference's `AnnounceUrl` here (with `AnnounceMethod=POST`) before it starts a
		 *     recording. A workspace whose announcement is off by the time the provider asks, or that
		 *     does not exist, gets `<Response/>`: nothing is said, and the provider reports no
		 *     application error into the live call. Signed like every provider request; an unsigned
		 *     or wrongly signed one is 403 and learns no text.
		 */
		post: operations["voiceAnnouncementPost"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/voice/amd-status": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Answering-machine detection verdict (asynchronous)
		 * @description The provider's asynchronous answering-machine verdict on a customer leg created with
		 *     machine detection (`MachineDetection=DetectMessageEnd`, `AsyncAmd=true`,
		 *     `AsyncAmdStatusCallback` = this URL, `AsyncAmdStatusCallbackMethod=POST`): `AnsweredBy`
		 *     becomes the call's `answeredBy`. With `DetectMessageEnd` a machine is reported once its
		 *     greeting has ended (`machine_end_beep`, `machine_end_silence`, `machine_end_other`), the
		 *     moment to drop a voicemail (`POST /v1/calls/{callSid}/voicemail`). The first verdict
		 *     stays: a repeated or later callback changes nothing. A value this build does not know is
		 *     kept as `unknown`; a leg that is no call's customer leg is acknowledged and logged. A
		 *     verdict on a leg no call knows yet is acknowledged and held: a person can answer and be
		 *     heard before the provider's answer to the create call has been stored, and the held verdict
		 *     becomes the call's `answeredBy` when that leg is written (the first verdict still stays).
		 *     Signed like every provider request; an unsigned or wrongly signed one is 403 and changes
		 *     nothing.
		 */
		post: operations["voiceAmdStatus"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/calls": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * List calls, newest first (an agent's own; an admin's whole workspace)
		 * @description A page of calls, newest first (`createdAt`, then `callSid`, descending). An agent's token
		 *     lists only the calls whose agent is its identity; an admin's lists every call of the
		 *     workspace. The filters narrow it and combine (all must hold); `agent` naming another
		 *     agent on an agent's token answers 403 `forbidden`. A value that is not one of the
		 *     parameter's (an unknown status, a malformed time) answers 400 `invalid_request` naming
		 *     it; a `contactId` or `outcomeId` that matches nothing gives an empty page. The total
		 *     counts exactly up to 1,000 calls (see `ListMeta`); with combined filters it counts
		 *     among the newest 2,000 calls of the most selective one, and is a lower bound
		 *     (`totalExact` false) when more lie past them.
		 */
		get: operations["listCalls"];
		put?: never;
		/**
		 * Click-to-call
		 * @description Rings the agent's browser (`client:<clientIdentity>`); when the agent answers, the
		 *     call-control flow runs unchanged and the customer is dialled. `to` is normalized; a
		 *     do-not-call number answers 422 `dnc_blocked`; a number whose local time is outside the
		 *     workspace's calling hours answers 422 `outside_calling_hours`, one its state's rules
		 *     refuse `state_rule`, one called as often as the workspace's `attemptLimit` allows
		 *     `attempt_limit` (the dial check: see `POST /v1/dial-checks`; checked again when the
		 *     agent answers); `from` must be a verified caller ID of the workspace (422
		 *     `caller_id_not_allowed`); an omitted `from` is the workspace's default caller ID.
		 *     `contactId` may stand instead of `to`: the contact's phone is dialled (a contact of
		 *     another workspace is 404, one without a phone 400); given both, they must be the same
		 *     number (400 `invalid_request` otherwise), and one of them is required. Either way the
		 *     call's `contactId` is the workspace's contact with the dialled number, or null.
		 *
		 *     `machineDetection` turns answering-machine detection on the customer leg on or off for
		 *     this call (default: the workspace's `machineDetection`); the choice is kept with the call
		 *     (its `machineDetection`) and holds when the agent answers, whatever the workspace says by
		 *     then.
		 */
		post: operations["createCall"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/dial-checks": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Check whether a number may be dialled now, and if not why and when
		 * @description Runs the dial check every dial path runs (see "The dial check" above) without dialling,
		 *     for any role: `allowed`, every reason with its code and a sentence naming the zone, the
		 *     local time and, for a state's rule, its statute; the zones the time rules were read in;
		 *     and `nextAllowedAt`, the earliest instant from now at which every time rule and cap
		 *     passes (RFC 3339 UTC), null when allowed now, for a do-not-call number (no instant
		 *     unblocks it), or when the rules leave no minute free within eight days. `contactId` may
		 *     stand instead of `to` (its phone is checked, and its `timeZone` with it); given both,
		 *     they must be the same number. A contact of another workspace is 404; one without a
		 *     phone, or neither field, 400.
		 */
		post: operations["createDialCheck"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/calls/{callSid}": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		/**
		 * Get a call (its agent only)
		 * @description The call, with its transfer (or null). Only its agent may read it: another token of the workspace gets 403 `not_agent_participant`, another workspace's call is 404.
		 */
		get: operations["getCall"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		/**
		 * Record the call's outcome, notes and tags (its agent only)
		 * @description The after-call work of the call's agent, during the call or after it, in any status.
		 *     Absent fields are left alone; `null` clears one (`notes` becomes "", `tags` []). `tags`
		 *     replaces the call's tags: each is trimmed and lower-cased, repeats are dropped, the order
		 *     given is kept; at most 20, each 1–40 characters after trimming. `outcomeId` must name an
		 *     outcome of the workspace that is not archived (400 `invalid_request` naming `outcomeId`
		 *     otherwise). An outcome of kind `do_not_call` adds the call's number to the do-not-call
		 *     list in the same transaction (`source: call`, this `callSid`), unless it is listed
		 *     already. A change of the outcome to a non-null one is the event `call.outcome_set`. Only
		 *     the call's agent may do it: another token of the workspace gets 403
		 *     `not_agent_participant`, another workspace's call is 404. Invalid input changes nothing.
		 */
		patch: operations["updateCall"];
		trace?: never;
	};
	"/v1/calls/{callSid}/hold": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Hold or unhold the customer
		 * @description Updates the customer participant of the call's conference (`Hold`, and with `hold` a
		 *     `HoldUrl` of `PUBLIC_BASE_URL/v1/voice/hold-music`, fetched with GET, which plays
		 *     `HOLD_MUSIC_URL` in a loop or says "Please hold."). The conference SID is looked up once
		 *     per call and remembered. `onHold` is written only once the provider has done it; a
		 *     participant or conference the provider no longer has is 409 `call_not_active`, any
		 *     other refusal 502 `provider_error` with the provider's code in `details`. Every hold
		 *     and unhold is a call event.
		 */
		post: operations["holdCall"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/calls/{callSid}/mute": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Mute or unmute the agent (toggles when `muted` is absent)
		 * @description Updates the agent participant's `Muted`; errors as for hold.
		 */
		post: operations["muteCall"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/calls/{callSid}/transfer": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Start a warm or cold transfer
		 * @description Warm: the customer is held and the target joins the conference to talk with the agent;
		 *     finish with `/transfer/complete` or `/transfer/cancel`. Cold: the target joins and the
		 *     agent leaves at once. One pending transfer at a time (409 `transfer_pending`).
		 *
		 *     `target` is normalized like `to` (400 `invalid_phone`), checked against the
		 *     do-not-call list (422 `dnc_blocked`) and the workspace's calling hours in the target's
		 *     local time (422 `outside_calling_hours`). The target is added as a participant of the
		 *     call's conference, from the call's caller ID, labelled `transfer-<hex>`, with its own
		 *     status callback (`/v1/voice/transfer-status`): while the transfer is pending, the
		 *     target answering moves it to `talking`, and a target that is busy, does not answer,
		 *     fails or hangs up first moves it to `failed` and unholds the customer. After a
		 *     completed transfer the target replaces the agent: the target leaving hangs up the
		 *     customer. Every step is a call event. When adding the target fails, the customer
		 *     held for it is unheld and nothing of the transfer is stored.
		 */
		post: operations["transferCall"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/calls/{callSid}/transfer/complete": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Complete a warm transfer (the agent leaves; the customer, unheld, stays with the target)
		 * @description Needs a pending transfer (409 `no_pending_transfer`) whose target has answered
		 *     (`talking`; while it still rings, 409 `transfer_pending`: wait, or cancel).
		 */
		post: operations["completeTransfer"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/calls/{callSid}/transfer/cancel": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Cancel a warm transfer (the target leaves; the customer is unheld)
		 * @description Needs a pending transfer, ringing or talking (409 `no_pending_transfer`).
		 */
		post: operations["cancelTransfer"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/calls/{callSid}/hangup": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Hang up the call, both legs (its agent only)
		 * @description Ends the call through the provider's REST API (`Calls/{sid}` with `Status`): the customer
		 *     leg first (`completed`, or `canceled` while it is still queued or ringing), then the agent
		 *     leg. An answered call becomes `completed` (with `endedAt` and `duration`); a call not yet
		 *     answered (initiated or ringing, the customer's phone still ringing or not yet dialled, or
		 *     a click-to-call whose agent has not answered) is canceled: its status becomes `failed`
		 *     and its `failureReason` says `hung_up: the agent hung up before the customer answered`,
		 *     and no pending dial is made after it. A pending transfer's target is hung up too.
		 *     Only the call's agent may do it: another token of the workspace gets 403
		 *     `not_agent_participant`, another workspace's call is 404.
		 *
		 *     Idempotent: a call that has ended, however it ended, answers 200 with the call as it is,
		 *     and nothing is asked of the provider.
		 *
		 *     The provider's refusal to end the customer leg (any error but "no such call" or "not in
		 *     progress", which mean the leg has ended already), or its silence past
		 *     `TWILIO_REQUEST_TIMEOUT`, answers 502 `provider_error` with `customerCallSid` (and the
		 *     provider's code, when it gave one) in `details`, and the call is stored as it was: ask
		 *     again. (Had the provider ended the leg without saying so in time, its status callback
		 *     ends the call as usual.) Once the customer leg has ended the call is stored as ended,
		 *     whatever follows; when the provider then refuses to end the agent leg the answer is 502
		 *     `provider_error` with `callSid` in `details`: the call is ended as stored, and the agent
		 *     leg is tried again in the background (it leaves the conference when it ends).
		 */
		post: operations["hangUpCall"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/calls/{callSid}/voicemail": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Drop a voicemail on the call and free the agent (its agent only)
		 * @description Plays one of the workspace's voicemail drops to the customer and hangs up, without the
		 *     agent: the customer leg is redirected through the provider's REST API (`Calls/{sid}`
		 *     with `Twiml` = `<Play>audioUrl</Play><Hangup/>`), which takes it out of the conference,
		 *     and then the agent leg is ended, so the agent is free at once while the message plays.
		 *     The call records `voicemailDropId`; it stays `answered` until the customer leg ends after
		 *     the message, whose status callback completes it as usual. The outcome is left to the
		 *     agent (a workspace's "Left voicemail" outcome is not set by itself: the agent may have
		 *     dropped a message on a person).
		 *
		 *     The call must be answered and not ended, with no voicemail dropped on it yet (409
		 *     `call_not_active`) and no transfer pending (409 `transfer_pending`). `voicemailDropId`
		 *     must name a voicemail drop of the workspace that is not deleted (400 `invalid_request`
		 *     naming `voicemailDropId`). Only the call's agent may do it: another token of the
		 *     workspace gets 403 `not_agent_participant`, another workspace's call is 404.
		 *
		 *     When the provider refuses the redirect nothing is written and the customer is still in
		 *     the conference with the agent: 502 `provider_error` with the provider's code in
		 *     `details` (409 `call_not_active` when it no longer has the leg). Once the redirect is
		 *     taken, a failure to end the agent leg is not an error: it is retried in the background,
		 *     and the conference, which ends when the customer leaves it, lets the agent leg go anyway.
		 */
		post: operations["dropVoicemail"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/calls/{callSid}/recordings": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		/**
		 * List a call's recordings (its agent only)
		 * @description A page of the call's recordings, newest first; only the call's agent may list them.
		 */
		get: operations["listCallRecordings"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/contacts/{id}/calls": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The contact's id. Over 64 characters is 400; an id of another workspace is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b
				 */
				id: string;
			};
			cookie?: never;
		};
		/**
		 * A contact's call history, newest first
		 * @description Every call of the workspace to this contact (whichever agent made it), newest first
		 *     (`createdAt`, then `callSid`, descending), with outcomes, notes and tags: a contact's
		 *     history is the team's, so any token of the workspace reads it. A contact of another
		 *     workspace, or none, is 404. Calls keep their `contactId` after the contact is deleted,
		 *     but the history is then 404 like the contact.
		 */
		get: operations["listContactCalls"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/call-outcomes": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * The workspace's call outcomes, in their order
		 * @description The outcomes an agent may set on a call, in the order they were created (the seven
		 *     every workspace starts with first); archived ones only with `includeArchived=true`.
		 *     Any role.
		 */
		get: operations["listCallOutcomes"];
		put?: never;
		/**
		 * Add a call outcome (admin only)
		 * @description **Admin only.** A name is unique in the workspace ignoring case (409 `outcome_exists`,
		 *     archived outcomes included); it is trimmed, 1–60 characters, and shown to agents as a name
		 *     (no control or bidirectional characters). Outcomes are never deleted: archive one
		 *     instead, and the calls that have it keep it.
		 */
		post: operations["createCallOutcome"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/call-outcomes/{id}": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The outcome's id. Over 64 characters is 400; another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71
				 */
				id: string;
			};
			cookie?: never;
		};
		/**
		 * Get a call outcome
		 * @description An outcome of the workspace, archived or not; any role.
		 */
		get: operations["getCallOutcome"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		/**
		 * Rename, archive or restore a call outcome (admin only)
		 * @description **Admin only.** Absent fields are left alone. An archived outcome is no longer offered
		 *     or accepted on a call (`PATCH /v1/calls/{callSid}` answers 400), but the calls that have
		 *     it keep it; `archived: false` restores it. The kind never changes: add another outcome.
		 */
		patch: operations["updateCallOutcome"];
		trace?: never;
	};
	"/v1/voicemail-drops": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * The workspace's voicemail drops, newest first
		 * @description The recorded messages an agent may drop on a call, newest first; deleted ones are not listed. Any role.
		 */
		get: operations["listVoicemailDrops"];
		put?: never;
		/**
		 * Add a voicemail drop (admin only)
		 * @description **Admin only.** `name` is trimmed, 1–100 characters, shown to agents as a name (no
		 *     control or bidirectional characters); names need not be unique. `audioUrl` is the MP3
		 *     or WAV the provider plays (`<Play>`): an absolute `https` URL without credentials, at
		 *     most 2048 characters; plain `http` is accepted only while the embedded simulator stands
		 *     in for the provider (no `TWILIO_ACCOUNT_SID`), whose calls run on one machine. Anything
		 *     else is 400 `invalid_request` naming the field, and nothing is stored. The URL is not
		 *     fetched here: the provider fetches it when a drop plays.
		 */
		post: operations["createVoicemailDrop"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/voicemail-drops/{id}": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The voicemail drop's id. Over 64 characters is 400; another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a80
				 */
				id: string;
			};
			cookie?: never;
		};
		get?: never;
		put?: never;
		post?: never;
		/**
		 * Delete a voicemail drop (admin only)
		 * @description **Admin only.** The drop is no longer listed nor dropped; calls that played it keep its
		 *     id in `voicemailDropId`. Deleting it again, or another workspace's, is 404.
		 */
		delete: operations["deleteVoicemailDrop"];
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/dial-lists": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * The workspace's dial lists, newest first
		 * @description Every dial list of the workspace, newest first (`createdAt`, then `id`, descending), with
		 *     its `size` and `remaining` (entries still `pending` or `leased`). Any role: agents pick
		 *     the list they work.
		 */
		get: operations["listDialLists"];
		put?: never;
		/**
		 * Make a dial list from contacts or a search (admin only)
		 * @description **Admin only.** A snapshot: the list holds the contacts named by `contactIds` (in that
		 *     order, a repeated id once; at most 10,000) or matched by `search` now (the contacts
		 *     search's `query` and `filters`, newest first; at most 100,000 contacts), each with the
		 *     phone it has now, which is the number dialled later whatever becomes of the contact.
		 *     Exactly one of `contactIds` and `search` (400 `invalid_request` naming `contactIds`
		 *     otherwise); contacts without a phone are left out, and a list that would hold none is
		 *     400. A contact id that is not the workspace's answers 404 `not_found` naming
		 *     `contactIds`, and nothing is written. `callerId` must be a verified caller ID of the
		 *     workspace (422 `caller_id_not_allowed`); omitted, calls show the workspace's default.
		 *     `maxAttempts` (1–10, default 3) is how many calls an entry gets before it is
		 *     `exhausted`; `retryMinutes` (1–43,200, default 60) how long after an unanswered call it
		 *     waits.
		 */
		post: operations["createDialList"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/dial-lists/{id}": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The dial list's id. Over 64 characters is 400; another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90
				 */
				id: components["parameters"]["DialListId"];
			};
			cookie?: never;
		};
		/**
		 * Get a dial list
		 * @description A dial list of the workspace; any role. Another workspace's is 404.
		 */
		get: operations["getDialList"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		/**
		 * Rename, pause or resume a dial list (admin only)
		 * @description **Admin only.** Absent fields are left alone. A `paused` list hands out no entries
		 *     (`next` answers 409 `dial_list_inactive`) and its leased entries cannot be dialled;
		 *     calls already made still move their entries. A list becomes `done` by itself when no
		 *     entry is `pending` or `leased`; a done list's `status` cannot change (409
		 *     `dial_list_inactive`), and it becomes `active` again only if a late outcome of kind
		 *     `not_connected` puts an entry back to `pending`.
		 */
		patch: operations["updateDialList"];
		trace?: never;
	};
	"/v1/dial-lists/{id}/entries": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The dial list's id. Over 64 characters is 400; another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90
				 */
				id: components["parameters"]["DialListId"];
			};
			cookie?: never;
		};
		/**
		 * A dial list's entries, in its order
		 * @description The list's entries in the list's order (`position`), those in `status` only when it is
		 *     given; any role. The total is exact.
		 */
		get: operations["listDialListEntries"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/dial-lists/{id}/next": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The dial list's id. Over 64 characters is 400; another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90
				 */
				id: components["parameters"]["DialListId"];
			};
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Lease the next dialable entry to the bearer
		 * @description Any role. The next entry whose time has come (a `pending` entry whose `nextAttemptAt`
		 *     has passed, or a `leased` one whose lease ended undialled; the one dialable the longest
		 *     first, then by `position`) that passes the dial check (`POST /v1/dial-checks`) now, leased
		 *     to the bearer for 10 minutes: dial it with `POST /v1/calls {contactId, dialListId}`. Two
		 *     requests at once never get the same entry, on either database and across instances.
		 *     Each call leases one more entry (an agent may hold several); a lease ends with its call,
		 *     or after 10 minutes undialled, when the entry is dialable again.
		 *
		 *     Entries the check refuses on the way are reported in `skipped`: a do-not-call number
		 *     (`dnc_blocked`) becomes `skipped` for good; the time rules (`outside_calling_hours`,
		 *     `state_rule`) and the caps on calls (`attempt_limit`, a state's cap) keep it `pending`
		 *     until the check's `nextAllowedAt` (a day later when the rules leave no minute free).
		 *     One request examines at most 25 entries: when all were refused, `entry` is null with
		 *     `skipped` listing them, and asking again goes on. `entry` is also null when nothing is
		 *     dialable now. A paused or done list answers 409 `dial_list_inactive`.
		 */
		post: operations["nextDialListEntry"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/reports/calls": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Calls, answers and talk time per agent, outcome or day (admin only)
		 * @description **Admin only.** Figures over the workspace's calls created from `from` (included) to `to`
		 *     (excluded), at most 366 days apart, one row per key that has calls, ordered by key:
		 *     `calls` counts the calls, `answered` those with an `answeredAt`, `answerRate` is
		 *     answered / calls, `talkSeconds` the sum of their `duration`, `averageTalkSeconds`
		 *     talkSeconds / answered (0 when none answered). `groupBy=agent` keys rows by the agent's
		 *     identity, `outcome` by the outcome's id (`none` for calls without one), `day` by the
		 *     local date (`YYYY-MM-DD`) of the call's creation in `timeZone` (an IANA name; default the
		 *     workspace's), with daylight-saving time applied: a day is a local calendar day, 23 or 25
		 *     hours long on the days the clocks change. The database computes it (one grouped query).
		 *     `agent` narrows every grouping to one agent's calls (e.g. `groupBy=outcome&agent=ada`:
		 *     one agent's outcomes, as a team lead's page shows them per agent).
		 *     A `from` not before `to`, a range over 366 days or an unknown zone answers 400
		 *     `invalid_request` naming the parameter.
		 */
		get: operations["reportCalls"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/recordings": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Start recording a call (its agent only)
		 * @description Records the call's customer leg (`Calls/{sid}/Recordings.json`: the provider has no
		 *     create call for conference recordings), dual-channel unless `channels` is `mono`, with
		 *     status callbacks to `/v1/voice/recording-status`, which keep `status`, `duration` and
		 *     `mediaUrl` current. The call must be answered and not ended (409 `call_not_active`).
		 *
		 *     When the workspace has a `recordingAnnouncement`, the provider is first asked to announce
		 *     the recording to the whole conference (the conference update's `AnnounceUrl`, pointing at
		 *     the signed `/v1/voice/announcement`, which says the text), and the recording is requested
		 *     only after the provider has taken that request. If it refuses, nothing is recorded and
		 *     nothing is stored: 502 `provider_error` with the provider's code in `details` (409
		 *     `call_not_active` when the provider no longer has the conference). The provider plays
		 *     the announcement on its own just after taking the request, so the recording's first
		 *     seconds hold it.
		 */
		post: operations["startRecording"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/recordings/{recordingSid}": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The recording's provider SID, from `POST /v1/recordings`.
				 * @example RE0123456789abcdef0123456789abcdef
				 */
				recordingSid: string;
			};
			cookie?: never;
		};
		/**
		 * Get a recording (the call's agent only)
		 * @description The recording with its current status; `mediaUrl` is set once it is completed.
		 */
		get: operations["getRecording"];
		put?: never;
		/**
		 * Pause, resume or stop a recording
		 * @description `paused`, `in-progress` (resume) or `stopped`; a recording that is stopped, completed
		 *     or failed is 409 `recording_not_active`. `stopped` becomes `completed` when the
		 *     provider's callback says the media is ready.
		 */
		post: operations["updateRecording"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/workspace": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * Read the workspace's settings
		 * @description The token's workspace, for any role.
		 */
		get: operations["getWorkspace"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		/**
		 * Change the workspace's calling hours, time zone, state rules or attempt limit (admin only)
		 * @description **Admin only** (an agent's token answers 403 `forbidden`). Absent fields are left alone;
		 *     `"callingHours": null` turns the calling window off, for a workspace that does not call
		 *     consumers under such rules. A time that is not `HH:MM` from `00:00` to `24:00`, an `end`
		 *     not after `start`, a `timeZone` that is not an IANA zone name, or an `attemptLimit` out
		 *     of its bounds (`max` 1–100, `windowHours` 1–720) answers 400 `invalid_request` naming the
		 *     field (`attemptLimit.max`, say), and changes nothing. `"stateRules": false` turns the
		 *     states' rules off; `"attemptLimit": null` removes the limit. Answers the settings after.
		 *
		 *     `recordingAnnouncement` (one line of 1 to 500 characters) is said to the whole conference
		 *     before each recording starts (see `POST /v1/recordings`); `null` turns it off. An empty or
		 *     blank text, a longer one or one with a control character is 400 naming
		 *     `recordingAnnouncement`.
		 *
		 *     `machineDetection` (a boolean, `false` by default) creates every customer leg with
		 *     answering-machine detection unless the call says otherwise (`POST /v1/calls`
		 *     `machineDetection`); the verdict is the call's `answeredBy`. Anything but `true` or
		 *     `false` is 400 naming `machineDetection`.
		 */
		patch: operations["updateWorkspace"];
		trace?: never;
	};
	"/v1/caller-ids": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * List the workspace's caller IDs
		 * @description A page of the workspace's caller IDs; exactly one of them has `isDefault` true once there is any.
		 */
		get: operations["listCallerIds"];
		put?: never;
		/**
		 * Provision a caller ID (admin only)
		 * @description **Admin only** (an agent's token answers 403 `forbidden`): it starts a validation call
		 *     from the provider and may change the workspace's default caller ID. Agents list the
		 *     caller IDs (`GET /v1/caller-ids`) to pick one.
		 *     Verified at once when the number is one of the provider account's incoming numbers or
		 *     verified outgoing caller IDs; otherwise a validation request is started: status
		 *     `pending`, and `validationCode` is the code to key in when the provider calls the number.
		 *     The first caller ID of a workspace, or one created with `isDefault: true`, is its default.
		 *     A number belongs to one workspace: a number another workspace holds answers 409
		 *     `caller_id_taken` (the other workspace is not named), changes nothing and starts no
		 *     validation; the workspace's own number again is 409 `caller_id_exists`.
		 *     `default` is the deprecated old name of `isDefault` (see Deprecation above): a request
		 *     with it gets `Deprecation`, `Sunset` and `Link` headers; with both fields they must agree
		 *     (400 `invalid_request` naming `default`).
		 */
		post: operations["createCallerId"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/webhook-endpoints": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * List the workspace's webhook endpoints (admin only)
		 * @description **Admin only.** A page of the workspace's endpoints, newest first. `secret` is never
		 *     shown here (only when it is created or rotated). An endpoint that failed every delivery
		 *     for three days has `enabled: false` and `disabledReason: failing`.
		 */
		get: operations["listWebhookEndpoints"];
		put?: never;
		/**
		 * Register a webhook endpoint (admin only)
		 * @description **Admin only.** Events of the listed types are delivered to `url` from now on (see
		 *     Webhooks for the format and the signature). `url` must be an absolute `http` or `https`
		 *     URL (400 otherwise). The answer is the only one, with rotation's, that shows `secret`:
		 *     keep it to verify the deliveries' signatures.
		 *     A workspace has at most 20 endpoints (disabled ones count): the 21st answers 409
		 *     `limit_reached`; delete one to register another.
		 *     `events` omitted, or `["*"]`, subscribes the endpoint to every event type, including
		 *     types added after it was registered (the wildcard is what is kept, not today's list); the
		 *     endpoint then shows `events: ["*"]`. `*` beside a type name is 400 `invalid_request`
		 *     naming `events`.
		 */
		post: operations["createWebhookEndpoint"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/webhook-endpoints/{id}": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The endpoint's id (from its creation or the list); another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70
				 */
				id: components["parameters"]["WebhookEndpointId"];
			};
			cookie?: never;
		};
		/**
		 * Read a webhook endpoint (admin only)
		 * @description **Admin only.** The endpoint, without its secret.
		 */
		get: operations["getWebhookEndpoint"];
		put?: never;
		post?: never;
		/**
		 * Remove a webhook endpoint (admin only)
		 * @description **Admin only.** Nothing more is delivered to it; its delivery attempts go with it.
		 */
		delete: operations["deleteWebhookEndpoint"];
		options?: never;
		head?: never;
		/**
		 * Change a webhook endpoint (admin only)
		 * @description **Admin only.** Absent fields are left alone. `enabled: false` stops deliveries to it
		 *     (`disabledReason: manual`); `enabled: true` starts them again and forgets its failures,
		 *     also for an endpoint disabled for failing.
		 *     `events: ["*"]` subscribes it to every type, including later ones; `*` beside a type name
		 *     is 400 `invalid_request` naming `events`.
		 */
		patch: operations["updateWebhookEndpoint"];
		trace?: never;
	};
	"/v1/webhook-endpoints/{id}/rotate-secret": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The endpoint's id (from its creation or the list); another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70
				 */
				id: components["parameters"]["WebhookEndpointId"];
			};
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Give a webhook endpoint a new secret (admin only)
		 * @description **Admin only.** Answers the endpoint with its new `secret`. For the next 24 hours every
		 *     delivery carries two signatures, the new secret's first and the old one's second, so the
		 *     receiver can switch to the new secret without refusing a delivery.
		 */
		post: operations["rotateWebhookSecret"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/webhook-endpoints/{id}/deliveries": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The endpoint's id (from its creation or the list); another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70
				 */
				id: components["parameters"]["WebhookEndpointId"];
			};
			cookie?: never;
		};
		/**
		 * The delivery attempts of a webhook endpoint (admin only)
		 * @description **Admin only.** Every attempt, newest first: the event, the attempt's number (1 for the
		 *     first, up to 9), its `result` (`succeeded`; `retrying`, with `nextAttemptAt`; or
		 *     `failed`, after the last attempt), the receiver's status (`null` when none came back)
		 *     or the `error`, and how long it took. Attempts are kept 30 days.
		 *     Only an event's newest attempt to the endpoint may read `retrying`: once a later attempt
		 *     is recorded, an earlier one reads `failed` (its own outcome, with its `statusCode` and
		 *     `error`) and its `nextAttemptAt` is `null`; so does the last attempt of a delivery that is
		 *     given up (the endpoint disabled for failing by that attempt, or disabled while the
		 *     delivery waited for its retry).
		 */
		get: operations["listWebhookDeliveries"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/events": {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		/**
		 * List the workspace's events (admin only)
		 * @description **Admin only.** The workspace's events of the last 30 days, newest first, each as its
		 *     deliveries carry it: `data` is the resource as the API shows it at that moment (a
		 *     `Contact`, `DncEntry`, `Call` or `Recording`; for `contacts.imported` the import's counts).
		 */
		get: operations["listEvents"];
		put?: never;
		post?: never;
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
	"/v1/events/{eventId}/redeliver": {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The event's id (from `GET /v1/events` or a delivery's `webhook-id`); another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71
				 */
				eventId: string;
			};
			cookie?: never;
		};
		get?: never;
		put?: never;
		/**
		 * Deliver an event again (admin only)
		 * @description **Admin only.** Queues a new delivery of the event, with the same `webhook-id`, to
		 *     `endpointId`, or, without it, to every enabled endpoint subscribed to its type. Answers
		 *     the endpoints queued: a disabled endpoint gets nothing (and is not listed) until it is
		 *     enabled again.
		 */
		post: operations["redeliverEvent"];
		delete?: never;
		options?: never;
		head?: never;
		patch?: never;
		trace?: never;
	};
}
export interface components {
	schemas: {
		/** @example ws_acme */
		WorkspaceId: string;
		/**
		 * Format: date-time
		 * @example 2026-11-23T10:15:00Z
		 */
		Timestamp: string;
		/** @example US */
		Region: string;
		/**
		 * @default skip
		 * @enum {string}
		 */
		OnDuplicate: "skip" | "update";
		/**
		 * @description A stable snake_case code; the table in the API's description says the status and the
		 *     cause of each. Codes are added, never renamed; a client should treat a code it does not
		 *     know by the HTTP status. A Go test checks this list against the server's one table of
		 *     codes and statuses, so the two cannot drift.
		 * @example invalid_request
		 * @enum {string}
		 */
		ErrorCode: "invalid_request" | "invalid_phone" | "unauthorized" | "forbidden" | "not_agent_participant" | "invalid_signature" | "not_found" | "method_not_allowed" | "contact_exists" | "caller_id_exists" | "caller_id_taken" | "call_not_active" | "transfer_pending" | "no_pending_transfer" | "recording_not_active" | "limit_reached" | "outcome_exists" | "payload_too_large" | "dnc_blocked" | "caller_id_not_allowed" | "outside_calling_hours" | "state_rule" | "attempt_limit" | "rate_limited" | "internal" | "not_implemented" | "provider_error" | "unavailable" | "dial_list_inactive" | "entry_not_leased";
		Error: {
			code: components["schemas"]["ErrorCode"];
			/** @example limit: must be at most 200 */
			message: string;
			details?: components["schemas"]["ErrorDetail"][];
		};
		/**
		 * @description One field of the request and what is wrong with it. A refused dial (422) adds a detail
		 *     per reason (`field: reasons`, its `code`, its sentence) and one `nextAllowedAt` whose
		 *     message is an RFC 3339 UTC instant.
		 */
		ErrorDetail: {
			/** @example limit */
			field: string;
			/** @example must be at most 200 */
			message: string;
			/**
			 * @description The reason's code, on the `reasons` details of a refused dial (`dnc_blocked`, `outside_calling_hours`, `state_rule`, `attempt_limit`).
			 * @example state_rule
			 */
			code?: string;
		};
		ErrorResponse: {
			error: components["schemas"]["Error"];
		};
		ListMeta: {
			/**
			 * @description Total number of matching items. Lists count exactly, except that a search and a
			 *     list of calls count exactly up to 1,000 matches; past that `total` is 1000,
			 *     `totalExact` is false (show "1,000+"), and paging goes on as long as `hasMore` is
			 *     true; a search that a sample of the workspace's contacts (read again when
			 *     10 s old, in the background) estimates at 2,500 matches or more is not counted and says so at once. A list of calls whose filters combine (say `outcomeId` and `tag`) also
			 *     counts only among the newest 2,000 calls of its most selective filter; when more
			 *     lie past them, `total` is the larger of the matches found there and `offset` plus
			 *     this page's items, and `totalExact` is false. Whenever `totalExact` is false,
			 *     `total` is a lower bound: never below `offset` plus the items of this page, and
			 *     exact again on a last page read by `offset`.
			 * @example 1
			 */
			total: number;
			/**
			 * @description False when `total` is a lower bound (a search or a list of calls matching more than 1,000 items, or a list of calls with combined filters whose count stopped early; see `total`).
			 * @example true
			 */
			totalExact: boolean;
			/**
			 * @description True when items exist beyond this page.
			 * @example false
			 */
			hasMore: boolean;
			/** @example 50 */
			limit: number;
			/**
			 * @description The request's `offset`; 0 for a page read by `cursor`.
			 * @example 0
			 */
			offset: number;
			/**
			 * @description Pass as `cursor` to read the page that follows this one; `null` on the last page
			 *     (exactly when `hasMore` is false). Opaque: its form may change between versions.
			 * @example AAGF0DYkAAb6vQ0xOTJmNmE0LTViMWUtN2MzZA8S8sC1xq2zL9l5M0c2YjQ
			 */
			nextCursor: string | null;
		};
		HealthResponse: {
			data: {
				/** @example ok */
				status: string;
			};
		};
		ReadyResponse: {
			data: {
				/**
				 * @description Always `ok` in a 200.
				 * @enum {string}
				 */
				status: "ok";
				/** @description Each check by name, `ok` when it passed. */
				checks: {
					/**
					 * @description The database answers a ping.
					 * @example ok
					 */
					database: string;
					/**
					 * @description Every migration this build carries is applied.
					 * @example ok
					 */
					migrations: string;
					/**
					 * @description The job engine (event relay and webhook deliveries) runs.
					 * @example ok
					 */
					jobs: string;
				};
			};
		};
		Contact: {
			/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b */
			id: string;
			workspaceId: components["schemas"]["WorkspaceId"];
			/** @example Ada */
			firstName: string;
			/** @example Lovelace */
			lastName: string;
			/**
			 * @description E.164, or "" when the contact has none.
			 * @example +14155552671
			 */
			phone: string;
			/** @example ada@example.com */
			email: string;
			/** @example Analytical Engines */
			company: string;
			/** @example Prefers mornings. */
			notes: string;
			/**
			 * @description The contact's own IANA time zone, or null when unknown: when set, the dial check's time rules must hold there as well as in the number's zones.
			 * @example America/Chicago
			 */
			timeZone: string | null;
			createdAt: components["schemas"]["Timestamp"];
			updatedAt: components["schemas"]["Timestamp"];
		};
		ContactCreate: {
			workspaceId?: components["schemas"]["WorkspaceId"];
			/**
			 * @description Shown to agents as a name: no control character and no bidirectional control (U+202A–U+202E, U+2066–U+2069); either is 400 `invalid_request` naming the field.
			 * @example Ada
			 */
			firstName?: string;
			/**
			 * @description Shown to agents as a name: no control character and no bidirectional control (U+202A–U+202E, U+2066–U+2069); either is 400 `invalid_request` naming the field.
			 * @example Lovelace
			 */
			lastName?: string;
			/**
			 * @description Any common national or international notation.
			 * @example (415) 555-2671
			 */
			phone?: string;
			/** @example ada@example.com */
			email?: string;
			/**
			 * @description Shown to agents as a name: no control character and no bidirectional control (U+202A–U+202E, U+2066–U+2069); either is 400 `invalid_request` naming the field.
			 * @example Analytical Engines
			 */
			company?: string;
			notes?: string;
			/**
			 * @description An IANA zone name (400 `invalid_request` naming `timeZone` otherwise), or null.
			 * @example America/Chicago
			 */
			timeZone?: string | null;
		};
		/** @description Absent fields are left alone; `null` clears a field. */
		ContactPatch: {
			/** @description Shown to agents as a name: no control character and no bidirectional control (U+202A–U+202E, U+2066–U+2069); either is 400 `invalid_request` naming the field. */
			firstName?: string | null;
			/** @description Shown to agents as a name: no control character and no bidirectional control (U+202A–U+202E, U+2066–U+2069); either is 400 `invalid_request` naming the field. */
			lastName?: string | null;
			phone?: string | null;
			email?: string | null;
			/** @description Shown to agents as a name: no control character and no bidirectional control (U+202A–U+202E, U+2066–U+2069); either is 400 `invalid_request` naming the field. */
			company?: string | null;
			notes?: string | null;
			/** @description An IANA zone name, or null to clear it. */
			timeZone?: string | null;
		};
		ContactResponse: {
			data: components["schemas"]["Contact"];
		};
		ContactList: {
			data: components["schemas"]["Contact"][];
			meta: components["schemas"]["ListMeta"];
		};
		ContactSearchRequest: {
			workspaceId?: components["schemas"]["WorkspaceId"];
			/** @example ada love */
			query?: string;
			filters?: components["schemas"]["ContactSearchFilters"];
			/** @default 50 */
			limit?: number;
			/** @description Matches to skip; 0 when absent. Not together with `cursor` (400). */
			offset?: number;
			/** @description The `meta.nextCursor` of the previous page of the same search (see the `cursor` parameter). */
			cursor?: string;
		};
		/** @description Exact, case-insensitive filters; `phone` is normalized first. */
		ContactSearchFilters: {
			/** @example Analytical Engines */
			company?: string;
			/** @example ada@example.com */
			email?: string;
			/** @example +14155552671 */
			phone?: string;
			createdAfter?: components["schemas"]["Timestamp"];
			createdBefore?: components["schemas"]["Timestamp"];
		};
		ImportForm: {
			/**
			 * Format: binary
			 * @description The CSV file.
			 */
			file: string;
			workspaceId?: components["schemas"]["WorkspaceId"];
			defaultRegion?: components["schemas"]["Region"];
			onDuplicate?: components["schemas"]["OnDuplicate"];
		};
		ImportResult: {
			/** @example 9998 */
			imported: number;
			/** @example 0 */
			updated: number;
			/**
			 * @description Duplicates left alone.
			 * @example 1
			 */
			skipped: number;
			/** @example 1 */
			failed: number;
			/**
			 * @description The first 100 columns the import did not use.
			 * @example [
			 *       "Birthday"
			 *     ]
			 */
			ignoredColumns: string[];
			/**
			 * @description How many columns the import did not use, all of them.
			 * @example 1
			 */
			ignoredColumnCount: number;
			/** @description The first 1000 row errors. */
			errors: components["schemas"]["ImportRowError"][];
		};
		ImportRowError: {
			/**
			 * @description 1-based line number in the file (the header is line 1).
			 * @example 7
			 */
			row: number;
			/** @example phone */
			field: string;
			/** @example not a valid phone number */
			message: string;
		};
		ImportResponse: {
			data: components["schemas"]["ImportResult"];
		};
		NormalizeRequest: {
			/** @example (415) 555-2671 */
			phone: string;
			defaultRegion?: components["schemas"]["Region"];
		};
		PhoneNumber: {
			/** @example (415) 555-2671 */
			original: string;
			/** @example +14155552671 */
			normalized: string;
			/** @example true */
			isValid: boolean;
			/**
			 * @description ISO 3166 region, or "" when unknown.
			 * @example US
			 */
			countryCode: string;
			/**
			 * @description Geographic area code, "" where there is none.
			 * @example 415
			 */
			areaCode: string;
			/**
			 * @example fixed-line-or-mobile
			 * @enum {string}
			 */
			type: "mobile" | "fixed-line" | "fixed-line-or-mobile" | "toll-free" | "premium-rate" | "shared-cost" | "voip" | "personal-number" | "pager" | "uan" | "voicemail" | "unknown";
		};
		NormalizeResponse: {
			data: components["schemas"]["PhoneNumber"];
		};
		DncEntry: {
			/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6c */
			id: string;
			workspaceId: components["schemas"]["WorkspaceId"];
			/** @example +14155552671 */
			phone: string;
			/** @example Asked not to be called */
			reason: string;
			/**
			 * @description How the number was listed; `call` is a call outcome.
			 * @example api
			 * @enum {string}
			 */
			source: "api" | "import" | "call";
			/**
			 * @description The agent identity of the token that listed it.
			 * @example ada
			 */
			addedBy: string;
			/**
			 * @description The call whose outcome listed the number; only on entries with `source: call`.
			 * @example CA0123456789abcdef0123456789abcdef
			 */
			callSid?: string;
			createdAt: components["schemas"]["Timestamp"];
			/** @description When the entry was removed; only on removed entries (the history). */
			removedAt?: components["schemas"]["Timestamp"];
			/**
			 * @description The admin identity that removed it; only on removed entries.
			 * @example grace
			 */
			removedBy?: string;
			/**
			 * @description Why it was removed; only on removed entries.
			 * @example Consent given in writing
			 */
			removalReason?: string;
		};
		DncImportForm: {
			/**
			 * Format: binary
			 * @description The CSV file.
			 */
			file: string;
			workspaceId?: components["schemas"]["WorkspaceId"];
			defaultRegion?: components["schemas"]["Region"];
		};
		DncCreate: {
			workspaceId?: components["schemas"]["WorkspaceId"];
			/** @example +14155552671 */
			phone: string;
			/** @example Asked not to be called */
			reason?: string;
			/**
			 * @description The call whose outcome lists the number (the customer asked, on that call, not to be
			 *     called again): a call of the token's workspace (its agent leg's SID) whose customer
			 *     number is `phone`. The entry then records `source: call` and this `callSid`. A call
			 *     that is not the workspace's answers 404 `not_found`; a `phone` that is not the call's
			 *     customer number answers 400 `invalid_request`.
			 * @example CA0123456789abcdef0123456789abcdef
			 */
			callSid?: string;
		};
		DncResponse: {
			data: components["schemas"]["DncEntry"];
		};
		DncList: {
			data: components["schemas"]["DncEntry"][];
			meta: components["schemas"]["ListMeta"];
		};
		DncCheck: {
			/**
			 * @description The number in E.164.
			 * @example +14155552671
			 */
			phone: string;
			/** @example true */
			blocked: boolean;
			/** @description The entry that lists the number (the fields of `DncEntry`), or null when it is not listed. Written out here because OpenAPI 3.0.3's `nullable` does not reach into an `allOf`. */
			entry: {
				/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6c */
				id: string;
				workspaceId: components["schemas"]["WorkspaceId"];
				/** @example +14155552671 */
				phone: string;
				/** @example Asked not to be called */
				reason: string;
				/**
				 * @description How the number was listed.
				 * @example api
				 * @enum {string}
				 */
				source: "api" | "import" | "call";
				/**
				 * @description The agent identity of the token that listed it.
				 * @example ada
				 */
				addedBy: string;
				/**
				 * @description The call whose outcome listed the number; only on entries with `source: call`.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid?: string;
				createdAt: components["schemas"]["Timestamp"];
			} | null;
		};
		DncCheckResponse: {
			data: components["schemas"]["DncCheck"];
		};
		VoiceToken: {
			/**
			 * @description A Twilio access token (JWT).
			 * @example eyJhbGciOiJIUzI1NiIsImN0eSI6InR3aWxpby1mcGE7dj0xIiwidHlwIjoiSldUIn0.e30.c2lnbmF0dXJl
			 */
			token: string;
			/**
			 * @description The agent's identity in its workspace.
			 * @example ada
			 */
			identity: string;
			/**
			 * @description The Twilio client identity the token grants: workspace and agent, encoded (see Voice
			 *     identities). The browser leg arrives as `client:<clientIdentity>`; click-to-call rings it.
			 * @example ws_5Facme.ada
			 */
			clientIdentity: string;
			/**
			 * @description Lifetime in seconds.
			 * @example 3600
			 */
			ttl: number;
		};
		/**
		 * @description A local time of day, `HH:MM` (24-hour, two digits each), `00:00` to `24:00`.
		 * @example 08:00
		 */
		ClockTime: string;
		/**
		 * @description A daily window of the callee's local time: calls are allowed from `start` (included) to
		 *     `end` (excluded). It lies within one day: `end` is after `start`; `00:00`–`24:00` is all day.
		 *     `null` when the window is turned off.
		 */
		CallingHours: {
			start: components["schemas"]["ClockTime"];
			end: components["schemas"]["ClockTime"];
		} | null;
		/**
		 * @description At most `max` calls created to one number of the workspace in any `windowHours`, whoever
		 *     dials (a state's cap holds on top). `null`, the default, sets no limit of the
		 *     workspace's own.
		 */
		AttemptLimit: {
			/** @example 3 */
			max: number;
			/** @example 24 */
			windowHours: number;
		} | null;
		Workspace: {
			/** @example ws_acme */
			id: string;
			callingHours: components["schemas"]["CallingHours"];
			/**
			 * @description IANA zone of numbers that have none of their own (default `UTC`).
			 * @example America/New_York
			 */
			timeZone: string;
			/**
			 * @description Whether the stricter US states' rules (hours, banned days, caps) apply to the numbers of those states (default `true`; `false` for a workspace that makes no consumer calls).
			 * @example true
			 */
			stateRules: boolean;
			attemptLimit: components["schemas"]["AttemptLimit"];
			recordingAnnouncement: components["schemas"]["RecordingAnnouncement"];
			/**
			 * @description Whether customer legs are created with answering-machine detection (the call's `answeredBy`) unless `POST /v1/calls` says otherwise; `false` by default, as the provider charges for it per call.
			 * @example false
			 */
			machineDetection?: boolean;
		};
		/**
		 * @description Said to the whole conference before every recording starts (`POST /v1/recordings`), or
		 *     null (the default) to announce nothing. One line of 1 to 500 characters, not all blank,
		 *     with no control characters; anything else is 400 naming `recordingAnnouncement`.
		 * @example This call is being recorded for quality and training.
		 */
		RecordingAnnouncement: string | null;
		WorkspaceResponse: {
			data: components["schemas"]["Workspace"];
		};
		/** @description Absent fields are left alone; `callingHours` null turns the window off, `attemptLimit` null removes the limit, `recordingAnnouncement` null the announcement. */
		WorkspacePatch: {
			callingHours?: components["schemas"]["CallingHours"];
			/** @example America/New_York */
			timeZone?: string;
			/** @example false */
			stateRules?: boolean;
			attemptLimit?: components["schemas"]["AttemptLimit"];
			recordingAnnouncement?: components["schemas"]["RecordingAnnouncement"];
			/**
			 * @description Answering-machine detection on customer legs by default.
			 * @example true
			 */
			machineDetection?: boolean;
		};
		VoiceTokenResponse: {
			data: components["schemas"]["VoiceToken"];
		};
		/**
		 * @example answered
		 * @enum {string}
		 */
		CallStatus: "initiated" | "ringing" | "answered" | "completed" | "no-answer" | "busy" | "failed";
		/** @description A call's transfer, or null while none was started. (Nullable here, not with `allOf` at the property, because OpenAPI 3.0.3's `nullable` does not reach into an `allOf`.) */
		Transfer: {
			/**
			 * @example warm
			 * @enum {string}
			 */
			type: "warm" | "cold";
			/** @example +14155550199 */
			target: string;
			/**
			 * @description dialing (target ringing), talking (target joined), then completed, canceled or failed (target busy / no answer).
			 * @example talking
			 * @enum {string}
			 */
			status: "dialing" | "talking" | "completed" | "canceled" | "failed";
			/** @example CA00000000000000000000000000000002 */
			targetCallSid: string;
		} | null;
		Call: {
			/**
			 * @description The agent leg's provider SID.
			 * @example CA0123456789abcdef0123456789abcdef
			 */
			callSid: string;
			status: components["schemas"]["CallStatus"];
			/**
			 * @example outbound
			 * @enum {string}
			 */
			direction: "outbound";
			/** @example +14155552671 */
			to: string;
			/** @example +15005550006 */
			from: string;
			workspaceId: components["schemas"]["WorkspaceId"];
			/** @example ada */
			agentIdentity: string;
			/** @example sb-0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b */
			conferenceName: string;
			/**
			 * @description "" until the customer leg exists.
			 * @example CA00000000000000000000000000000001
			 */
			customerCallSid: string;
			/** @example false */
			onHold: boolean;
			/** @example false */
			muted: boolean;
			transfer: components["schemas"]["Transfer"];
			createdAt: components["schemas"]["Timestamp"];
			/** Format: date-time */
			answeredAt: string | null;
			/** Format: date-time */
			endedAt: string | null;
			/**
			 * @description Seconds from answer to end.
			 * @example 42
			 */
			duration: number | null;
			/**
			 * @description Why the call failed, "" otherwise.
			 * @example
			 */
			failureReason: string;
			/**
			 * @description The workspace's contact whose phone was the number dialled when the call was created; null when none was.
			 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b
			 */
			contactId: string | null;
			outcome: components["schemas"]["CallOutcomeRef"];
			/**
			 * @description The agent's notes, "" when none.
			 * @example Wants a quote for 20 seats; call back Friday.
			 */
			notes: string;
			/**
			 * @description Lower-case labels, in the order the agent gave them.
			 * @example [
			 *       "renewal",
			 *       "pricing"
			 *     ]
			 */
			tags: string[];
			/**
			 * @description Whether the customer leg is created with answering-machine detection (decided when the call is created; always present).
			 * @example true
			 */
			machineDetection?: boolean;
			answeredBy?: components["schemas"]["AnsweredBy"];
			/**
			 * @description The voicemail drop played to the customer leg (`POST /v1/calls/{callSid}/voicemail`); null when none was. Always present.
			 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a80
			 */
			voicemailDropId?: string | null;
			/**
			 * @description The dial list whose entry the call dialled; absent for other calls.
			 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90
			 */
			dialListId?: string;
		};
		/**
		 * @description Who or what answered the customer leg, as the provider's answering-machine detection
		 *     decided (`human`, `machine_start`, `machine_end_beep`, `machine_end_silence`,
		 *     `machine_end_other`, `fax` or `unknown`); null until the verdict arrives, and for a call
		 *     without detection. Always present. With detection that waits for the end of a
		 *     machine's message a machine is reported as `machine_end_*`, when a dropped voicemail is
		 *     recorded whole.
		 * @example machine_end_beep
		 * @enum {string|null}
		 */
		AnsweredBy: "human" | "machine_start" | "machine_end_beep" | "machine_end_silence" | "machine_end_other" | "fax" | "unknown" | null;
		/** @description `to` or `contactId` (or both, naming the same number). */
		CallCreate: {
			/** @example +14155552671 */
			to?: string;
			/**
			 * @description A contact of the workspace: its phone is dialled.
			 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b
			 */
			contactId?: string;
			/**
			 * @description A verified caller ID of the workspace; default its default caller ID.
			 * @example +15005550006
			 */
			from?: string;
			workspaceId?: components["schemas"]["WorkspaceId"];
			/**
			 * @description Answering-machine detection on this call's customer leg; default the workspace's `machineDetection`.
			 * @example true
			 */
			machineDetection?: boolean;
			/**
			 * @description A dial list whose entry for `contactId` is leased to the bearer (`POST /v1/dial-lists/{id}/next`): the entry's phone is dialled, from the list's caller ID unless `from` names another, and the call counts an attempt (409 `entry_not_leased` when the entry is not the bearer's, undialled, with its lease running; 409 `dial_list_inactive` for a paused or done list). A call the provider refuses to create counts no attempt and leaves the lease as it was.
			 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90
			 */
			dialListId?: string;
		};
		CallResponse: {
			data: components["schemas"]["Call"];
		};
		/** @description `to` or `contactId` (or both, naming the same number). */
		DialCheckRequest: {
			/** @example +13055550123 */
			to?: string;
			/**
			 * @description A contact of the workspace: its phone is checked, in its time zone too.
			 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b
			 */
			contactId?: string;
		};
		DialReason: {
			/**
			 * @description `dnc_blocked`, `outside_calling_hours`, `state_rule` or `attempt_limit` (more may be added).
			 * @example state_rule
			 */
			code: string;
			/** @description A sentence for the agent. */
			message: string;
		};
		DialCheck: {
			/**
			 * @description The number checked (E.164).
			 * @example +13055550123
			 */
			to: string;
			/** @example false */
			allowed: boolean;
			/** @description Every reason the dial is refused now, in the order dnc_blocked, outside_calling_hours, state_rule, attempt_limit; empty when allowed. */
			reasons: components["schemas"]["DialReason"][];
			/**
			 * @description The IANA zones the time rules were read in (the number's, or the workspace's for a number with none, and the contact's).
			 * @example [
			 *       "America/New_York"
			 *     ]
			 */
			timeZones: string[];
			/**
			 * Format: date-time
			 * @description The earliest instant from now at which every time rule and cap passes; null when allowed now, for a do-not-call number, or when none comes within eight days.
			 * @example 2026-03-10T12:00:00Z
			 */
			nextAllowedAt: string | null;
		};
		DialCheckResponse: {
			data: components["schemas"]["DialCheck"];
		};
		CallList: {
			data: components["schemas"]["Call"][];
			meta: components["schemas"]["ListMeta"];
		};
		/** @description Absent fields are left alone; `null` clears one. */
		CallPatch: {
			/**
			 * @description An outcome of the workspace that is not archived.
			 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71
			 */
			outcomeId?: string | null;
			/**
			 * @description Tab and newline allowed.
			 * @example Wants a quote for 20 seats; call back Friday.
			 */
			notes?: string | null;
			/**
			 * @description Replaces the call's tags; each trimmed and lower-cased, 1–40 characters, repeats dropped.
			 * @example [
			 *       "renewal",
			 *       "pricing"
			 *     ]
			 */
			tags?: string[] | null;
		};
		/**
		 * @description `connected` (the customer was reached), `not_connected` (voicemail, no answer, wrong number),
		 *     `do_not_call` (setting it lists the call's number on the do-not-call list).
		 * @example connected
		 * @enum {string}
		 */
		CallOutcomeKind: "connected" | "not_connected" | "do_not_call";
		/** @description The call's outcome, or null while it has none. (Nullable here, not with `allOf` at the property, because OpenAPI 3.0.3's `nullable` does not reach into an `allOf`.) */
		CallOutcomeRef: {
			/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71 */
			id: string;
			/** @example Interested */
			name: string;
			kind: components["schemas"]["CallOutcomeKind"];
		} | null;
		CallOutcome: {
			/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71 */
			id: string;
			/** @example Interested */
			name: string;
			kind: components["schemas"]["CallOutcomeKind"];
			/** @example false */
			archived: boolean;
			createdAt: components["schemas"]["Timestamp"];
		};
		CallOutcomeCreate: {
			/** @example Demo booked */
			name: string;
			kind: components["schemas"]["CallOutcomeKind"];
		};
		/** @description Absent fields are left alone. */
		CallOutcomePatch: {
			/** @example Meeting booked */
			name?: string;
			/** @example true */
			archived?: boolean;
		};
		CallOutcomeResponse: {
			data: components["schemas"]["CallOutcome"];
		};
		CallOutcomeList: {
			data: components["schemas"]["CallOutcome"][];
			meta: components["schemas"]["ListMeta"];
		};
		VoicemailDrop: {
			/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a80 */
			id: string;
			/** @example Renewal reminder */
			name: string;
			/**
			 * @description The MP3 or WAV the provider plays.
			 * @example https://media.example.com/voicemail/renewal.mp3
			 */
			audioUrl: string;
			createdAt: components["schemas"]["Timestamp"];
		};
		VoicemailDropCreate: {
			/** @example Renewal reminder */
			name: string;
			/**
			 * @description An absolute https URL of an MP3 or WAV (http only with the embedded simulator).
			 * @example https://media.example.com/voicemail/renewal.mp3
			 */
			audioUrl: string;
		};
		VoicemailDropResponse: {
			data: components["schemas"]["VoicemailDrop"];
		};
		VoicemailDropList: {
			data: components["schemas"]["VoicemailDrop"][];
			meta: components["schemas"]["ListMeta"];
		};
		VoicemailDropRequest: {
			/**
			 * @description A voicemail drop of the workspace.
			 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a80
			 */
			voicemailDropId: string;
		};
		DialList: {
			/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90 */
			id: string;
			/** @example November renewals */
			name: string;
			/**
			 * @description The caller ID its calls show; null for the workspace's default.
			 * @example +15005550006
			 */
			callerId: string | null;
			/** @example 3 */
			maxAttempts: number;
			/** @example 60 */
			retryMinutes: number;
			/**
			 * @description `active` hands out entries; `paused` does not (an admin's choice); `done` has no entry `pending` or `leased` left.
			 * @example active
			 * @enum {string}
			 */
			status: "active" | "paused" | "done";
			/**
			 * @description Entries in the list.
			 * @example 1250
			 */
			size: number;
			/**
			 * @description Entries still `pending` or `leased`.
			 * @example 812
			 */
			remaining: number;
			createdAt: components["schemas"]["Timestamp"];
		};
		DialListResponse: {
			data: components["schemas"]["DialList"];
		};
		DialListList: {
			data: components["schemas"]["DialList"][];
			meta: components["schemas"]["ListMeta"];
		};
		/** @description Exactly one of `contactIds` and `search`. */
		DialListCreate: {
			/** @example November renewals */
			name: string;
			/**
			 * @description Contacts of the workspace, in the order they are to be called.
			 * @example [
			 *       "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b"
			 *     ]
			 */
			contactIds?: string[];
			search?: components["schemas"]["DialListSearch"];
			/**
			 * @description A verified caller ID of the workspace; default its default caller ID.
			 * @example +15005550006
			 */
			callerId?: string;
			/**
			 * @default 3
			 * @example 3
			 */
			maxAttempts?: number;
			/**
			 * @default 60
			 * @example 60
			 */
			retryMinutes?: number;
		};
		/** @description The contacts search's `query` and `filters` (`POST /v1/contacts/search`): the list takes every match with a phone, newest first. */
		DialListSearch: {
			/** @example ada love */
			query?: string;
			filters?: components["schemas"]["ContactSearchFilters"];
		};
		DialListPatch: {
			/** @example December renewals */
			name?: string;
			/**
			 * @example paused
			 * @enum {string}
			 */
			status?: "active" | "paused";
		};
		/**
		 * @description `pending` waits for its `nextAttemptAt` and an agent; `leased` is an agent's (undialled until `leaseUntil`, or in a call); `done` was reached (an answered call whose outcome is not of kind `not_connected`); `skipped` is never dialled (`skipReason`); `exhausted` had `maxAttempts` calls without being reached.
		 * @example pending
		 * @enum {string}
		 */
		DialListEntryStatus: "pending" | "leased" | "done" | "skipped" | "exhausted";
		/** @description An entry of a dial list. (Nullable for `next`'s `entry`, null when none is dialable now; nullable here, not at the property, because OpenAPI 3.0.3's `nullable` does not reach into an `allOf`.) */
		DialListEntry: {
			/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b */
			contactId: string;
			/**
			 * @description The number dialled (the contact's when the list was made).
			 * @example +14155552671
			 */
			phone: string;
			/**
			 * @description 1-based place in the list.
			 * @example 1
			 */
			position: number;
			status: components["schemas"]["DialListEntryStatus"];
			/**
			 * @description Calls made to it from the list.
			 * @example 1
			 */
			attempts: number;
			/**
			 * @description How the last call ended: `answered`, `not_connected` (answered, but its outcome is of kind `not_connected`), `busy`, `no-answer` or `failed`; null before one ended.
			 * @example busy
			 */
			lastOutcome: string | null;
			/**
			 * @description The last call's `callSid`.
			 * @example CA0123456789abcdef0123456789abcdef
			 */
			lastCallSid?: string | null;
			/**
			 * Format: date-time
			 * @description When a `pending` entry may be dialled again; null when at once, and for every other status.
			 */
			nextAttemptAt: string | null;
			/**
			 * @description A `skipped` entry's dial check reason (`dnc_blocked`).
			 * @example null
			 */
			skipReason: string | null;
			/**
			 * @description The identity of the agent holding a `leased` entry.
			 * @example ada
			 */
			leasedBy?: string | null;
			/**
			 * Format: date-time
			 * @description When an undialled lease ends; null once its call was made.
			 */
			leaseUntil?: string | null;
		} | null;
		DialListEntryList: {
			data: components["schemas"]["DialListEntry"][];
			meta: components["schemas"]["ListMeta"];
		};
		DialSkip: {
			/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6c */
			contactId: string;
			/**
			 * @description The dial check's first reason code (`dnc_blocked`, `outside_calling_hours`, `state_rule`, `attempt_limit`).
			 * @example outside_calling_hours
			 */
			reason: string;
			/**
			 * Format: date-time
			 * @description When the entry may be dialled again (it stays `pending`); null when it is skipped for good.
			 */
			nextAllowedAt: string | null;
		};
		DialNext: {
			entry: components["schemas"]["DialListEntry"];
			skipped: components["schemas"]["DialSkip"][];
		};
		DialNextResponse: {
			data: components["schemas"]["DialNext"];
		};
		/**
		 * @example agent
		 * @enum {string}
		 */
		CallReportGroupBy: "agent" | "outcome" | "day";
		CallReportRow: {
			/**
			 * @description The agent's identity, the outcome's id (or `none`), or the local date `YYYY-MM-DD`.
			 * @example ada
			 */
			key: string;
			/** @example 40 */
			calls: number;
			/** @example 25 */
			answered: number;
			/**
			 * Format: double
			 * @description answered / calls.
			 * @example 0.625
			 */
			answerRate: number;
			/**
			 * @description The sum of the calls' durations.
			 * @example 3000
			 */
			talkSeconds: number;
			/**
			 * Format: double
			 * @description talkSeconds / answered, 0 when none answered.
			 * @example 120
			 */
			averageTalkSeconds: number;
		};
		CallReportMeta: {
			from: components["schemas"]["Timestamp"];
			to: components["schemas"]["Timestamp"];
			groupBy: components["schemas"]["CallReportGroupBy"];
			/**
			 * @description The zone of `day` keys (given or the workspace's).
			 * @example America/New_York
			 */
			timeZone: string;
			/**
			 * @description The agent the report was narrowed to; absent for every agent's calls.
			 * @example ada
			 */
			agent?: string;
		};
		CallReport: {
			data: components["schemas"]["CallReportRow"][];
			meta: components["schemas"]["CallReportMeta"];
		};
		HoldRequest: {
			/**
			 * @example hold
			 * @enum {string}
			 */
			action: "hold" | "unhold";
		};
		MuteRequest: {
			/**
			 * @description Absent toggles.
			 * @example true
			 */
			muted?: boolean;
		};
		TransferRequest: {
			/** @example +14155550199 */
			target: string;
			/**
			 * @example warm
			 * @enum {string}
			 */
			type: "warm" | "cold";
		};
		Recording: {
			/** @example RE0123456789abcdef0123456789abcdef */
			recordingSid: string;
			/**
			 * @description The call (agent leg SID).
			 * @example CA0123456789abcdef0123456789abcdef
			 */
			callSid: string;
			/**
			 * @example in-progress
			 * @enum {string}
			 */
			status: "in-progress" | "paused" | "stopped" | "completed" | "failed";
			/**
			 * @example dual
			 * @enum {string}
			 */
			channels: "mono" | "dual";
			/**
			 * @description Seconds, once completed.
			 * @example 42
			 */
			duration: number | null;
			/**
			 * @description "" until completed.
			 * @example
			 */
			mediaUrl: string;
			startedAt: components["schemas"]["Timestamp"];
			/** Format: date-time */
			completedAt: string | null;
		};
		RecordingCreate: {
			/** @example CA0123456789abcdef0123456789abcdef */
			callSid: string;
			/**
			 * @default dual
			 * @enum {string}
			 */
			channels?: "mono" | "dual";
		};
		RecordingUpdate: {
			/**
			 * @example paused
			 * @enum {string}
			 */
			status: "paused" | "in-progress" | "stopped";
		};
		RecordingResponse: {
			data: components["schemas"]["Recording"];
		};
		RecordingList: {
			data: components["schemas"]["Recording"][];
			meta: components["schemas"]["ListMeta"];
		};
		CallerId: {
			/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6d */
			id: string;
			workspaceId: components["schemas"]["WorkspaceId"];
			/** @example +15005550006 */
			phoneNumber: string;
			/** @example Sales line */
			friendlyName: string;
			/**
			 * @example verified
			 * @enum {string}
			 */
			status: "verified" | "pending";
			/**
			 * @description The code to key in while pending, "" otherwise.
			 * @example
			 */
			validationCode: string;
			/** @example true */
			isDefault: boolean;
			createdAt: components["schemas"]["Timestamp"];
		};
		CallerIdCreate: {
			workspaceId?: components["schemas"]["WorkspaceId"];
			/** @example +15005550006 */
			phoneNumber: string;
			/** @example Sales line */
			friendlyName?: string;
			/**
			 * @description Make it the workspace's default caller ID. (Formerly `default`, renamed to match `CallerId.isDefault`; the old name is now an unknown field: 400 `invalid_request`.)
			 * @example true
			 */
			isDefault?: boolean;
			/**
			 * @deprecated
			 * @description Deprecated: the old name of `isDefault`, accepted again beside it and meaning the same.
			 *     A request that sends it is answered with `Deprecation` and `Sunset` headers. Given
			 *     with `isDefault` it must say the same (400 `invalid_request` naming `default`
			 *     otherwise). It is no longer the unknown field `isDefault`'s description calls it:
			 *     since 1.0.0 the old name is accepted again, deprecated.
			 * @example true
			 */
			default?: boolean;
		};
		CallerIdResponse: {
			data: components["schemas"]["CallerId"];
		};
		CallerIdList: {
			data: components["schemas"]["CallerId"][];
			meta: components["schemas"]["ListMeta"];
		};
		/**
		 * @description An event type an endpoint takes (one of `EventType`), or `*` for every type, including
		 *     types added later. `*` stands alone in a list: beside a type name it is 400
		 *     `invalid_request`.
		 * @example *
		 * @enum {string}
		 */
		EventSubscription: "contact.created" | "contact.updated" | "contact.deleted" | "contacts.imported" | "dnc.added" | "dnc.removed" | "call.initiated" | "call.ringing" | "call.answered" | "call.completed" | "call.transfer.updated" | "recording.completed" | "call.outcome_set" | "dial_list.done" | "*";
		/**
		 * @description What happened. `call.completed` is any end of a call: its `data.status` says
		 *     `completed`, `busy`, `no-answer` or `failed`. `call.outcome_set` is a change of a call's
		 *     outcome to a non-null one (its `data` is the call, with the outcome).
		 *     Each type's delivery body, with its `data`, is a schema of its own: `WebhookEvent`
		 *     (a union told apart by `type`) and the `*Event` schemas it lists.
		 * @example contact.created
		 * @enum {string}
		 */
		EventType: "contact.created" | "contact.updated" | "contact.deleted" | "contacts.imported" | "dnc.added" | "dnc.removed" | "call.initiated" | "call.ringing" | "call.answered" | "call.completed" | "call.transfer.updated" | "recording.completed" | "call.outcome_set" | "dial_list.done";
		/** @description An event as the log keeps it. `data` is typed per event type by the delivery bodies: `WebhookEvent` and its `*Event` schemas (`ContactCreatedEvent`, …). */
		Event: {
			/**
			 * @description The event's id; a delivery's `webhook-id`.
			 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71
			 */
			id: string;
			workspaceId: components["schemas"]["WorkspaceId"];
			type: components["schemas"]["EventType"];
			createdAt: components["schemas"]["Timestamp"];
			/**
			 * @description The resource as the API showed it when the event happened (`Contact`, `DncEntry`, `Call`, `Recording`), or for `contacts.imported` `{workspaceId, imported, updated, skipped, failed}`.
			 * @example {
			 *       "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
			 *       "workspaceId": "ws_acme",
			 *       "firstName": "Ada",
			 *       "lastName": "Lovelace",
			 *       "phone": "+14155552671",
			 *       "email": "",
			 *       "company": "",
			 *       "notes": "",
			 *       "createdAt": "2026-11-23T10:15:00Z",
			 *       "updatedAt": "2026-11-23T10:15:00Z"
			 *     }
			 */
			data: {
				[key: string]: unknown;
			};
		};
		EventList: {
			data: components["schemas"]["Event"][];
			meta: components["schemas"]["ListMeta"];
		};
		WebhookEndpoint: {
			/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70 */
			id: string;
			workspaceId: components["schemas"]["WorkspaceId"];
			/** @example https://crm.example.com/hooks/switchboard */
			url: string;
			/** @example CRM sync */
			description: string;
			/**
			 * @example [
			 *       "contact.created",
			 *       "call.completed"
			 *     ]
			 */
			events: components["schemas"]["EventSubscription"][];
			/** @example true */
			enabled: boolean;
			/**
			 * @description `null` while enabled; `manual` when an admin disabled it, `failing` when every delivery failed for three days.
			 * @example null
			 */
			disabledReason: string | null;
			/**
			 * Format: date-time
			 * @description The first failed attempt since the last success; `null` while deliveries succeed.
			 * @example null
			 */
			failingSince: string | null;
			/**
			 * @description `whsec_` and the base64 of 32 random bytes. Present only in the answers of create and rotate-secret.
			 * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0XmCpVoHeQc=
			 */
			secret?: string;
			createdAt: components["schemas"]["Timestamp"];
			updatedAt: components["schemas"]["Timestamp"];
		};
		WebhookEndpointCreate: {
			/**
			 * @description An absolute http or https URL.
			 * @example https://crm.example.com/hooks/switchboard
			 */
			url: string;
			/**
			 * @description The event types to deliver; omitted, or `["*"]`, every type, including later ones.
			 * @example [
			 *       "contact.created",
			 *       "call.completed"
			 *     ]
			 */
			events?: components["schemas"]["EventSubscription"][];
			/** @example CRM sync */
			description?: string;
		};
		/** @description Absent fields are left alone. */
		WebhookEndpointPatch: {
			/** @example https://crm.example.com/hooks/switchboard */
			url?: string;
			/**
			 * @example [
			 *       "contact.created"
			 *     ]
			 */
			events?: components["schemas"]["EventSubscription"][];
			/** @example true */
			enabled?: boolean;
			/** @example CRM sync */
			description?: string;
		};
		WebhookEndpointResponse: {
			data: components["schemas"]["WebhookEndpoint"];
		};
		WebhookEndpointList: {
			data: components["schemas"]["WebhookEndpoint"][];
			meta: components["schemas"]["ListMeta"];
		};
		WebhookDelivery: {
			/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a72 */
			id: string;
			/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70 */
			endpointId: string;
			/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71 */
			eventId: string;
			eventType: components["schemas"]["EventType"];
			/**
			 * @description 1 for the first attempt, up to 9.
			 * @example 1
			 */
			attempt: number;
			/**
			 * @description `retrying`: another attempt follows at `nextAttemptAt`; `failed`: none follows.
			 * @example succeeded
			 * @enum {string}
			 */
			result: "succeeded" | "retrying" | "failed";
			/**
			 * @description The receiver's HTTP status; `null` when none came back.
			 * @example 200
			 */
			statusCode: number | null;
			/**
			 * @description Why the attempt failed; "" on success.
			 * @example
			 */
			error: string;
			/** @example 84 */
			durationMs: number;
			attemptedAt: components["schemas"]["Timestamp"];
			/**
			 * Format: date-time
			 * @example null
			 */
			nextAttemptAt: string | null;
		};
		WebhookDeliveryList: {
			data: components["schemas"]["WebhookDelivery"][];
			meta: components["schemas"]["ListMeta"];
		};
		RedeliverRequest: {
			/**
			 * @description Only this endpoint; every subscribed endpoint when absent.
			 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70
			 */
			endpointId?: string;
		};
		RedeliverResponse: {
			data: {
				/** @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71 */
				eventId: string;
				/**
				 * @example [
				 *       "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70"
				 *     ]
				 */
				endpointIds: string[];
			};
		};
		/**
		 * @description The body of a webhook delivery: one of the event types' bodies, told apart by `type`.
		 *     `timestamp` is when the event happened (its `createdAt` in `GET /v1/events`), `data`
		 *     the resource as its `GET` showed it then. The headers `webhook-id` (the event's id),
		 *     `webhook-timestamp` and `webhook-signature` sign it (Standard Webhooks). Types are added,
		 *     never renamed: a receiver should acknowledge a type it does not know.
		 * @example {
		 *       "type": "contact.created",
		 *       "timestamp": "2026-11-23T10:15:00Z",
		 *       "data": {
		 *         "company": "Analytical Engines",
		 *         "createdAt": "2026-11-23T10:15:00Z",
		 *         "email": "ada@example.com",
		 *         "firstName": "Ada",
		 *         "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "lastName": "Lovelace",
		 *         "notes": "",
		 *         "phone": "+14155552671",
		 *         "timeZone": null,
		 *         "updatedAt": "2026-11-23T10:15:00Z",
		 *         "workspaceId": "ws_acme"
		 *       }
		 *     }
		 */
		WebhookEvent: components["schemas"]["ContactCreatedEvent"] | components["schemas"]["ContactUpdatedEvent"] | components["schemas"]["ContactDeletedEvent"] | components["schemas"]["ContactsImportedEvent"] | components["schemas"]["DncAddedEvent"] | components["schemas"]["DncRemovedEvent"] | components["schemas"]["CallInitiatedEvent"] | components["schemas"]["CallRingingEvent"] | components["schemas"]["CallAnsweredEvent"] | components["schemas"]["CallCompletedEvent"] | components["schemas"]["CallTransferUpdatedEvent"] | components["schemas"]["RecordingCompletedEvent"] | components["schemas"]["CallOutcomeSetEvent"] | components["schemas"]["DialListDoneEvent"];
		/** @description What a CSV import of contacts did, in its workspace (the counts of its `ImportResult`). */
		ContactsImported: {
			workspaceId: components["schemas"]["WorkspaceId"];
			/**
			 * @description Contacts created.
			 * @example 9998
			 */
			imported: number;
			/**
			 * @description Contacts updated (`onDuplicate=update`).
			 * @example 0
			 */
			updated: number;
			/**
			 * @description Duplicates left alone.
			 * @example 1
			 */
			skipped: number;
			/**
			 * @description Rows refused.
			 * @example 1
			 */
			failed: number;
		};
		/**
		 * @description `contact.created`: a contact was created (`POST /v1/contacts`). An import sends one `contacts.imported` instead of one event per row.
		 * @example {
		 *       "type": "contact.created",
		 *       "timestamp": "2026-11-23T10:15:00Z",
		 *       "data": {
		 *         "company": "Analytical Engines",
		 *         "createdAt": "2026-11-23T10:15:00Z",
		 *         "email": "ada@example.com",
		 *         "firstName": "Ada",
		 *         "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "lastName": "Lovelace",
		 *         "notes": "",
		 *         "phone": "+14155552671",
		 *         "timeZone": null,
		 *         "updatedAt": "2026-11-23T10:15:00Z",
		 *         "workspaceId": "ws_acme"
		 *       }
		 *     }
		 */
		ContactCreatedEvent: {
			/**
			 * @description discriminator enum property added by openapi-typescript
			 * @enum {string}
			 */
			type: "contact.created";
			timestamp: components["schemas"]["Timestamp"];
			data: components["schemas"]["Contact"];
		};
		/**
		 * @description `contact.updated`: a contact was changed (`PATCH /v1/contacts/{id}`); `data` is the contact after the change.
		 * @example {
		 *       "type": "contact.updated",
		 *       "timestamp": "2026-11-23T10:20:00Z",
		 *       "data": {
		 *         "company": "Analytical Engines",
		 *         "createdAt": "2026-11-23T10:15:00Z",
		 *         "email": "ada@example.com",
		 *         "firstName": "Ada",
		 *         "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "lastName": "Lovelace",
		 *         "notes": "Prefers mornings.",
		 *         "phone": "+14155552671",
		 *         "timeZone": "America/Chicago",
		 *         "updatedAt": "2026-11-23T10:20:00Z",
		 *         "workspaceId": "ws_acme"
		 *       }
		 *     }
		 */
		ContactUpdatedEvent: {
			/**
			 * @description discriminator enum property added by openapi-typescript
			 * @enum {string}
			 */
			type: "contact.updated";
			timestamp: components["schemas"]["Timestamp"];
			data: components["schemas"]["Contact"];
		};
		/**
		 * @description `contact.deleted`: a contact was deleted (`DELETE /v1/contacts/{id}`); `data` is the contact as it was.
		 * @example {
		 *       "type": "contact.deleted",
		 *       "timestamp": "2026-11-23T11:00:00Z",
		 *       "data": {
		 *         "company": "Analytical Engines",
		 *         "createdAt": "2026-11-23T10:15:00Z",
		 *         "email": "ada@example.com",
		 *         "firstName": "Ada",
		 *         "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "lastName": "Lovelace",
		 *         "notes": "Prefers mornings.",
		 *         "phone": "+14155552671",
		 *         "timeZone": "America/Chicago",
		 *         "updatedAt": "2026-11-23T10:20:00Z",
		 *         "workspaceId": "ws_acme"
		 *       }
		 *     }
		 */
		ContactDeletedEvent: {
			/**
			 * @description discriminator enum property added by openapi-typescript
			 * @enum {string}
			 */
			type: "contact.deleted";
			timestamp: components["schemas"]["Timestamp"];
			data: components["schemas"]["Contact"];
		};
		/**
		 * @description `contacts.imported`: a CSV import of contacts finished (`POST /v1/contacts/import`): one event per import, once its last batch committed; an import that stopped half-way sends none.
		 * @example {
		 *       "type": "contacts.imported",
		 *       "timestamp": "2026-11-23T10:30:00Z",
		 *       "data": {
		 *         "failed": 1,
		 *         "imported": 9998,
		 *         "skipped": 1,
		 *         "updated": 0,
		 *         "workspaceId": "ws_acme"
		 *       }
		 *     }
		 */
		ContactsImportedEvent: {
			/**
			 * @description discriminator enum property added by openapi-typescript
			 * @enum {string}
			 */
			type: "contacts.imported";
			timestamp: components["schemas"]["Timestamp"];
			data: components["schemas"]["ContactsImported"];
		};
		/**
		 * @description `dnc.added`: a number was put on the do-not-call list (`POST /v1/dnc`, a do-not-call import, or a call outcome of kind `do_not_call`: then `source: call` and `callSid`). A number already listed sends none.
		 * @example {
		 *       "type": "dnc.added",
		 *       "timestamp": "2026-11-23T10:15:00Z",
		 *       "data": {
		 *         "addedBy": "ada",
		 *         "createdAt": "2026-11-23T10:15:00Z",
		 *         "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6c",
		 *         "phone": "+14155552671",
		 *         "reason": "Asked not to be called",
		 *         "source": "api",
		 *         "workspaceId": "ws_acme"
		 *       }
		 *     }
		 */
		DncAddedEvent: {
			/**
			 * @description discriminator enum property added by openapi-typescript
			 * @enum {string}
			 */
			type: "dnc.added";
			timestamp: components["schemas"]["Timestamp"];
			data: components["schemas"]["DncEntry"];
		};
		/**
		 * @description `dnc.removed`: an admin removed a number from the do-not-call list (`DELETE /v1/dnc/{id}`); `data` is the entry as the history keeps it, with `removedAt`, `removedBy` and `removalReason`.
		 * @example {
		 *       "type": "dnc.removed",
		 *       "timestamp": "2026-11-24T09:00:00Z",
		 *       "data": {
		 *         "addedBy": "ada",
		 *         "createdAt": "2026-11-23T10:15:00Z",
		 *         "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6c",
		 *         "phone": "+14155552671",
		 *         "reason": "Asked not to be called",
		 *         "removalReason": "Consent given in writing",
		 *         "removedAt": "2026-11-24T09:00:00Z",
		 *         "removedBy": "grace",
		 *         "source": "api",
		 *         "workspaceId": "ws_acme"
		 *       }
		 *     }
		 */
		DncRemovedEvent: {
			/**
			 * @description discriminator enum property added by openapi-typescript
			 * @enum {string}
			 */
			type: "dnc.removed";
			timestamp: components["schemas"]["Timestamp"];
			data: components["schemas"]["DncEntry"];
		};
		/**
		 * @description `call.initiated`: a call was created, by the browser's dial (the call-control webhook) or by `POST /v1/calls`; `data.status` is `initiated`, `customerCallSid` still "".
		 * @example {
		 *       "type": "call.initiated",
		 *       "timestamp": "2026-11-23T10:15:00Z",
		 *       "data": {
		 *         "agentIdentity": "ada",
		 *         "answeredAt": null,
		 *         "callSid": "CA0123456789abcdef0123456789abcdef",
		 *         "conferenceName": "sb-0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "contactId": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "createdAt": "2026-11-23T10:15:00Z",
		 *         "customerCallSid": "",
		 *         "direction": "outbound",
		 *         "duration": null,
		 *         "endedAt": null,
		 *         "failureReason": "",
		 *         "from": "+15005550006",
		 *         "muted": false,
		 *         "notes": "",
		 *         "onHold": false,
		 *         "outcome": null,
		 *         "status": "initiated",
		 *         "tags": [],
		 *         "to": "+14155552671",
		 *         "transfer": null,
		 *         "workspaceId": "ws_acme"
		 *       }
		 *     }
		 */
		CallInitiatedEvent: {
			/**
			 * @description discriminator enum property added by openapi-typescript
			 * @enum {string}
			 */
			type: "call.initiated";
			timestamp: components["schemas"]["Timestamp"];
			data: components["schemas"]["Call"];
		};
		/**
		 * @description `call.ringing`: the customer's phone rings; `data.status` is `ringing`.
		 * @example {
		 *       "type": "call.ringing",
		 *       "timestamp": "2026-11-23T10:15:01Z",
		 *       "data": {
		 *         "agentIdentity": "ada",
		 *         "answeredAt": null,
		 *         "callSid": "CA0123456789abcdef0123456789abcdef",
		 *         "conferenceName": "sb-0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "contactId": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "createdAt": "2026-11-23T10:15:00Z",
		 *         "customerCallSid": "CA00000000000000000000000000000001",
		 *         "direction": "outbound",
		 *         "duration": null,
		 *         "endedAt": null,
		 *         "failureReason": "",
		 *         "from": "+15005550006",
		 *         "muted": false,
		 *         "notes": "",
		 *         "onHold": false,
		 *         "outcome": null,
		 *         "status": "ringing",
		 *         "tags": [],
		 *         "to": "+14155552671",
		 *         "transfer": null,
		 *         "workspaceId": "ws_acme"
		 *       }
		 *     }
		 */
		CallRingingEvent: {
			/**
			 * @description discriminator enum property added by openapi-typescript
			 * @enum {string}
			 */
			type: "call.ringing";
			timestamp: components["schemas"]["Timestamp"];
			data: components["schemas"]["Call"];
		};
		/**
		 * @description `call.answered`: the customer answered and joined the conference; `data.status` is `answered`, `answeredAt` set.
		 * @example {
		 *       "type": "call.answered",
		 *       "timestamp": "2026-11-23T10:15:05Z",
		 *       "data": {
		 *         "agentIdentity": "ada",
		 *         "answeredAt": "2026-11-23T10:15:05Z",
		 *         "callSid": "CA0123456789abcdef0123456789abcdef",
		 *         "conferenceName": "sb-0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "contactId": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "createdAt": "2026-11-23T10:15:00Z",
		 *         "customerCallSid": "CA00000000000000000000000000000001",
		 *         "direction": "outbound",
		 *         "duration": null,
		 *         "endedAt": null,
		 *         "failureReason": "",
		 *         "from": "+15005550006",
		 *         "muted": false,
		 *         "notes": "",
		 *         "onHold": false,
		 *         "outcome": null,
		 *         "status": "answered",
		 *         "tags": [],
		 *         "to": "+14155552671",
		 *         "transfer": null,
		 *         "workspaceId": "ws_acme"
		 *       }
		 *     }
		 */
		CallAnsweredEvent: {
			/**
			 * @description discriminator enum property added by openapi-typescript
			 * @enum {string}
			 */
			type: "call.answered";
			timestamp: components["schemas"]["Timestamp"];
			data: components["schemas"]["Call"];
		};
		/**
		 * @description `call.completed`: the call ended, whatever the end: `data.status` is `completed`, `busy`, `no-answer` or `failed` (`failureReason` says why). One per call; a call the call-control webhook refused (the dial check, a caller ID) has this event alone, `failed`.
		 * @example {
		 *       "type": "call.completed",
		 *       "timestamp": "2026-11-23T10:15:47Z",
		 *       "data": {
		 *         "agentIdentity": "ada",
		 *         "answeredAt": "2026-11-23T10:15:05Z",
		 *         "callSid": "CA0123456789abcdef0123456789abcdef",
		 *         "conferenceName": "sb-0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "contactId": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "createdAt": "2026-11-23T10:15:00Z",
		 *         "customerCallSid": "CA00000000000000000000000000000001",
		 *         "direction": "outbound",
		 *         "duration": 42,
		 *         "endedAt": "2026-11-23T10:15:47Z",
		 *         "failureReason": "",
		 *         "from": "+15005550006",
		 *         "muted": false,
		 *         "notes": "",
		 *         "onHold": false,
		 *         "outcome": null,
		 *         "status": "completed",
		 *         "tags": [],
		 *         "to": "+14155552671",
		 *         "transfer": null,
		 *         "workspaceId": "ws_acme"
		 *       }
		 *     }
		 */
		CallCompletedEvent: {
			/**
			 * @description discriminator enum property added by openapi-typescript
			 * @enum {string}
			 */
			type: "call.completed";
			timestamp: components["schemas"]["Timestamp"];
			data: components["schemas"]["Call"];
		};
		/**
		 * @description `call.transfer.updated`: a transfer started or moved on (`data.transfer.status`: `dialing`, `talking`, then `completed`, `canceled` or `failed`).
		 * @example {
		 *       "type": "call.transfer.updated",
		 *       "timestamp": "2026-11-23T10:15:30Z",
		 *       "data": {
		 *         "agentIdentity": "ada",
		 *         "answeredAt": "2026-11-23T10:15:05Z",
		 *         "callSid": "CA0123456789abcdef0123456789abcdef",
		 *         "conferenceName": "sb-0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "contactId": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "createdAt": "2026-11-23T10:15:00Z",
		 *         "customerCallSid": "CA00000000000000000000000000000001",
		 *         "direction": "outbound",
		 *         "duration": null,
		 *         "endedAt": null,
		 *         "failureReason": "",
		 *         "from": "+15005550006",
		 *         "muted": false,
		 *         "notes": "",
		 *         "onHold": true,
		 *         "outcome": null,
		 *         "status": "answered",
		 *         "tags": [],
		 *         "to": "+14155552671",
		 *         "transfer": {
		 *           "status": "talking",
		 *           "target": "+14155550199",
		 *           "targetCallSid": "CA00000000000000000000000000000002",
		 *           "type": "warm"
		 *         },
		 *         "workspaceId": "ws_acme"
		 *       }
		 *     }
		 */
		CallTransferUpdatedEvent: {
			/**
			 * @description discriminator enum property added by openapi-typescript
			 * @enum {string}
			 */
			type: "call.transfer.updated";
			timestamp: components["schemas"]["Timestamp"];
			data: components["schemas"]["Call"];
		};
		/**
		 * @description `recording.completed`: a recording is complete and its media can be fetched from `data.mediaUrl`.
		 * @example {
		 *       "type": "recording.completed",
		 *       "timestamp": "2026-11-23T10:16:43Z",
		 *       "data": {
		 *         "callSid": "CA0123456789abcdef0123456789abcdef",
		 *         "channels": "dual",
		 *         "completedAt": "2026-11-23T10:16:42Z",
		 *         "duration": 42,
		 *         "mediaUrl": "https://api.twilio.com/2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Recordings/RE0123456789abcdef0123456789abcdef",
		 *         "recordingSid": "RE0123456789abcdef0123456789abcdef",
		 *         "startedAt": "2026-11-23T10:16:00Z",
		 *         "status": "completed"
		 *       }
		 *     }
		 */
		RecordingCompletedEvent: {
			/**
			 * @description discriminator enum property added by openapi-typescript
			 * @enum {string}
			 */
			type: "recording.completed";
			timestamp: components["schemas"]["Timestamp"];
			data: components["schemas"]["Recording"];
		};
		/**
		 * @description `call.outcome_set`: the call's agent set its outcome, or changed it to another (`PATCH /v1/calls/{callSid}`); not when it was cleared. `data.outcome` is the new one.
		 * @example {
		 *       "type": "call.outcome_set",
		 *       "timestamp": "2026-11-23T10:17:00Z",
		 *       "data": {
		 *         "agentIdentity": "ada",
		 *         "answeredAt": "2026-11-23T10:15:05Z",
		 *         "callSid": "CA0123456789abcdef0123456789abcdef",
		 *         "conferenceName": "sb-0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "contactId": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
		 *         "createdAt": "2026-11-23T10:15:00Z",
		 *         "customerCallSid": "CA00000000000000000000000000000001",
		 *         "direction": "outbound",
		 *         "duration": 42,
		 *         "endedAt": "2026-11-23T10:15:47Z",
		 *         "failureReason": "",
		 *         "from": "+15005550006",
		 *         "muted": false,
		 *         "notes": "Wants a quote for 20 seats; call back Friday.",
		 *         "onHold": false,
		 *         "outcome": {
		 *           "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71",
		 *           "kind": "connected",
		 *           "name": "Interested"
		 *         },
		 *         "status": "completed",
		 *         "tags": [
		 *           "renewal",
		 *           "pricing"
		 *         ],
		 *         "to": "+14155552671",
		 *         "transfer": null,
		 *         "workspaceId": "ws_acme"
		 *       }
		 *     }
		 */
		CallOutcomeSetEvent: {
			/**
			 * @description discriminator enum property added by openapi-typescript
			 * @enum {string}
			 */
			type: "call.outcome_set";
			timestamp: components["schemas"]["Timestamp"];
			data: components["schemas"]["Call"];
		};
		/**
		 * @description `dial_list.done`: the list's last entry left `pending` and `leased` (done, skipped or exhausted); `data` is the list, `status` done.
		 * @example {
		 *       "type": "dial_list.done",
		 *       "timestamp": "2026-11-24T16:40:00Z",
		 *       "data": {
		 *         "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90",
		 *         "name": "November renewals",
		 *         "callerId": "+15005550006",
		 *         "maxAttempts": 3,
		 *         "retryMinutes": 60,
		 *         "status": "done",
		 *         "size": 1250,
		 *         "remaining": 0,
		 *         "createdAt": "2026-11-23T09:00:00Z"
		 *       }
		 *     }
		 */
		DialListDoneEvent: {
			/**
			 * @description discriminator enum property added by openapi-typescript
			 * @enum {string}
			 */
			type: "dial_list.done";
			timestamp: components["schemas"]["Timestamp"];
			data: components["schemas"]["DialList"];
		};
		/** @description Twilio's voice request parameters; Twilio sends more than these and all are accepted. */
		CallControlWebhook: {
			/** @example CA0123456789abcdef0123456789abcdef */
			CallSid: string;
			/** @example AC0123456789abcdef0123456789abcdef */
			AccountSid: string;
			/**
			 * @description `client:<clientIdentity>` for a browser leg.
			 * @example client:ws_5Facme.ada
			 */
			From?: string;
			/** @example client:ws_5Facme.ada */
			Caller?: string;
			/**
			 * @description The customer number (the browser's `To` parameter).
			 * @example +14155552671
			 */
			To?: string;
			/**
			 * @description Custom Device.connect parameter, the caller ID to show.
			 * @example +15005550006
			 */
			callerId?: string;
			/**
			 * @description Custom Device.connect parameter; optional, and when given it must be the workspace of the caller's client identity.
			 * @example ws_acme
			 */
			workspaceId?: string;
			/**
			 * @description Custom Device.connect parameter; optional: `true` or `false` turns answering-machine detection on the customer leg on or off (any other value, or none, leaves the workspace's `machineDetection`).
			 * @example true
			 */
			machineDetection?: string;
			/** @example inbound */
			Direction?: string;
			/** @example ringing */
			CallStatus?: string;
		} & {
			[key: string]: unknown;
		};
		ProviderCallWebhook: {
			/** @example CA00000000000000000000000000000001 */
			CallSid?: string;
			/** @example AC0123456789abcdef0123456789abcdef */
			AccountSid?: string;
			/** @example in-progress */
			CallStatus?: string;
		} & {
			[key: string]: unknown;
		};
		/** @description What the provider sends when it fetches a conference's AnnounceUrl; nothing of it is needed. */
		ConferenceAnnounceWebhook: {
			/** @example CF0123456789abcdef0123456789abcdef */
			ConferenceSid?: string;
			/** @example AC0123456789abcdef0123456789abcdef */
			AccountSid?: string;
		} & {
			[key: string]: unknown;
		};
		/** @description The provider's asynchronous answering-machine verdict on a leg. */
		AmdStatusCallback: {
			/** @example AC0123456789abcdef0123456789abcdef */
			AccountSid?: string;
			/**
			 * @description The customer leg.
			 * @example CA00000000000000000000000000000001
			 */
			CallSid: string;
			/**
			 * @description human, machine_start, machine_end_beep, machine_end_silence, machine_end_other, fax or unknown.
			 * @example machine_end_beep
			 */
			AnsweredBy: string;
			/**
			 * @description Milliseconds the detection took.
			 * @example 4210
			 */
			MachineDetectionDuration?: string;
		} & {
			[key: string]: unknown;
		};
		StatusCallback: {
			/** @example CA00000000000000000000000000000001 */
			CallSid: string;
			/** @example AC0123456789abcdef0123456789abcdef */
			AccountSid?: string;
			/**
			 * @description queued, initiated, ringing, in-progress, completed, busy, no-answer, failed, canceled.
			 * @example completed
			 */
			CallStatus: string;
			/** @example 42 */
			CallDuration?: string;
			/** @example 1 */
			SequenceNumber?: string;
			/** @example Mon, 23 Nov 2026 10:15:42 +0000 */
			Timestamp?: string;
		} & {
			[key: string]: unknown;
		};
		RecordingStatusCallback: {
			/** @example RE0123456789abcdef0123456789abcdef */
			RecordingSid: string;
			/** @example completed */
			RecordingStatus: string;
			/** @example 42 */
			RecordingDuration?: string;
			/** @example https://api.twilio.com/2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Recordings/RE0123456789abcdef0123456789abcdef */
			RecordingUrl?: string;
			/** @example 2 */
			RecordingChannels?: string;
			/** @example CA00000000000000000000000000000001 */
			CallSid?: string;
		} & {
			[key: string]: unknown;
		};
	};
	responses: {
		/** @description Malformed or invalid input (`invalid_request`, `invalid_phone`), `details` naming the field: among others, invalid UTF-8 in any body field, parameter or form value (including JSON escapes of a lone surrogate), and a bidirectional control in a contact's name or company. */
		BadRequest: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "invalid_phone",
				 *         "message": "phone: not a valid phone number",
				 *         "details": [
				 *           {
				 *             "field": "phone",
				 *             "message": "not a valid phone number"
				 *           }
				 *         ]
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description Missing or unknown bearer token (`unauthorized`). */
		Unauthorized: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "unauthorized",
				 *         "message": "A valid bearer token is required."
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description The token may not act on that workspace (`forbidden`). */
		Forbidden: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "forbidden",
				 *         "message": "The token does not belong to that workspace."
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description The bearer is not the call's agent participant (`not_agent_participant`). */
		NotAgent: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "not_agent_participant",
				 *         "message": "Only the call's agent may do that."
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description Missing or wrong `X-Twilio-Signature` (`invalid_signature`); nothing was changed. */
		InvalidSignature: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "invalid_signature",
				 *         "message": "The request signature is missing or wrong."
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description No such record in the token's workspace (`not_found`). */
		NotFound: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "not_found",
				 *         "message": "Contact not found."
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description A contact with that phone exists in the workspace (`contact_exists`); `details` names its id. */
		ContactConflict: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "contact_exists",
				 *         "message": "A contact with that phone exists.",
				 *         "details": [
				 *           {
				 *             "field": "id",
				 *             "message": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b"
				 *           }
				 *         ]
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description The number is already a caller ID of the workspace (`caller_id_exists`), or of another workspace (`caller_id_taken`, which does not name it). */
		CallerIdConflict: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "caller_id_exists",
				 *         "message": "This number is already a caller ID of the workspace.",
				 *         "details": [
				 *           {
				 *             "field": "phoneNumber",
				 *             "message": "This number is already a caller ID of the workspace."
				 *           }
				 *         ]
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description The dial list is paused or done (`dial_list_inactive`). */
		DialListConflict: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "dial_list_inactive",
				 *         "message": "The dial list is paused: it hands out no entries."
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description The dial list's entry is not leased to the bearer, undialled, with its lease running (`entry_not_leased`), or the list is paused or done (`dial_list_inactive`). */
		DialEntryConflict: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "entry_not_leased",
				 *         "message": "This contact of the dial list is not leased to you: take it with next first (a lease lasts 10 minutes until dialled).",
				 *         "details": [
				 *           {
				 *             "field": "contactId",
				 *             "message": "This contact of the dial list is not leased to you: take it with next first (a lease lasts 10 minutes until dialled)."
				 *           }
				 *         ]
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description A call outcome of that name (ignoring case) exists in the workspace (`outcome_exists`). */
		OutcomeConflict: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "outcome_exists",
				 *         "message": "An outcome named \"Interested\" exists.",
				 *         "details": [
				 *           {
				 *             "field": "name",
				 *             "message": "An outcome named \"Interested\" exists."
				 *           }
				 *         ]
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description The call is not answered, or has ended, or the provider no longer has it (`call_not_active`). */
		CallNotActive: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "call_not_active",
				 *         "message": "The call is completed: only an answered call that has not ended can be controlled."
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description The call is not active (`call_not_active`), a transfer is already pending or its target still rings (`transfer_pending`), or there is no pending warm transfer (`no_pending_transfer`). */
		TransferConflict: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "no_pending_transfer",
				 *         "message": "The call has no pending transfer."
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description The call is not answered, has ended, or has a voicemail dropped on it already (`call_not_active`), or a transfer is pending (`transfer_pending`). */
		VoicemailConflict: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "call_not_active",
				 *         "message": "The call is ringing: only an answered call that has not ended can be controlled."
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description The recording is stopped, completed or failed (`recording_not_active`). */
		RecordingNotActive: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "recording_not_active",
				 *         "message": "The recording is completed and cannot be changed."
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description Body over the limit (`payload_too_large`). */
		PayloadTooLarge: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "payload_too_large",
				 *         "message": "The request body is larger than 52428800 bytes."
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description A business rule refuses the call (`dnc_blocked`, `caller_id_not_allowed`, `outside_calling_hours`, `state_rule`, `attempt_limit`); a refusal of the dial check lists every reason and `nextAllowedAt` in `details`. */
		CallRefused: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description A business rule refuses the transfer target (`dnc_blocked`, `outside_calling_hours`, `state_rule`, `attempt_limit`); `details` list every reason and `nextAllowedAt`. */
		TransferRefused: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description Too many requests for this token (`rate_limited`); retry after `Retry-After` seconds. */
		TooManyRequests: {
			headers: {
				/** @description Seconds to wait before the next request. */
				"Retry-After"?: number;
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "rate_limited",
				 *         "message": "Too many requests."
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description A fault of the service (`internal`), logged with the request id. */
		Internal: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "internal",
				 *         "message": "Internal error."
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/**
		 * @description The database dropped the connection, or gave up on a serialization failure or deadlock
		 *     that one retry did not clear (`unavailable`). Safe to retry after `Retry-After` seconds.
		 *     Every operation that reads or writes the database, a bearer token's lookup included,
		 *     may answer it; only `voiceHoldMusic` never does.
		 */
		Unavailable: {
			headers: {
				/** @description Seconds to wait before retrying. */
				"Retry-After"?: number;
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "unavailable",
				 *         "message": "The database is briefly unavailable; retry shortly."
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description The telephony provider refused or failed (`provider_error`); `details` carries its error code. */
		ProviderError: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/**
				 * @example {
				 *       "error": {
				 *         "code": "provider_error",
				 *         "message": "Twilio: The requested resource was not found",
				 *         "details": [
				 *           {
				 *             "field": "providerCode",
				 *             "message": "20404"
				 *           }
				 *         ]
				 *       }
				 *     }
				 */
				"application/json": components["schemas"]["ErrorResponse"];
			};
		};
		/** @description The call after the operation. */
		CallOK: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				"application/json": components["schemas"]["CallResponse"];
			};
		};
		/** @description TwiML that says the workspace's recording announcement, or nothing when it is off. */
		AnnouncementTwiML: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/** @example <?xml version="1.0" encoding="UTF-8"?><Response><Say>This call is being recorded for quality and training.</Say></Response> */
				"application/xml": string;
			};
		};
		/** @description TwiML that puts the customer in the conference, or hangs up for an unknown conference. */
		ConferenceJoinTwiML: {
			headers: {
				[name: string]: unknown;
			};
			content: {
				/** @example <?xml version="1.0" encoding="UTF-8"?><Response><Dial><Conference endConferenceOnExit="true" participantLabel="customer" label="customer">sb-0192f6a4</Conference></Dial></Response> */
				"application/xml": string;
			};
		};
	};
	parameters: {
		/**
		 * @description The dial list's id. Over 64 characters is 400; another workspace's is 404.
		 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90
		 */
		DialListId: string;
		/** @description The workspace; must be the token's own (403 otherwise). Omitted means the token's. */
		WorkspaceIdQuery: components["schemas"]["WorkspaceId"];
		/**
		 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
		 * @example 50
		 */
		Limit: number;
		/**
		 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
		 * @example 0
		 */
		Offset: number;
		/**
		 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
		 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
		 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
		 */
		Cursor: string;
		/**
		 * @description The endpoint's id (from its creation or the list); another workspace's is 404.
		 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70
		 */
		WebhookEndpointId: string;
		/**
		 * @description The agent leg's provider call SID.
		 * @example CA0123456789abcdef0123456789abcdef
		 */
		CallSid: string;
		/**
		 * @description The event's id (its `id` in `GET /v1/events`), the same on every attempt and redelivery: deduplicate on it.
		 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71
		 */
		WebhookIdHeader: string;
		/**
		 * @description Unix seconds of the attempt. Refuse a delivery more than 5 minutes from your clock (Standard Webhooks' tolerance), so that a captured one cannot be replayed later.
		 * @example 1795428900
		 */
		WebhookTimestampHeader: string;
		/**
		 * @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint's secret after `whsec_`; for 24 hours after a rotation two such signatures, space-separated, the new secret's first. Compare in constant time.
		 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
		 */
		WebhookSignatureHeader: string;
	};
	requestBodies: never;
	headers: never;
	pathItems: never;
}
export interface operations {
	healthz: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description The service and its database answer. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": {
					 *         "status": "ok"
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["HealthResponse"];
				};
			};
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	readyz: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Every check passed. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": {
					 *         "status": "ok",
					 *         "checks": {
					 *           "database": "ok",
					 *           "migrations": "ok",
					 *           "jobs": "ok"
					 *         }
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["ReadyResponse"];
				};
			};
			500: components["responses"]["Internal"];
			/**
			 * @description A check failed (`unavailable`); `details` has one entry per failing check, its
			 *     `field` the check's name. Retry after `Retry-After` seconds.
			 */
			503: {
				headers: {
					/** @description Seconds to wait before asking again. */
					"Retry-After"?: number;
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "error": {
					 *         "code": "unavailable",
					 *         "message": "Not ready: the job engine is not running.",
					 *         "details": [
					 *           {
					 *             "field": "jobs",
					 *             "message": "the job engine is not running"
					 *           }
					 *         ]
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["ErrorResponse"];
				};
			};
		};
	};
	listContacts: {
		parameters: {
			query?: {
				/** @description The workspace; must be the token's own (403 otherwise). Omitted means the token's. */
				workspaceId?: components["parameters"]["WorkspaceIdQuery"];
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A page of contacts (createdAt desc, id desc; stable across pages). */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["ContactList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	createContact: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "workspaceId": "ws_acme",
				 *       "firstName": "Ada",
				 *       "lastName": "Lovelace",
				 *       "phone": "(415) 555-2671",
				 *       "email": "ada@example.com",
				 *       "company": "Analytical Engines"
				 *     }
				 */
				"application/json": components["schemas"]["ContactCreate"];
			};
		};
		responses: {
			/** @description Created. */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["ContactResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			409: components["responses"]["ContactConflict"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	searchContactsGet: {
		parameters: {
			query?: {
				/** @description The workspace; must be the token's own (403 otherwise). Omitted means the token's. */
				workspaceId?: components["parameters"]["WorkspaceIdQuery"];
				/**
				 * @description Words to find in names, email, company and phone digits (case-insensitive); absent lists every contact in the search order.
				 * @example ada love
				 */
				q?: string;
				/**
				 * @description Only contacts of this company (exact, case-insensitive).
				 * @example Analytical Engines
				 */
				company?: string;
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Matching contacts. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["ContactList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	searchContactsPost: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "workspaceId": "ws_acme",
				 *       "query": "ada",
				 *       "filters": {
				 *         "company": "Analytical Engines"
				 *       },
				 *       "limit": 20
				 *     }
				 */
				"application/json": components["schemas"]["ContactSearchRequest"];
			};
		};
		responses: {
			/** @description Matching contacts. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["ContactList"];
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
	};
	importContacts: {
		parameters: {
			query?: {
				/** @description The workspace; must be the token's own (403 otherwise). Omitted means the token's. */
				workspaceId?: components["parameters"]["WorkspaceIdQuery"];
				/** @description ISO region for national-format numbers (default the server's DEFAULT_REGION). */
				defaultRegion?: components["schemas"]["Region"];
				/** @description What a row whose phone is already a contact does, `skip` (default) or `update` the stored contact. */
				onDuplicate?: components["schemas"]["OnDuplicate"];
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "file": "First Name,Last Name,Phone,Email,Company\nAda,Lovelace,(415) 555-2671,ada@example.com,Analytical Engines\n",
				 *       "workspaceId": "ws_acme",
				 *       "defaultRegion": "US",
				 *       "onDuplicate": "skip"
				 *     }
				 */
				"multipart/form-data": components["schemas"]["ImportForm"];
				/**
				 * @example First Name,Last Name,Phone,Email,Company
				 *     Ada,Lovelace,(415) 555-2671,ada@example.com,Analytical Engines
				 */
				"text/csv": string;
			};
		};
		responses: {
			/** @description The per-row report. */
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
	};
	normalizePhone: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "phone": "(415) 555-2671"
				 *     }
				 */
				"application/json": components["schemas"]["NormalizeRequest"];
			};
		};
		responses: {
			/** @description The normalized number. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["NormalizeResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	getContact: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The contact's id (from `POST /v1/contacts` or a list). Over 64 characters is 400; an id of another workspace is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b
				 */
				id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description The contact. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["ContactResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	deleteContact: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The contact's id (from `POST /v1/contacts` or a list). Over 64 characters is 400; an id of another workspace is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b
				 */
				id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Deleted; the id answers 404 from now on. */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	updateContact: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The contact's id (from `POST /v1/contacts` or a list). Over 64 characters is 400; an id of another workspace is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b
				 */
				id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "firstName": "Augusta",
				 *       "notes": null
				 *     }
				 */
				"application/json": components["schemas"]["ContactPatch"];
			};
		};
		responses: {
			/** @description The whole updated contact. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["ContactResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			404: components["responses"]["NotFound"];
			409: components["responses"]["ContactConflict"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	listDnc: {
		parameters: {
			query?: {
				/** @description The workspace; must be the token's own (403 otherwise). Omitted means the token's. */
				workspaceId?: components["parameters"]["WorkspaceIdQuery"];
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A page of entries. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["DncList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	addDnc: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["DncCreate"];
			};
		};
		responses: {
			/** @description Already listed; the existing entry. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["DncResponse"];
				};
			};
			/** @description Listed. */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["DncResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			404: components["responses"]["NotFound"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	checkDnc: {
		parameters: {
			query: {
				/** @description The workspace; must be the token's own (403 otherwise). Omitted means the token's. */
				workspaceId?: components["parameters"]["WorkspaceIdQuery"];
				/**
				 * @description The number to check, in any notation `POST /v1/contacts` accepts (400 `invalid_phone` when it is not a number).
				 * @example +14155552671
				 */
				phone: string;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Whether the number is blocked, and the entry that blocks it. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["DncCheckResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	listDncHistory: {
		parameters: {
			query?: {
				/** @description The workspace; must be the token's own (403 otherwise). Omitted means the token's. */
				workspaceId?: components["parameters"]["WorkspaceIdQuery"];
				/**
				 * @description Only this number's entries (normalized like `POST /v1/dnc`); every number when absent.
				 * @example +14155552671
				 */
				phone?: string;
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A page of entries, listed and removed. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": [
					 *         {
					 *           "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6c",
					 *           "workspaceId": "ws_acme",
					 *           "phone": "+14155552671",
					 *           "reason": "Asked not to be called",
					 *           "source": "api",
					 *           "addedBy": "ada",
					 *           "createdAt": "2026-11-20T10:15:00Z",
					 *           "removedAt": "2026-11-23T09:00:00Z",
					 *           "removedBy": "grace",
					 *           "removalReason": "Consent given in writing"
					 *         }
					 *       ],
					 *       "meta": {
					 *         "total": 1,
					 *         "totalExact": true,
					 *         "hasMore": false,
					 *         "limit": 50,
					 *         "offset": 0,
					 *         "nextCursor": null
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["DncList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	importDnc: {
		parameters: {
			query?: {
				/** @description The workspace; must be the token's own (403 otherwise). Omitted means the token's. */
				workspaceId?: components["parameters"]["WorkspaceIdQuery"];
				/** @description ISO region for national-format numbers (default the server's DEFAULT_REGION). */
				defaultRegion?: components["schemas"]["Region"];
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "file": "phone,reason\n(415) 555-2671,Asked not to be called\n",
				 *       "workspaceId": "ws_acme"
				 *     }
				 */
				"multipart/form-data": components["schemas"]["DncImportForm"];
				/**
				 * @example phone,reason
				 *     (415) 555-2671,Asked not to be called
				 */
				"text/csv": string;
			};
		};
		responses: {
			/** @description The per-row report (`updated` is always 0). */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": {
					 *         "imported": 41,
					 *         "updated": 0,
					 *         "skipped": 2,
					 *         "failed": 1,
					 *         "ignoredColumns": [],
					 *         "ignoredColumnCount": 0,
					 *         "errors": [
					 *           {
					 *             "row": 5,
					 *             "field": "phone",
					 *             "message": "not a valid phone number"
					 *           }
					 *         ]
					 *       }
					 *     }
					 */
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
	};
	deleteDnc: {
		parameters: {
			query?: {
				/**
				 * @description Why the number may be called again; kept with the entry.
				 * @example the number was listed by mistake
				 */
				reason?: string;
			};
			header?: never;
			path: {
				/**
				 * @description The entry's id (from `POST /v1/dnc` or the list). Over 64 characters is 400; an id of another workspace is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6c
				 */
				id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Removed. */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	getVoiceToken: {
		parameters: {
			query?: {
				/** @description Lifetime in seconds (default 3600, at most 86400). */
				ttl?: number;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description The token. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["VoiceTokenResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	voiceCallControl: {
		parameters: {
			query?: {
				/**
				 * @description Click-to-call only, set by the service: the customer number.
				 * @example +14155552671
				 */
				to?: string;
				/**
				 * @description Click-to-call only, set by the service: the caller ID.
				 * @example +15005550006
				 */
				callerId?: string;
				/**
				 * @description Click-to-call only, set by the service: the workspace.
				 * @example ws_acme
				 */
				workspaceId?: string;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "CallSid": "CA0123456789abcdef0123456789abcdef",
				 *       "AccountSid": "AC0123456789abcdef0123456789abcdef",
				 *       "From": "client:ada",
				 *       "Caller": "client:ada",
				 *       "To": "+14155552671",
				 *       "callerId": "+15005550006",
				 *       "workspaceId": "ws_acme",
				 *       "Direction": "inbound",
				 *       "CallStatus": "ringing"
				 *     }
				 */
				"application/x-www-form-urlencoded": components["schemas"]["CallControlWebhook"];
			};
		};
		responses: {
			/** @description TwiML. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/** @example <?xml version="1.0" encoding="UTF-8"?><Response><Dial><Conference startConferenceOnEnter="true" endConferenceOnExit="false" participantLabel="agent">sb-0192f6a4</Conference></Dial></Response> */
					"application/xml": string;
				};
			};
			400: components["responses"]["BadRequest"];
			403: components["responses"]["InvalidSignature"];
			413: components["responses"]["PayloadTooLarge"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	voiceConferenceJoinGet: {
		parameters: {
			query: {
				/**
				 * @description The conference name the service put in the customer leg's URL.
				 * @example sb-0192f6a4
				 */
				conference: string;
				/**
				 * @description The customer leg's SID, appended by the provider.
				 * @example CA00000000000000000000000000000001
				 */
				CallSid?: string;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			200: components["responses"]["ConferenceJoinTwiML"];
			400: components["responses"]["BadRequest"];
			403: components["responses"]["InvalidSignature"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	voiceConferenceJoinPost: {
		parameters: {
			query: {
				/**
				 * @description The conference name the service put in the customer leg's URL.
				 * @example sb-0192f6a4
				 */
				conference: string;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: {
			content: {
				/**
				 * @example {
				 *       "CallSid": "CA00000000000000000000000000000001",
				 *       "AccountSid": "AC0123456789abcdef0123456789abcdef",
				 *       "CallStatus": "in-progress"
				 *     }
				 */
				"application/x-www-form-urlencoded": components["schemas"]["ProviderCallWebhook"];
			};
		};
		responses: {
			200: components["responses"]["ConferenceJoinTwiML"];
			400: components["responses"]["BadRequest"];
			403: components["responses"]["InvalidSignature"];
			413: components["responses"]["PayloadTooLarge"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	voiceStatusCallback: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "CallSid": "CA00000000000000000000000000000001",
				 *       "AccountSid": "AC0123456789abcdef0123456789abcdef",
				 *       "CallStatus": "completed",
				 *       "CallDuration": "42",
				 *       "SequenceNumber": "3",
				 *       "Timestamp": "Mon, 23 Nov 2026 10:15:42 +0000"
				 *     }
				 */
				"application/x-www-form-urlencoded": components["schemas"]["StatusCallback"];
			};
		};
		responses: {
			/** @description Acknowledged. */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			400: components["responses"]["BadRequest"];
			403: components["responses"]["InvalidSignature"];
			413: components["responses"]["PayloadTooLarge"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	voiceRecordingStatus: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "RecordingSid": "RE0123456789abcdef0123456789abcdef",
				 *       "RecordingStatus": "completed",
				 *       "RecordingDuration": "42",
				 *       "RecordingUrl": "https://api.twilio.com/2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Recordings/RE0123456789abcdef0123456789abcdef",
				 *       "RecordingChannels": "2",
				 *       "CallSid": "CA00000000000000000000000000000001"
				 *     }
				 */
				"application/x-www-form-urlencoded": components["schemas"]["RecordingStatusCallback"];
			};
		};
		responses: {
			/** @description Acknowledged. */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			400: components["responses"]["BadRequest"];
			403: components["responses"]["InvalidSignature"];
			413: components["responses"]["PayloadTooLarge"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	voiceTransferStatus: {
		parameters: {
			query: {
				/**
				 * @description The call (its agent leg's SID) the transfer belongs to, set by the service in the callback URL.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				call: string;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "CallSid": "CA00000000000000000000000000000001",
				 *       "AccountSid": "AC0123456789abcdef0123456789abcdef",
				 *       "CallStatus": "completed",
				 *       "CallDuration": "42",
				 *       "SequenceNumber": "3",
				 *       "Timestamp": "Mon, 23 Nov 2026 10:15:42 +0000"
				 *     }
				 */
				"application/x-www-form-urlencoded": components["schemas"]["StatusCallback"];
			};
		};
		responses: {
			/** @description Acknowledged. */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			400: components["responses"]["BadRequest"];
			403: components["responses"]["InvalidSignature"];
			413: components["responses"]["PayloadTooLarge"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	voiceHoldMusic: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description TwiML. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/** @example <?xml version="1.0" encoding="UTF-8"?><Response><Say loop="0">Please hold.</Say></Response> */
					"application/xml": string;
				};
			};
			500: components["responses"]["Internal"];
		};
	};
	voiceAnnouncementGet: {
		parameters: {
			query: {
				/**
				 * @description The workspace whose announcement to say, set by the service in the conference's `AnnounceUrl` (and covered by the signature).
				 * @example ws_acme
				 */
				workspaceId: string;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			200: components["responses"]["AnnouncementTwiML"];
			400: components["responses"]["BadRequest"];
			403: components["responses"]["InvalidSignature"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	voiceAnnouncementPost: {
		parameters: {
			query: {
				/**
				 * @description The workspace whose announcement to say, set by the service in the conference's `AnnounceUrl` (and covered by the signature).
				 * @example ws_acme
				 */
				workspaceId: string;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: {
			content: {
				/**
				 * @example {
				 *       "ConferenceSid": "CF0123456789abcdef0123456789abcdef",
				 *       "AccountSid": "AC0123456789abcdef0123456789abcdef"
				 *     }
				 */
				"application/x-www-form-urlencoded": components["schemas"]["ConferenceAnnounceWebhook"];
			};
		};
		responses: {
			200: components["responses"]["AnnouncementTwiML"];
			400: components["responses"]["BadRequest"];
			403: components["responses"]["InvalidSignature"];
			413: components["responses"]["PayloadTooLarge"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	voiceAmdStatus: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "AccountSid": "AC0123456789abcdef0123456789abcdef",
				 *       "CallSid": "CA00000000000000000000000000000001",
				 *       "AnsweredBy": "machine_end_beep",
				 *       "MachineDetectionDuration": "4210"
				 *     }
				 */
				"application/x-www-form-urlencoded": components["schemas"]["AmdStatusCallback"];
			};
		};
		responses: {
			/** @description Acknowledged. */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			400: components["responses"]["BadRequest"];
			403: components["responses"]["InvalidSignature"];
			413: components["responses"]["PayloadTooLarge"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	listCalls: {
		parameters: {
			query?: {
				/** @description The workspace; must be the token's own (403 otherwise). Omitted means the token's. */
				workspaceId?: components["parameters"]["WorkspaceIdQuery"];
				/** @description Only calls in this status. */
				status?: components["schemas"]["CallStatus"];
				/**
				 * @description Only calls to this contact.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b
				 */
				contactId?: string;
				/**
				 * @description Only calls with this outcome.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71
				 */
				outcomeId?: string;
				/**
				 * @description Only calls carrying this tag (compared in lower case, after trimming).
				 * @example renewal
				 */
				tag?: string;
				/**
				 * @description Only this agent's calls (the agent's identity). An agent's token may name only itself (403 `forbidden` otherwise).
				 * @example ada
				 */
				agent?: string;
				/**
				 * @description Only calls created at or after this instant (RFC 3339).
				 * @example 2026-11-01T00:00:00Z
				 */
				createdAfter?: string;
				/**
				 * @description Only calls created before this instant (RFC 3339, excluded).
				 * @example 2026-12-01T00:00:00Z
				 */
				createdBefore?: string;
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A page of calls. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CallList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	createCall: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["CallCreate"];
			};
		};
		responses: {
			/** @description The call, status initiated. */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CallResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			404: components["responses"]["NotFound"];
			409: components["responses"]["DialEntryConflict"];
			413: components["responses"]["PayloadTooLarge"];
			422: components["responses"]["CallRefused"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			502: components["responses"]["ProviderError"];
			503: components["responses"]["Unavailable"];
		};
	};
	createDialCheck: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["DialCheckRequest"];
			};
		};
		responses: {
			/** @description The check's answer. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["DialCheckResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			404: components["responses"]["NotFound"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	getCall: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description The call. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CallResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["NotAgent"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	updateCall: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["CallPatch"];
			};
		};
		responses: {
			/** @description The call after the change. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CallResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["NotAgent"];
			404: components["responses"]["NotFound"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	holdCall: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "action": "hold"
				 *     }
				 */
				"application/json": components["schemas"]["HoldRequest"];
			};
		};
		responses: {
			200: components["responses"]["CallOK"];
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["NotAgent"];
			404: components["responses"]["NotFound"];
			409: components["responses"]["CallNotActive"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			502: components["responses"]["ProviderError"];
			503: components["responses"]["Unavailable"];
		};
	};
	muteCall: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		requestBody?: {
			content: {
				/**
				 * @example {
				 *       "muted": true
				 *     }
				 */
				"application/json": components["schemas"]["MuteRequest"];
			};
		};
		responses: {
			200: components["responses"]["CallOK"];
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["NotAgent"];
			404: components["responses"]["NotFound"];
			409: components["responses"]["CallNotActive"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			502: components["responses"]["ProviderError"];
			503: components["responses"]["Unavailable"];
		};
	};
	transferCall: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "target": "+14155550199",
				 *       "type": "warm"
				 *     }
				 */
				"application/json": components["schemas"]["TransferRequest"];
			};
		};
		responses: {
			200: components["responses"]["CallOK"];
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["NotAgent"];
			404: components["responses"]["NotFound"];
			409: components["responses"]["TransferConflict"];
			413: components["responses"]["PayloadTooLarge"];
			422: components["responses"]["TransferRefused"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			502: components["responses"]["ProviderError"];
			503: components["responses"]["Unavailable"];
		};
	};
	completeTransfer: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			200: components["responses"]["CallOK"];
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["NotAgent"];
			404: components["responses"]["NotFound"];
			409: components["responses"]["TransferConflict"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			502: components["responses"]["ProviderError"];
			503: components["responses"]["Unavailable"];
		};
	};
	cancelTransfer: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			200: components["responses"]["CallOK"];
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["NotAgent"];
			404: components["responses"]["NotFound"];
			409: components["responses"]["TransferConflict"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			502: components["responses"]["ProviderError"];
			503: components["responses"]["Unavailable"];
		};
	};
	hangUpCall: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description The call, ended. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CallResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["NotAgent"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			502: components["responses"]["ProviderError"];
			503: components["responses"]["Unavailable"];
		};
	};
	dropVoicemail: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "voicemailDropId": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a80"
				 *     }
				 */
				"application/json": components["schemas"]["VoicemailDropRequest"];
			};
		};
		responses: {
			/** @description The call, with the drop recorded; the customer leg is playing it. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CallResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["NotAgent"];
			404: components["responses"]["NotFound"];
			409: components["responses"]["VoicemailConflict"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			502: components["responses"]["ProviderError"];
			503: components["responses"]["Unavailable"];
		};
	};
	listCallRecordings: {
		parameters: {
			query?: {
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path: {
				/**
				 * @description The agent leg's provider call SID.
				 * @example CA0123456789abcdef0123456789abcdef
				 */
				callSid: components["parameters"]["CallSid"];
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description The call's recordings, newest first. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["RecordingList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["NotAgent"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	listContactCalls: {
		parameters: {
			query?: {
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path: {
				/**
				 * @description The contact's id. Over 64 characters is 400; an id of another workspace is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b
				 */
				id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A page of the contact's calls. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CallList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	listCallOutcomes: {
		parameters: {
			query?: {
				/** @description Also list archived outcomes. */
				includeArchived?: boolean;
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A page of outcomes. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CallOutcomeList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	createCallOutcome: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "name": "Demo booked",
				 *       "kind": "connected"
				 *     }
				 */
				"application/json": components["schemas"]["CallOutcomeCreate"];
			};
		};
		responses: {
			/** @description The new outcome. */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CallOutcomeResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			409: components["responses"]["OutcomeConflict"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	getCallOutcome: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The outcome's id. Over 64 characters is 400; another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71
				 */
				id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description The outcome. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CallOutcomeResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	updateCallOutcome: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The outcome's id. Over 64 characters is 400; another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71
				 */
				id: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["CallOutcomePatch"];
			};
		};
		responses: {
			/** @description The outcome after the change. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CallOutcomeResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			404: components["responses"]["NotFound"];
			409: components["responses"]["OutcomeConflict"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	listVoicemailDrops: {
		parameters: {
			query?: {
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A page of voicemail drops. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["VoicemailDropList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	createVoicemailDrop: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "name": "Renewal reminder",
				 *       "audioUrl": "https://media.example.com/voicemail/renewal.mp3"
				 *     }
				 */
				"application/json": components["schemas"]["VoicemailDropCreate"];
			};
		};
		responses: {
			/** @description The new voicemail drop. */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["VoicemailDropResponse"];
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
	};
	deleteVoicemailDrop: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The voicemail drop's id. Over 64 characters is 400; another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a80
				 */
				id: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Deleted. */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	listDialLists: {
		parameters: {
			query?: {
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A page of dial lists. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": [
					 *         {
					 *           "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90",
					 *           "name": "November renewals",
					 *           "callerId": "+15005550006",
					 *           "maxAttempts": 3,
					 *           "retryMinutes": 60,
					 *           "status": "active",
					 *           "size": 1250,
					 *           "remaining": 812,
					 *           "createdAt": "2026-11-23T09:00:00Z"
					 *         }
					 *       ],
					 *       "meta": {
					 *         "total": 1,
					 *         "totalExact": true,
					 *         "hasMore": false,
					 *         "limit": 50,
					 *         "offset": 0,
					 *         "nextCursor": null
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["DialListList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	createDialList: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["DialListCreate"];
			};
		};
		responses: {
			/** @description The new list, active. */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": {
					 *         "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90",
					 *         "name": "November renewals",
					 *         "callerId": "+15005550006",
					 *         "maxAttempts": 3,
					 *         "retryMinutes": 60,
					 *         "status": "active",
					 *         "size": 2,
					 *         "remaining": 2,
					 *         "createdAt": "2026-11-23T09:00:00Z"
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["DialListResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			404: components["responses"]["NotFound"];
			413: components["responses"]["PayloadTooLarge"];
			422: components["responses"]["CallRefused"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	getDialList: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The dial list's id. Over 64 characters is 400; another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90
				 */
				id: components["parameters"]["DialListId"];
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description The list. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": {
					 *         "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90",
					 *         "name": "November renewals",
					 *         "callerId": "+15005550006",
					 *         "maxAttempts": 3,
					 *         "retryMinutes": 60,
					 *         "status": "done",
					 *         "size": 2,
					 *         "remaining": 0,
					 *         "createdAt": "2026-11-23T09:00:00Z"
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["DialListResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	updateDialList: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The dial list's id. Over 64 characters is 400; another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90
				 */
				id: components["parameters"]["DialListId"];
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["DialListPatch"];
			};
		};
		responses: {
			/** @description The list after the change. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": {
					 *         "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90",
					 *         "name": "November renewals",
					 *         "callerId": "+15005550006",
					 *         "maxAttempts": 3,
					 *         "retryMinutes": 60,
					 *         "status": "paused",
					 *         "size": 2,
					 *         "remaining": 2,
					 *         "createdAt": "2026-11-23T09:00:00Z"
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["DialListResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			404: components["responses"]["NotFound"];
			409: components["responses"]["DialListConflict"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	listDialListEntries: {
		parameters: {
			query?: {
				/** @description Only entries in this status. */
				status?: components["schemas"]["DialListEntryStatus"];
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path: {
				/**
				 * @description The dial list's id. Over 64 characters is 400; another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90
				 */
				id: components["parameters"]["DialListId"];
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A page of entries. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": [
					 *         {
					 *           "contactId": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
					 *           "phone": "+14155552671",
					 *           "position": 1,
					 *           "status": "pending",
					 *           "attempts": 1,
					 *           "lastOutcome": "busy",
					 *           "lastCallSid": "CA0123456789abcdef0123456789abcdef",
					 *           "nextAttemptAt": "2026-11-23T10:16:00Z",
					 *           "skipReason": null,
					 *           "leasedBy": null,
					 *           "leaseUntil": null
					 *         }
					 *       ],
					 *       "meta": {
					 *         "total": 1,
					 *         "totalExact": true,
					 *         "hasMore": false,
					 *         "limit": 50,
					 *         "offset": 0,
					 *         "nextCursor": null
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["DialListEntryList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	nextDialListEntry: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The dial list's id. Over 64 characters is 400; another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a90
				 */
				id: components["parameters"]["DialListId"];
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description The leased entry (or null) and what was skipped. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["DialNextResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			404: components["responses"]["NotFound"];
			409: components["responses"]["DialListConflict"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	reportCalls: {
		parameters: {
			query: {
				/**
				 * @description The range's start (RFC 3339, included).
				 * @example 2026-11-01T00:00:00-05:00
				 */
				from: string;
				/**
				 * @description The range's end (RFC 3339, excluded).
				 * @example 2026-12-01T00:00:00-05:00
				 */
				to: string;
				/** @description What a row stands for. */
				groupBy: components["schemas"]["CallReportGroupBy"];
				/**
				 * @description The IANA zone whose calendar days `groupBy=day` counts; default the workspace's `timeZone`.
				 * @example America/New_York
				 */
				timeZone?: string;
				/**
				 * @description Only this agent's calls (the agent's identity); every agent's when omitted.
				 * @example ada
				 */
				agent?: string;
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description The report. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CallReport"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	startRecording: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "callSid": "CA0123456789abcdef0123456789abcdef",
				 *       "channels": "dual"
				 *     }
				 */
				"application/json": components["schemas"]["RecordingCreate"];
			};
		};
		responses: {
			/** @description Recording. */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["RecordingResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["NotAgent"];
			404: components["responses"]["NotFound"];
			409: components["responses"]["CallNotActive"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			502: components["responses"]["ProviderError"];
			503: components["responses"]["Unavailable"];
		};
	};
	getRecording: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The recording's provider SID, from `POST /v1/recordings`.
				 * @example RE0123456789abcdef0123456789abcdef
				 */
				recordingSid: string;
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description The recording. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["RecordingResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["NotAgent"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	updateRecording: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The recording's provider SID, from `POST /v1/recordings`.
				 * @example RE0123456789abcdef0123456789abcdef
				 */
				recordingSid: string;
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "status": "paused"
				 *     }
				 */
				"application/json": components["schemas"]["RecordingUpdate"];
			};
		};
		responses: {
			/** @description The recording. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["RecordingResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["NotAgent"];
			404: components["responses"]["NotFound"];
			409: components["responses"]["RecordingNotActive"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			502: components["responses"]["ProviderError"];
			503: components["responses"]["Unavailable"];
		};
	};
	getWorkspace: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description The settings. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": {
					 *         "id": "ws_acme",
					 *         "callingHours": {
					 *           "start": "08:00",
					 *           "end": "21:00"
					 *         },
					 *         "timeZone": "UTC",
					 *         "stateRules": true,
					 *         "attemptLimit": null,
					 *         "recordingAnnouncement": null
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["WorkspaceResponse"];
				};
			};
			401: components["responses"]["Unauthorized"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	updateWorkspace: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				"application/json": components["schemas"]["WorkspacePatch"];
			};
		};
		responses: {
			/** @description The settings after the change. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": {
					 *         "id": "ws_acme",
					 *         "callingHours": {
					 *           "start": "09:00",
					 *           "end": "20:00"
					 *         },
					 *         "timeZone": "America/Chicago",
					 *         "stateRules": true,
					 *         "attemptLimit": {
					 *           "max": 3,
					 *           "windowHours": 24
					 *         },
					 *         "recordingAnnouncement": null
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["WorkspaceResponse"];
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
	};
	listCallerIds: {
		parameters: {
			query?: {
				/** @description The workspace; must be the token's own (403 otherwise). Omitted means the token's. */
				workspaceId?: components["parameters"]["WorkspaceIdQuery"];
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A page of caller IDs. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CallerIdList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	createCallerId: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "workspaceId": "ws_acme",
				 *       "phoneNumber": "+15005550006",
				 *       "friendlyName": "Sales line",
				 *       "isDefault": true
				 *     }
				 */
				"application/json": components["schemas"]["CallerIdCreate"];
			};
		};
		responses: {
			/** @description Provisioned. */
			201: {
				headers: {
					/** @description Only when the request sent the deprecated `default`: when it was deprecated (RFC 9745). */
					Deprecation?: string;
					/** @description Only when the request sent the deprecated `default`: the earliest day it may stop working (RFC 8594). */
					Sunset?: string;
					/** @description Only when the request sent the deprecated `default`: where the deprecation is documented. */
					Link?: string;
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["CallerIdResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			409: components["responses"]["CallerIdConflict"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			502: components["responses"]["ProviderError"];
			503: components["responses"]["Unavailable"];
		};
	};
	listWebhookEndpoints: {
		parameters: {
			query?: {
				/** @description The workspace; must be the token's own (403 otherwise). Omitted means the token's. */
				workspaceId?: components["parameters"]["WorkspaceIdQuery"];
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A page of endpoints. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": [
					 *         {
					 *           "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70",
					 *           "workspaceId": "ws_acme",
					 *           "url": "https://crm.example.com/hooks/switchboard",
					 *           "description": "CRM sync",
					 *           "events": [
					 *             "contact.created",
					 *             "call.completed"
					 *           ],
					 *           "enabled": true,
					 *           "disabledReason": null,
					 *           "failingSince": null,
					 *           "createdAt": "2026-11-23T10:15:00Z",
					 *           "updatedAt": "2026-11-23T10:15:00Z"
					 *         }
					 *       ],
					 *       "meta": {
					 *         "total": 1,
					 *         "totalExact": true,
					 *         "hasMore": false,
					 *         "limit": 50,
					 *         "offset": 0,
					 *         "nextCursor": null
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["WebhookEndpointList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	createWebhookEndpoint: {
		parameters: {
			query?: never;
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "url": "https://crm.example.com/hooks/switchboard",
				 *       "events": [
				 *         "contact.created",
				 *         "call.completed"
				 *       ],
				 *       "description": "CRM sync"
				 *     }
				 */
				"application/json": components["schemas"]["WebhookEndpointCreate"];
			};
		};
		responses: {
			/** @description Registered; `secret` is shown this once. */
			201: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["WebhookEndpointResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			/** @description The workspace already has 20 endpoints (`limit_reached`). */
			409: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "error": {
					 *         "code": "limit_reached",
					 *         "message": "A workspace has at most 20 webhook endpoints; delete one to register another."
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["ErrorResponse"];
				};
			};
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	getWebhookEndpoint: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The endpoint's id (from its creation or the list); another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70
				 */
				id: components["parameters"]["WebhookEndpointId"];
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description The endpoint. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["WebhookEndpointResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	deleteWebhookEndpoint: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The endpoint's id (from its creation or the list); another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70
				 */
				id: components["parameters"]["WebhookEndpointId"];
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description Removed. */
			204: {
				headers: {
					[name: string]: unknown;
				};
				content?: never;
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	updateWebhookEndpoint: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The endpoint's id (from its creation or the list); another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70
				 */
				id: components["parameters"]["WebhookEndpointId"];
			};
			cookie?: never;
		};
		requestBody: {
			content: {
				/**
				 * @example {
				 *       "events": [
				 *         "contact.created",
				 *         "contact.updated",
				 *         "call.completed"
				 *       ],
				 *       "enabled": true
				 *     }
				 */
				"application/json": components["schemas"]["WebhookEndpointPatch"];
			};
		};
		responses: {
			/** @description The endpoint after the change. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["WebhookEndpointResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			404: components["responses"]["NotFound"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	rotateWebhookSecret: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The endpoint's id (from its creation or the list); another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70
				 */
				id: components["parameters"]["WebhookEndpointId"];
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description The endpoint with its new secret. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					"application/json": components["schemas"]["WebhookEndpointResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	listWebhookDeliveries: {
		parameters: {
			query?: {
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path: {
				/**
				 * @description The endpoint's id (from its creation or the list); another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70
				 */
				id: components["parameters"]["WebhookEndpointId"];
			};
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A page of attempts. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": [
					 *         {
					 *           "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a72",
					 *           "endpointId": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70",
					 *           "eventId": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71",
					 *           "eventType": "contact.created",
					 *           "attempt": 2,
					 *           "result": "retrying",
					 *           "statusCode": 503,
					 *           "error": "",
					 *           "durationMs": 84,
					 *           "attemptedAt": "2026-11-23T10:15:35Z",
					 *           "nextAttemptAt": "2026-11-23T10:17:35Z"
					 *         }
					 *       ],
					 *       "meta": {
					 *         "total": 1,
					 *         "totalExact": true,
					 *         "hasMore": false,
					 *         "limit": 50,
					 *         "offset": 0,
					 *         "nextCursor": null
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["WebhookDeliveryList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			404: components["responses"]["NotFound"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	listEvents: {
		parameters: {
			query?: {
				/** @description The workspace; must be the token's own (403 otherwise). Omitted means the token's. */
				workspaceId?: components["parameters"]["WorkspaceIdQuery"];
				/** @description Only events of this type; every type when absent. */
				type?: components["schemas"]["EventType"];
				/**
				 * @description The most items to return in the page, 1..200 (default 50); anything else is 400 `invalid_request`.
				 * @example 50
				 */
				limit?: components["parameters"]["Limit"];
				/**
				 * @description How many items to skip before the page starts, >= 0 (0 when absent); `meta.hasMore` says whether another page follows. Not together with `cursor` (400).
				 * @example 0
				 */
				offset?: components["parameters"]["Offset"];
				/**
				 * @description Where the page starts: the `meta.nextCursor` of the previous page, unchanged. A cursor
				 *     is only valid for the list (workspace, query and filters) that issued it; a changed,
				 *     foreign or malformed one answers 400 `invalid_request`, as does `cursor` with `offset`.
				 */
				cursor?: components["parameters"]["Cursor"];
			};
			header?: never;
			path?: never;
			cookie?: never;
		};
		requestBody?: never;
		responses: {
			/** @description A page of events. */
			200: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": [
					 *         {
					 *           "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71",
					 *           "workspaceId": "ws_acme",
					 *           "type": "contact.created",
					 *           "createdAt": "2026-11-23T10:15:00Z",
					 *           "data": {
					 *             "id": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b",
					 *             "workspaceId": "ws_acme",
					 *             "firstName": "Ada",
					 *             "lastName": "Lovelace",
					 *             "phone": "+14155552671",
					 *             "email": "ada@example.com",
					 *             "company": "Analytical Engines",
					 *             "notes": "",
					 *             "createdAt": "2026-11-23T10:15:00Z",
					 *             "updatedAt": "2026-11-23T10:15:00Z"
					 *           }
					 *         }
					 *       ],
					 *       "meta": {
					 *         "total": 1,
					 *         "totalExact": true,
					 *         "hasMore": false,
					 *         "limit": 50,
					 *         "offset": 0,
					 *         "nextCursor": null
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["EventList"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
	redeliverEvent: {
		parameters: {
			query?: never;
			header?: never;
			path: {
				/**
				 * @description The event's id (from `GET /v1/events` or a delivery's `webhook-id`); another workspace's is 404.
				 * @example 0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71
				 */
				eventId: string;
			};
			cookie?: never;
		};
		requestBody?: {
			content: {
				/**
				 * @example {
				 *       "endpointId": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70"
				 *     }
				 */
				"application/json": components["schemas"]["RedeliverRequest"];
			};
		};
		responses: {
			/** @description Queued. */
			202: {
				headers: {
					[name: string]: unknown;
				};
				content: {
					/**
					 * @example {
					 *       "data": {
					 *         "eventId": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71",
					 *         "endpointIds": [
					 *           "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a70"
					 *         ]
					 *       }
					 *     }
					 */
					"application/json": components["schemas"]["RedeliverResponse"];
				};
			};
			400: components["responses"]["BadRequest"];
			401: components["responses"]["Unauthorized"];
			403: components["responses"]["Forbidden"];
			404: components["responses"]["NotFound"];
			413: components["responses"]["PayloadTooLarge"];
			429: components["responses"]["TooManyRequests"];
			500: components["responses"]["Internal"];
			503: components["responses"]["Unavailable"];
		};
	};
}
type ListMeta = components["schemas"]["ListMeta"];
type PagedGet = {
	parameters: {
		query?: {
			cursor?: string;
		};
	};
	responses: {
		200: {
			content: {
				"application/json": {
					data: unknown[];
					meta: ListMeta;
				};
			};
		};
	};
};
/** The paths whose GET is a paged list: "/v1/contacts", "/v1/contacts/search", "/v1/dnc", … */
export type ListPath = {
	[P in keyof paths]: paths[P] extends {
		get: PagedGet;
	} ? P : never;
}[keyof paths];
type GetOf<P extends ListPath> = paths[P]["get"];
/** The list's page body. */
export type PageOf<P extends ListPath> = GetOf<P>["responses"][200]["content"]["application/json"];
/** One item of the list. */
export type ItemOf<P extends ListPath> = PageOf<P>["data"][number];
/** The query parameters of the list, less the paging position (the iterator owns it). */
export type ListQuery<P extends ListPath> = Omit<NonNullable<GetOf<P>["parameters"]["query"]>, "cursor" | "offset">;
type PathParams<P extends ListPath> = GetOf<P>["parameters"] extends {
	path: infer X;
} ? X : never;
/** What to list: the query (less cursor and offset) and, for a path with parameters, their values. */
export type ListParams<P extends ListPath> = {
	query?: ListQuery<P>;
} & ([
	PathParams<P>
] extends [
	never
] ? {
	path?: never;
} : {
	path: PathParams<P>;
});
/**
 * pages yields a list page by page, from the first, each request carrying
 * the previous page's `meta.nextCursor`, until a page's is `null`. Walking by
 * cursor serves every item that exists throughout the walk exactly once,
 * even while others are added or removed. A failed request throws a
 * SwitchboardError. `limit` in the query sets the page size.
 *
 * ```ts
 * for await (const page of pages(api, "/v1/contacts", { query: { limit: 100 } })) render(page.data);
 * ```
 */
export declare function pages<P extends ListPath>(client: SwitchboardClient, path: P, params?: ListParams<P>, signal?: AbortSignal): AsyncGenerator<PageOf<P>, void, undefined>;
/**
 * paginate yields a list's items one by one across its pages (see pages).
 *
 * ```ts
 * for await (const contact of paginate(api, "/v1/contacts/search", { query: { q: "ada" } })) …
 * ```
 */
export declare function paginate<P extends ListPath>(client: SwitchboardClient, path: P, params?: ListParams<P>, signal?: AbortSignal): AsyncGenerator<ItemOf<P>, void, undefined>;
type SearchBody = Omit<components["schemas"]["ContactSearchRequest"], "cursor" | "offset">;
type ContactList = components["schemas"]["ContactList"];
/** searchPages is pages for `POST /v1/contacts/search`, whose cursor is a body field. */
export declare function searchPages(client: SwitchboardClient, body: SearchBody, signal?: AbortSignal): AsyncGenerator<ContactList, void, undefined>;
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
type Schemas = components["schemas"];
export type Contact = Schemas["Contact"];
export type ContactCreate = Schemas["ContactCreate"];
type ContactList$1 = Schemas["ContactList"];
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
type ListMeta$1 = Schemas["ListMeta"];
type Event$1 = Schemas["Event"];
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
/** Every outcome kind, in the spec's order. */
export declare const callOutcomeKinds: readonly CallOutcomeKind[];
/** Every report grouping, in the spec's order. */
export declare const callReportGroupBys: readonly CallReportGroupBy[];
/** Every dial list entry status, in the spec's order. */
export declare const dialListEntryStatuses: readonly DialListEntryStatus[];
/** Whether the verdict is an answering machine's (`machine_start`, `machine_end_*`): the moment to drop a voicemail. */
export declare function answeredByMachine(answeredBy: AnsweredBy | undefined): boolean;
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
type PathsWith<M extends Method> = {
	[P in keyof paths]: paths[P] extends {
		[K in M]: unknown;
	} ? P : never;
}[keyof paths];
type Init<P extends keyof paths, M extends Method> = MaybeOptionalInit<paths[P], M>;
type InitArgs<I> = undefined extends I ? [
	init?: I
] : [
	init: I
];
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
} & Record<string | number, unknown>, FetchOptions<{
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
} & Record<string | number, unknown>, FetchOptions<{
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

export {
	ContactList$1 as ContactList,
	Event$1 as Event,
	ListMeta$1 as ListMeta,
};

export {};
