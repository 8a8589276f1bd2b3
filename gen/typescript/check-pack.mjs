// Installs the client as a partner would, from what a fresh clone holds (the
// files git tracks here, copied to a scratch folder: no make node-deps, no
// build): `npm pack` that folder, install the tarball and the folder itself
// offline (no network) into a scratch project each, then
// compile a small consumer with tsc --strict and run it with Node. Fails when
// the tarball holds anything but the bundled client (dist/index.js and
// dist/index.d.ts), README.md, LICENSE and package.json, when the package
// declares a dependency or its files import one (openapi-fetch is bundled in),
// when git tracks a node_modules folder anywhere under gen/, when the install
// needs a build step or the network, or when the consumer does not compile or
// import. `make test-ts` runs it.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  const want = ["LICENSE", "README.md", "dist/index.d.ts", "dist/index.js", "package.json"];
  if (JSON.stringify(files) !== JSON.stringify(want)) {
    throw new Error(`the tarball must hold ${want.join(", ")}; it holds:\n  ${files.join("\n  ")}`);
  }
  const pkg = JSON.parse(readFileSync(join(clone, "package.json"), "utf8"));
  for (const k of ["dependencies", "peerDependencies", "optionalDependencies", "bundleDependencies", "bundledDependencies"]) {
    if (pkg[k] && Object.keys(pkg[k]).length > 0) throw new Error(`package.json declares ${k}: ${JSON.stringify(pkg[k])}; the client bundles what it needs`);
  }
  // Nothing outside the package: no import of a package, nor of Node's own modules.
  for (const f of ["dist/index.js", "dist/index.d.ts"]) {
    const text = readFileSync(join(clone, f), "utf8");
    const bare = [
      ...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/gm),
      ...text.matchAll(/\b(?:import|require)\(\s*["']([^"']+)["']\s*\)/g),
      ...text.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
    ].map((m) => m[1]);
    if (bare.length > 0) throw new Error(`${f} imports ${bare.join(", ")}: bundle it in build.mjs`);
  }
  const modules = run("git", ["ls-files", "--", ".."], here).split("\n").filter((f) => /(^|\/)node_modules\//.test(f));
  if (modules.length > 0) throw new Error(`git tracks node_modules under gen/:\n  ${modules.slice(0, 10).join("\n  ")}`);
  console.log(`ok: ${packed.filename} holds ${files.join(", ")}; no dependencies, no node_modules tracked under gen/`);

  // The tarball, and the folder itself (npm links it; it has nothing to
  // install either).
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
