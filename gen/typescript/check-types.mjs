// Proves that the client is typed by the spec, by compiling code that must
// NOT compile and requiring tsc to refuse it for the expected reason:
//   - a field renamed in openapi.yaml (Call.status → Call.state) breaks a caller;
//   - a request body with a field the spec does not name (frstName) is refused,
//     also nested (search filters) and in query parameters;
//   - an error code the spec does not list ("dnc_blokced") is refused, and so
//     are a report grouping ("week"), a call filter ("outcome") and an
//     outcome kind ("dnc") that it does not list;
//   - a webhook event narrowed on its type has that type's data only
//     (a contact.created's data has no callSid).
// The same calls spelled right must compile, so each refusal is down to the
// one wrong name. `make test-ts` runs it after the Node test.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const tsc = join(here, "node_modules/.bin/tsc");

/** A copy of this package in a temporary folder; returns tsc's output ("" when it compiled). */
function compile(files, spec) {
  const dir = mkdtempSync(join(tmpdir(), "switchboard-types-"));
  try {
    for (const f of ["src", "tsconfig.json", "package.json"]) cpSync(join(here, f), join(dir, f), { recursive: true });
    symlinkSync(join(here, "node_modules"), join(dir, "node_modules"));
    if (spec) {
      writeFileSync(join(dir, "openapi.yaml"), spec);
      execFileSync(join(here, "node_modules/.bin/openapi-typescript"),
        [join(dir, "openapi.yaml"), "--default-non-nullable=false", "-o", join(dir, "src/schema.ts")], { stdio: "pipe" });
    }
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "src", name), text);
    try {
      execFileSync(tsc, ["-p", join(dir, "tsconfig.json"), "--noEmit", "--skipLibCheck"], { stdio: "pipe" });
      return "";
    } catch (e) {
      return String(e.stdout);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const prelude = `import { createSwitchboardClient, type Call } from "./index.js";
const api = createSwitchboardClient({ baseUrl: "http://localhost:8080" });
export const use = (x: unknown) => x;
`;

// Each case: the right spelling (must compile) and the wrong one (must fail with `want`).
const cases = [
  {
    name: "an unknown field in a request body",
    right: `use(api.POST("/v1/contacts", { body: { firstName: "x" } }));`,
    wrong: `use(api.POST("/v1/contacts", { body: { frstName: "x" } }));`,
    want: /error TS2561: .*'frstName' does not exist/,
  },
  {
    name: "an unknown field beside known ones",
    right: `use(api.POST("/v1/contacts", { body: { firstName: "x", lastName: "y" } }));`,
    wrong: `use(api.POST("/v1/contacts", { body: { firstName: "x", lastNme: "y" } }));`,
    want: /error TS2561: .*'lastNme' does not exist/,
  },
  {
    name: "an unknown nested field (search filters)",
    right: `use(api.POST("/v1/contacts/search", { body: { filters: { company: "x" } } }));`,
    wrong: `use(api.POST("/v1/contacts/search", { body: { filters: { compny: "x" } } }));`,
    want: /error TS2561: .*'compny' does not exist/,
  },
  {
    name: "an unknown query parameter",
    right: `use(api.GET("/v1/contacts", { params: { query: { limit: 10 } } }));`,
    wrong: `use(api.GET("/v1/contacts", { params: { query: { limt: 10 } } }));`,
    want: /error TS2561: .*'limt' does not exist/,
  },
  {
    name: "an error code the spec does not list",
    right: `export async function f() { const r = await api.POST("/v1/calls", { body: { to: "+14155552671" } }); return r.error?.error.code === "dnc_blocked"; }`,
    wrong: `export async function f() { const r = await api.POST("/v1/calls", { body: { to: "+14155552671" } }); return r.error?.error.code === "dnc_blokced"; }`,
    want: /error TS2367: .*"dnc_blokced"/,
  },
  {
    name: "a report grouping the spec does not list",
    right: `use(api.GET("/v1/reports/calls", { params: { query: { from: "2026-11-01T00:00:00Z", to: "2026-12-01T00:00:00Z", groupBy: "day" } } }));`,
    wrong: `use(api.GET("/v1/reports/calls", { params: { query: { from: "2026-11-01T00:00:00Z", to: "2026-12-01T00:00:00Z", groupBy: "week" } } }));`,
    want: /error TS2322: .*"week"/,
  },
  {
    name: "a call filter the spec does not name",
    right: `import type { ListCallsParams } from "./index.js"; export const q: ListCallsParams = { outcomeId: "x", tag: "renewal" };`,
    wrong: `import type { ListCallsParams } from "./index.js"; export const q: ListCallsParams = { outcome: "x", tag: "renewal" };`,
    want: /error TS2561: .*'outcome' does not exist/,
  },
  {
    name: "an outcome kind the spec does not list",
    right: `import type { CallOutcomeKind } from "./index.js"; export const k: CallOutcomeKind = "do_not_call";`,
    wrong: `import type { CallOutcomeKind } from "./index.js"; export const k: CallOutcomeKind = "dnc";`,
    want: /error TS2322: .*"dnc"/,
  },
  {
    name: "a field of another event type's data",
    right: `import type { WebhookEvent } from "./index.js"; export const eventCallSid = (e: WebhookEvent) => (e.type === "call.completed" ? e.data.callSid : "");`,
    wrong: `import type { WebhookEvent } from "./index.js"; export const eventCallSid = (e: WebhookEvent) => (e.type === "contact.created" ? e.data.callSid : "");`,
    want: /error TS2339: Property 'callSid' does not exist/,
  },
];

// Two compiles for all cases (tsc is slow on a busy machine): every right
// spelling in one file, which must compile; each wrong one in its own file,
// which must be refused exactly once, for the expected reason.
let failed = false;
const reader = "export const status = (c: Call) => c.status;\n";
const right = compile({ "right.ts": prelude + cases.map((c) => c.right).join("\n") + "\n" + reader });
if (right !== "") {
  console.error(`the right spellings do not compile:\n${right}`);
  failed = true;
}
const wrongFiles = Object.fromEntries(cases.map((c, i) => [`wrong${i}.ts`, prelude + c.wrong + "\n"]));
const wrong = compile(wrongFiles).split("\n").filter((l) => l.includes("error TS"));
cases.forEach((c, i) => {
  const errors = wrong.filter((l) => l.includes(`wrong${i}.ts(`));
  if (errors.length !== 1 || !c.want.test(errors[0])) {
    console.error(`${c.name}: want exactly one error matching ${c.want}, tsc said:\n${errors.join("\n") || "(it compiled)"}`);
    failed = true;
  } else {
    console.log(`ok: ${c.name} does not compile:\n  ${errors[0].replace(/^.*?error/, "error")}`);
  }
});

// A field renamed in openapi.yaml breaks the callers (here the Node test's
// own use of Call.status, through a copy of the types generated from the
// renamed spec).
const spec = readFileSync(join(here, "../../openapi.yaml"), "utf8");
const from = "        status: {$ref: \"#/components/schemas/CallStatus\"}\n";
if (spec.split(from).length !== 2) throw new Error("Call.status is not where check-types.mjs expects it: update it");
const renamed = spec
  .replace(from, from.replace("status:", "state:"))
  .replace("required: [callSid, status,", "required: [callSid, state,");
const after = compile({ "check.ts": prelude + reader }, renamed);
if (!/Property 'status' does not exist/.test(after)) {
  console.error("renaming Call.status in openapi.yaml did not break the TypeScript build:\n" + after);
  failed = true;
} else {
  console.log("ok: a field renamed in openapi.yaml breaks the build:\n  " + after.split("\n").find((l) => l.includes("Property 'status'")));
}
process.exit(failed ? 1 : 0);
