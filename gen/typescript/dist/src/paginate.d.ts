import type { components, paths } from "./schema.js";
import { type SwitchboardClient } from "./index.js";
type ListMeta = components["schemas"]["ListMeta"];
/** A GET operation that answers a page: `{data: [...], meta: ListMeta}`, and takes a `cursor`. */
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
} & ([PathParams<P>] extends [never] ? {
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
export {};
