// Installs the client as a partner would, from what a fresh clone holds (the
// files git tracks here, copied to a scratch folder: no make node-deps, no
// build): `npm pack` that folder, install the tarball and the folder itself
// offline (no network) into a scratch project each, then
// compile a small consumer with tsc --strict and run it with Node. Fails when
// the tarball ships anything but the built client and its README, when the
// install needs a build step or the network, or when the consumer does not
// compile or import. `make test-ts` runs it.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const tsc = join(here, "node_modules/.bin/tsc");
const dir = mkdtempSync(join(tmpdir(), "switchboard-pack-"));
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

try {
  const clone = join(dir, "typescript");
  for (const f of run("git", ["ls-files", "-z", "."], here).split("\0").filter(Boolean)) {
    mkdirSync(dirname(join(clone, f)), { recursive: true });
    cpSync(join(here, f), join(clone, f));
  }
  const [packed] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", dir, "--loglevel=error"], clone));
  const files = packed.files.map((f) => f.path).sort();
  // openapi-fetch (and its type helpers) ride along as bundled dependencies,
  // so that installing the tarball needs no registry at all.
  const stray = files.filter(
    (f) => !/^dist\/src\/[a-z]+\.(js|d\.ts)$/.test(f) && !/^node_modules\/openapi-(fetch|typescript-helpers)\//.test(f) && f !== "package.json" && f !== "README.md",
  );
  if (stray.length > 0 || !files.includes("dist/src/index.js") || !files.includes("dist/src/index.d.ts") || !files.includes("README.md")) {
    throw new Error(`the tarball must hold the built client and its README only; it holds:\n  ${files.join("\n  ")}`);
  }
  console.log(`ok: ${packed.filename} holds ${files.filter((f) => !f.startsWith("node_modules/")).join(", ")} and openapi-fetch`);

  // The tarball, and the folder itself (npm links it: the folder's own
  // committed node_modules serves openapi-fetch).
  for (const [what, source] of [["the tarball", join(dir, packed.filename)], ["the folder", clone]]) {
    const app = join(dir, what.replace(/\W/g, ""));
    run("mkdir", ["-p", app], dir);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--loglevel=error", source], app);

    writeFileSync(
      join(app, "consumer.ts"),
      `import { createSwitchboardClient, unwrap, SwitchboardError, type Call, type ErrorCode } from "@switchboard/client";

  const api = createSwitchboardClient({ baseUrl: "http://127.0.0.1:9", token: () => "t" });
  export async function callAda(): Promise<Call | ErrorCode> {
    const res = await api.POST("/v1/calls", { body: { to: "+14155552671" } });
    if (res.error) return res.error.error.code;
    return res.data.data;
  }
  export async function firstContact() {
    const { data } = await unwrap(api.GET("/v1/contacts", { params: { query: { limit: 1 } } }));
    return data[0]?.phone ?? "";
  }
  const seen: string[] = [typeof api.GET, typeof api.POST, typeof SwitchboardError];
  console.log(seen.join(" "));
  `,
    );
    run(tsc, ["--strict", "--target", "ES2022", "--module", "NodeNext", "--moduleResolution", "NodeNext", "--lib", "ES2022,DOM", "--skipLibCheck", "false", "--outDir", "out", "consumer.ts"], app);
    const out = run("node", ["out/consumer.js"], app).trim();
    if (out !== "function function function") throw new Error(`the consumer ran but printed ${JSON.stringify(out)}`);
    console.log(`ok: installed offline from ${what}; a strict consumer compiles and runs`);
  }
} catch (e) {
  console.error(e.stderr || e.stdout || e.message);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
