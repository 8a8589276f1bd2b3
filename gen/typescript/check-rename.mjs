// Proves that the client is typed by the spec: rename a field the code uses
// (Call.status → Call.state) in a copy of openapi.yaml, generate the types
// from it into a copy of this package, and tsc must refuse to compile.
// `make test-ts` runs it after the Node test.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const spec = readFileSync(join(here, "../../openapi.yaml"), "utf8");
const from = "        status: {$ref: \"#/components/schemas/CallStatus\"}\n";
if (spec.split(from).length !== 2) throw new Error("Call.status is not where check-rename.mjs expects it: update it");
const renamed = spec
  .replace(from, from.replace("status:", "state:"))
  .replace("required: [callSid, status,", "required: [callSid, state,");

const dir = mkdtempSync(join(tmpdir(), "switchboard-rename-"));
try {
  for (const f of ["src", "test", "tsconfig.json", "package.json"]) cpSync(join(here, f), join(dir, f), { recursive: true });
  symlinkSync(join(here, "node_modules"), join(dir, "node_modules"));
  writeFileSync(join(dir, "openapi.yaml"), renamed);
  execFileSync(join(here, "node_modules/.bin/openapi-typescript"),
    [join(dir, "openapi.yaml"), "--default-non-nullable=false", "-o", join(dir, "src/schema.ts")], { stdio: "pipe" });
  let out = "";
  try {
    execFileSync(join(here, "node_modules/.bin/tsc"), ["-p", join(dir, "tsconfig.json"), "--noEmit"], { stdio: "pipe" });
  } catch (e) {
    out = String(e.stdout);
  }
  if (!/Property 'status' does not exist/.test(out)) {
    console.error("renaming Call.status in openapi.yaml did not break the TypeScript build:\n" + out);
    process.exit(1);
  }
  const first = out.split("\n").find((l) => l.includes("Property 'status'"));
  console.log("ok: a field renamed in openapi.yaml breaks the build:\n  " + first);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
