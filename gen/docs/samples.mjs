// Code samples for every operation of the reference, made from the spec
// itself when the page is built (build.mjs), never written into
// openapi.yaml: an operation added to the spec has its samples at the next
// `make generate`. Each operation gets two `x-codeSamples`, which Redoc shows
// beside it: a curl command and the same request through the TypeScript
// client (@switchboard/client). The values are the spec's own examples (the
// request body's, each parameter's). check-samples.mjs compiles every
// TypeScript sample against the client and checks every curl command.

export const methods = ["get", "put", "post", "patch", "delete"];
export const base = "http://localhost:8080";
const clientMethod = { get: "GET", put: "PUT", post: "POST", patch: "PATCH", delete: "DELETE" };

/** ref follows a local $ref ("#/components/…") of the bundled spec. */
function ref(spec, node) {
  let n = node;
  for (let i = 0; n && n.$ref && i < 20; i++) {
    n = n.$ref.slice(2).split("/").reduce((o, k) => o?.[k.replace(/~1/g, "/").replace(/~0/g, "~")], spec);
  }
  return n;
}

/** The first example of a media type or parameter, or undefined. */
function exampleOf(spec, node) {
  const n = ref(spec, node);
  if (!n) return undefined;
  if (n.example !== undefined) return n.example;
  const first = Object.values(n.examples ?? {})[0];
  if (first !== undefined) return ref(spec, first).value;
  const schema = ref(spec, n.schema);
  if (schema?.example !== undefined) return schema.example;
  if (schema?.enum) return schema.enum[0];
  return schema?.default;
}

function parametersOf(spec, item, op) {
  const all = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => ref(spec, p));
  // An operation's own parameter replaces the path item's of the same name and place.
  const seen = new Map();
  for (const p of all) seen.set(`${p.in}:${p.name}`, p);
  return [...seen.values()];
}

/** What the operation is: who calls it, what it takes and what it answers. */
export function describe(spec, path, method) {
  const item = spec.paths[path];
  const op = item[method];
  const security = op.security ?? spec.security ?? [];
  const schemes = security.flatMap((s) => Object.keys(s));
  const params = parametersOf(spec, item, op);
  const value = (p) => exampleOf(spec, p) ?? (p.in === "path" ? `{${p.name}}` : "");
  const pathParams = params.filter((p) => p.in === "path").map((p) => [p.name, value(p)]);
  const queryParams = params.filter((p) => p.in === "query" && p.required).map((p) => [p.name, value(p)]);
  const content = ref(spec, op.requestBody)?.content ?? {};
  const bodyType = ["application/json", "application/x-www-form-urlencoded", "text/csv"].find((t) => content[t]);
  const body = bodyType ? exampleOf(spec, content[bodyType]) : undefined;
  const ok = Object.entries(op.responses ?? {}).find(([s]) => s.startsWith("2"));
  const answer = ok ? ref(spec, ok[1]) : undefined;
  const answerTypes = Object.keys(answer?.content ?? {});
  const answerSchema = ref(spec, answer?.content?.["application/json"]?.schema);
  const props = answerSchema?.properties ?? {};
  const paged =
    method === "get" &&
    params.some((p) => p.in === "query" && p.name === "cursor") &&
    ref(spec, props.data)?.type === "array" &&
    props.meta !== undefined;
  return {
    path,
    method,
    operationId: op.operationId,
    twilio: schemes.includes("twilioSignature"),
    admin: schemes.includes("adminBearerAuth"),
    open: security.length === 0 || security.some((s) => Object.keys(s).length === 0),
    pathParams,
    queryParams,
    bodyType,
    body,
    json: answerTypes.includes("application/json"),
    noContent: answerTypes.length === 0,
    envelope: props.data !== undefined,
    paged,
  };
}

// ---- curl -------------------------------------------------------------

const sh = (s) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${String(s).replace(/'/g, `'\\''`)}'`);

function url(d, extra = []) {
  let p = d.path;
  for (const [name, v] of d.pathParams) p = p.replace(`{${name}}`, encodeURIComponent(String(v)));
  const q = [...d.queryParams, ...extra].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join("&");
  return base + p + (q ? `?${q}` : "");
}

export function curlSample(d) {
  const lines = [];
  const limit = d.paged ? [["limit", 50]] : [];
  const first = `curl -sS${d.method === "get" ? "" : ` -X ${d.method.toUpperCase()}`} "${url(d, limit)}"`;
  lines.push(first);
  if (d.twilio) lines.push(`-H "X-Twilio-Signature: $TWILIO_SIGNATURE"`);
  else if (!d.open) lines.push(`-H "Authorization: Bearer $${d.admin ? "ADMIN_TOKEN" : "TOKEN"}"`);
  if (d.bodyType === "application/json") {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${sh(indent(lit(d.body ?? {}, { json: true, at: 8, width: 80 }), "  "))}`);
  } else if (d.bodyType === "application/x-www-form-urlencoded") {
    for (const [k, v] of Object.entries(d.body ?? {})) lines.push(`--data-urlencode ${sh(`${k}=${v}`)}`);
  } else if (d.bodyType === "text/csv") {
    lines.push(`-H 'Content-Type: text/csv'`, `--data-binary @${d.path.includes("/dnc/") ? "dnc" : "contacts"}.csv`);
  }
  let text = lines.join(" \\\n  ");
  if (d.twilio) {
    text =
      "# Twilio sends this request, signed (X-Twilio-Signature) with the account's\n" +
      "# auth token over its URL on PUBLIC_BASE_URL and its form fields: a replay\n" +
      "# needs that signature.\n" +
      text;
  }
  if (d.paged) text += "\n# the next page: the same request with &cursor= and the answer's meta.nextCursor";
  return text;
}

// ---- TypeScript -------------------------------------------------------

/**
 * lit writes a value as a literal: on one line when it fits in `width`
 * columns after `at`, else one member a line. `json` quotes every key (curl's
 * bodies); TypeScript gets bare keys where they are identifiers.
 */
function lit(v, { at = 0, json = false, width = 88 } = {}) {
  const key = (k) => (!json && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : JSON.stringify(k));
  const flat = (x) => {
    if (Array.isArray(x)) return `[${x.map(flat).join(", ")}]`;
    if (x && typeof x === "object") {
      const kv = Object.entries(x).map(([k, y]) => `${key(k)}: ${flat(y)}`);
      return kv.length ? (json ? `{${kv.join(", ")}}` : `{ ${kv.join(", ")} }`) : "{}";
    }
    return JSON.stringify(x);
  };
  const deep = (x, ind) => {
    const one = flat(x);
    if (ind.length + one.length <= width - at || !x || typeof x !== "object") return one;
    const next = ind + "  ";
    if (Array.isArray(x)) return `[\n${x.map((y) => next + deep(y, next)).join(",\n")},\n${ind}]`.replace(json ? /,\n(\s*)\]$/ : /$^/, "\n$1]");
    const kv = Object.entries(x).map(([k, y]) => `${next}${key(k)}: ${deep(y, next)}`);
    return json ? `{\n${kv.join(",\n")}\n${ind}}` : `{\n${kv.join(",\n")},\n${ind}}`;
  };
  return deep(v, "");
}
const ts = (v, at = 2) => lit(v, { at });
const indent = (s, by) => s.split("\n").join(`\n${by}`);

/** The request's `params` (path and required query parameters) as an option line, or none. */
function options(d) {
  const params = {};
  if (d.pathParams.length) params.path = Object.fromEntries(d.pathParams);
  if (d.queryParams.length) params.query = Object.fromEntries(d.queryParams);
  return Object.keys(params).length ? [`params: ${indent(lit(params, { at: 10 }), "  ")}`] : [];
}

export function tsSample(d) {
  const imports = new Set(["createSwitchboardClient"]);
  const token = d.twilio || d.open ? "" : `, token: "<${d.admin ? "an admin's" : "your"} token>"`;
  const client = `const api = createSwitchboardClient({ baseUrl: "${base}"${token} });`;
  const M = clientMethod[d.method];
  let call;
  if (d.paged) {
    imports.add("paginate");
    const params = {};
    if (d.pathParams.length) params.path = Object.fromEntries(d.pathParams);
    params.query = { ...Object.fromEntries(d.queryParams), limit: 100 };
    call =
      `// Every item of the list, page after page (meta.nextCursor).\n` +
      `const items = paginate(api, "${d.path}", ${lit(params, { at: 30 })});\n` +
      `for await (const item of items) console.log(item);`;
  } else if (d.path === "/v1/contacts/import") {
    imports.add("importCsv").add("unwrap");
    call =
      `const csv = ${JSON.stringify(typeof d.body === "string" ? d.body : "")};\n` +
      `const { data } = await unwrap(importCsv(api, csv)); // importCsvFile(api, file) sends a picked file\n` +
      `console.log(data);`;
  } else if (d.twilio) {
    const opts = options(d);
    if (d.body !== undefined) {
      opts.push(`body: ${indent(ts(d.body), "  ")}`);
      opts.push(`bodySerializer: (body) => new URLSearchParams(body as Record<string, string>)`);
      opts.push(`headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature }`);
    } else {
      opts.push(`headers: { "X-Twilio-Signature": signature }`);
    }
    if (!d.noContent) opts.push(`parseAs: "text"`);
    call =
      `// Twilio sends this request, signed (X-Twilio-Signature) with the account's\n` +
      `// auth token over its URL on PUBLIC_BASE_URL and its form fields: a replay\n` +
      `// needs that signature.\n` +
      `const signature = "<X-Twilio-Signature>";\n` +
      `const { response${d.noContent ? "" : ", data"} } = await api.${M}("${d.path}", {\n  ${opts.join(",\n  ")},\n});\n` +
      `console.log(response.status${d.noContent ? "" : ", data"});`;
  } else {
    imports.add("unwrap");
    const opts = options(d);
    if (d.bodyType === "application/json") opts.push(`body: ${indent(ts(d.body ?? {}), "  ")}`);
    if (d.bodyType === "text/csv") {
      opts.push(`body: ${JSON.stringify(typeof d.body === "string" ? d.body : "")}`);
      opts.push(`bodySerializer: (csv) => csv`, `headers: { "Content-Type": "text/csv" }`);
    }
    if (!d.json && !d.noContent) opts.push(`parseAs: "text"`);
    const args = opts.length ? `, {\n  ${opts.join(",\n  ")},\n}` : "";
    const request = `api.${M}("${d.path}"${args})`;
    if (d.noContent) call = `await unwrap(${request});`;
    else if (d.envelope) call = `const { data } = await unwrap(${request});\nconsole.log(data);`;
    else call = `const answer = await unwrap(${request});\nconsole.log(answer);`;
  }
  const names = [...imports].sort((a, b) => a.localeCompare(b));
  return `import { ${names.join(", ")} } from "@switchboard/client";\n\n${client}\n${call}\n`;
}

/** addCodeSamples gives every operation of the bundled spec its curl and TypeScript samples. */
export function addCodeSamples(spec) {
  let n = 0;
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of methods) {
      if (!item[method]) continue;
      const d = describe(spec, path, method);
      item[method]["x-codeSamples"] = [
        { lang: "Shell", label: "curl", source: curlSample(d) },
        { lang: "TypeScript", label: "TypeScript", source: tsSample(d) },
      ];
      n++;
    }
  }
  return n;
}
