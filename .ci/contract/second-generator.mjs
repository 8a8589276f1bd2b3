// A second generator, written by others than the first: @hey-api/openapi-ts
// (pinned in package-lock.json) generates a fetch client from openapi.yaml,
// and tsc --strict compiles it with a small consumer that relies on what the
// contract promises (a null transfer and DNC entry, the ErrorCode union, the
// request bodies). A spec that only one generator reads right fails here.
// The output goes to .ci/contract/artifacts/hey-api (not committed).
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "artifacts/hey-api");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

execFileSync(join(here, "node_modules/.bin/openapi-ts"), ["-i", join(here, "../../openapi.yaml"), "-o", join(out, "client")], {
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, NO_COLOR: "1" },
});

writeFileSync(
  join(out, "consumer.ts"),
  `import type { Call, DncCheck, ErrorCode, ContactCreate, CallerIdCreate } from "./client/types.gen";
import { checkDnc, createContact, getCall } from "./client/sdk.gen";

// What the contract promises, as types: these must compile.
export const noTransfer: Call["transfer"] = null;
export const notListed: DncCheck["entry"] = null;
export const code: ErrorCode = "dnc_blocked";
export const contact: ContactCreate = { firstName: "Ada", phone: "(415) 555-2671" };
export const callerId: CallerIdCreate = { phoneNumber: "+15005550006", isDefault: true };

export async function use(callSid: string) {
  const created = await createContact({ body: contact });
  const checked = await checkDnc({ query: { phone: "+14155552671" } });
  const call = await getCall({ path: { callSid } });
  const errorCode: ErrorCode | undefined = created.error?.error.code;
  return [created.data?.data.id, checked.data?.data.entry?.reason, call.data?.data.transfer?.status, errorCode];
}
`,
);
writeFileSync(
  join(out, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: {
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      target: "ES2022",
      module: "ESNext",
      moduleResolution: "Bundler",
      lib: ["ES2022", "DOM", "DOM.Iterable"],
      types: [],
      skipLibCheck: false,
    },
    include: ["client/**/*.ts", "consumer.ts"],
  }),
);
try {
  execFileSync(join(here, "node_modules/.bin/tsc"), ["-p", join(out, "tsconfig.json")], { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
} catch (e) {
  console.error(`the client @hey-api/openapi-ts generates from openapi.yaml does not compile with tsc --strict:\n${e.stdout}${e.stderr}`);
  process.exit(1);
}
console.log("ok: @hey-api/openapi-ts generates a client from openapi.yaml that compiles with tsc --strict");
