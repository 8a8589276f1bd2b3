import { unwrap } from "./index.js";
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
export async function* pages(client, path, params, signal) {
    let cursor;
    // openapi-fetch types GET per literal path; the generic path is checked
    // by ListPath and the parameter types above instead.
    const get = client.GET;
    for (;;) {
        const query = { ...(params?.query ?? {}) };
        if (cursor !== undefined)
            query.cursor = cursor;
        const page = (await unwrap(get(path, { params: { query, ...(params?.path ? { path: params.path } : {}) }, ...(signal ? { signal } : {}) })));
        yield page;
        const next = page.meta.nextCursor;
        if (next === null || next === undefined)
            return;
        cursor = next;
    }
}
/**
 * paginate yields a list's items one by one across its pages (see pages).
 *
 * ```ts
 * for await (const contact of paginate(api, "/v1/contacts/search", { query: { q: "ada" } })) …
 * ```
 */
export async function* paginate(client, path, params, signal) {
    for await (const page of pages(client, path, params, signal)) {
        yield* page.data;
    }
}
/** searchPages is pages for `POST /v1/contacts/search`, whose cursor is a body field. */
export async function* searchPages(client, body, signal) {
    let cursor;
    for (;;) {
        const page = await unwrap(client.POST("/v1/contacts/search", {
            body: cursor === undefined ? body : { ...body, cursor },
            ...(signal ? { signal } : {}),
        }));
        yield page;
        if (page.meta.nextCursor === null)
            return;
        cursor = page.meta.nextCursor;
    }
}
