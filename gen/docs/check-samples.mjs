// Checks the code samples of the reference as GET /docs serves it: the spec
// that index.html embeds (Redoc's definition, as built by build.mjs), not
// the one samples.mjs could make now. Fails unless every operation has a
// curl and a TypeScript sample, and
//   - every TypeScript sample compiles, as its own module, against the
//     client (gen/typescript's dist/index.d.ts, what the package ships) with
//     tsc --strict, the DOM's types and no Node types, and calls its own
//     operation's path;
//   - every curl sample is one curl command that bash parses, whose method
//     and URL are an operation of the spec (path, then each query parameter),
//     its own, and whose JSON body is JSON.
// `make test-ts` runs it, after building the client.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { base, methods } from "./samples.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const problems = [];

/** The spec index.html hands Redoc. */
export function servedSpec(html) {
  const m = /const __redoc_definition = (\{.*\});\s*$/m.exec(html);
  if (!m) throw new Error("index.html embeds no __redoc_definition: update check-samples.mjs");
  return JSON.parse(m[1]);
}

const NL = Symbol("end of line");

/** Splits a shell command into words: quotes, backslash-newlines, comments. */
export function words(src) {
  const out = [];
  let w = null;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === "\\" && src[i + 1] === "\n") { i++; continue; }
    if (c === "#" && w === null) { while (i < src.length && src[i] !== "\n") i++; continue; }
    if (/\s/.test(c)) { if (w !== null) { out.push(w); w = null; } if (c === "\n") out.push(NL); continue; }
    w ??= "";
    if (c === "'") { const j = src.indexOf("'", i + 1); if (j < 0) throw new Error("an unclosed '"); w += src.slice(i + 1, j); i = j; }
    else if (c === '"') {
      let j = i + 1;
      for (; j < src.length && src[j] !== '"'; j++) { if (src[j] === "\\") j++; w += src[j]; }
      if (j >= src.length) throw new Error('an unclosed "');
      i = j;
    } else if (c === "\\") { w += src[++i]; }
    else w += c;
  }
  if (w !== null) out.push(w);
  // One command: the words of no more than one line (NL is a line's end).
  const commands = out.reduce((n, x, i) => (x !== NL && (i === 0 || out[i - 1] === NL) ? n + 1 : n), 0);
  if (commands !== 1) throw new Error(`${commands} commands, not one`);
  return out.filter((x) => x !== NL);
}

function templateMatch(spec, path) {
  const segs = path.split("/");
  return Object.keys(spec.paths).find((t) => {
    const ts = t.split("/");
    return ts.length === segs.length && ts.every((s, i) => (/^\{[^}]+\}$/.test(s) ? segs[i] !== "" : s === segs[i]));
  });
}

function checkCurl(spec, path, method, src) {
  const where = `${method.toUpperCase()} ${path} curl`;
  try {
    execFileSync("bash", ["-n"], { input: src, stdio: ["pipe", "pipe", "pipe"] });
  } catch (e) {
    problems.push(`${where}: bash cannot parse it: ${String(e.stderr)}`);
    return;
  }
  let w;
  try {
    w = words(src);
  } catch (e) {
    problems.push(`${where}: ${e.message}`);
    return;
  }
  if (w[0] !== "curl") return problems.push(`${where}: not a curl command: ${w[0]}`);
  let verb = null, target = null, hasData = false, json = false;
  const bodies = [];
  for (let i = 1; i < w.length; i++) {
    const a = w[i];
    if (a === "-X") verb = w[++i];
    else if (a === "-H") {
      const h = w[++i];
      if (!/^[A-Za-z0-9-]+: \S/.test(h)) problems.push(`${where}: a header that is not "Name: value": ${h}`);
      if (/^content-type: application\/json$/i.test(h)) json = true;
    } else if (["-d", "--data", "--data-binary", "--data-raw", "--data-urlencode", "-F"].includes(a)) {
      hasData = true;
      bodies.push([a, w[++i]]);
    } else if (/^https?:\/\//.test(a)) target = a;
    else if (!/^-[a-zA-Z]+$/.test(a)) problems.push(`${where}: an argument curl would read as a URL: ${a}`);
  }
  verb ??= hasData ? "POST" : "GET";
  if (!target) return problems.push(`${where}: no URL`);
  if (!target.startsWith(base + "/")) problems.push(`${where}: the URL is not on ${base}: ${target}`);
  const u = new URL(target);
  const template = templateMatch(spec, decodeURIComponent(u.pathname));
  if (!template) return problems.push(`${where}: ${u.pathname} is no path of the spec`);
  const op = spec.paths[template][verb.toLowerCase()];
  if (!op) return problems.push(`${where}: the spec has no ${verb} ${template}`);
  if (template !== path || verb.toLowerCase() !== method) problems.push(`${where}: it sends ${verb} ${template}, another operation`);
  const declared = new Set(
    [...(spec.paths[template].parameters ?? []), ...(op.parameters ?? [])]
      .map((p) => (p.$ref ? p.$ref.slice(2).split("/").reduce((o, k) => o[k], spec) : p))
      .filter((p) => p.in === "query")
      .map((p) => p.name),
  );
  for (const k of u.searchParams.keys()) if (!declared.has(k)) problems.push(`${where}: query parameter ${k} is not the operation's`);
  for (const [flag, body] of bodies) {
    if (json && flag === "-d") {
      try {
        JSON.parse(body);
      } catch (e) {
        problems.push(`${where}: its JSON body does not parse: ${e.message}`);
      }
    }
  }
}

const dir = mkdtempSync(join(tmpdir(), "switchboard-samples-"));
try {
  const spec = servedSpec(readFileSync(join(here, "index.html"), "utf8"));
  const files = [];
  let operations = 0;
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      operations++;
      const where = `${method.toUpperCase()} ${path}`;
      const samples = op["x-codeSamples"] ?? [];
      const curl = samples.filter((s) => s.lang === "Shell" && /^curl\b/m.test(s.source));
      const tsx = samples.filter((s) => s.lang === "TypeScript");
      if (curl.length !== 1 || tsx.length !== 1) {
        problems.push(`${where}: want one curl and one TypeScript sample, it has ${samples.map((s) => s.lang).join(", ") || "none"}`);
        continue;
      }
      checkCurl(spec, path, method, curl[0].source);
      if (!tsx[0].source.includes(`"${path}"`) && !(path === "/v1/contacts/import" && /importCsv(File)?\(/.test(tsx[0].source))) {
        problems.push(`${where}: the TypeScript sample does not call ${path}`);
      }
      const file = `${String(operations).padStart(3, "0")}-${op.operationId ?? method}.ts`;
      files.push([file, where]);
      writeFileSync(join(dir, file), tsx[0].source);
    }
  }
  if (operations === 0) throw new Error("the served spec has no operations");

  // The client as the package ships it: a folder named after it, holding its package.json and dist.
  const client = join(dir, "node_modules/@switchboard/client");
  mkdirSync(client, { recursive: true });
  for (const f of ["package.json", "dist"]) symlinkSync(join(here, "../typescript", f), join(client, f));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022", module: "ESNext", moduleResolution: "bundler", lib: ["ES2022", "DOM", "DOM.Iterable"],
        types: [], strict: true, noEmit: true, skipLibCheck: false, isolatedModules: true,
      },
      include: ["*.ts"],
    }),
  );
  try {
    execFileSync(join(here, "../typescript/node_modules/.bin/tsc"), ["-p", "tsconfig.json"], { cwd: dir, stdio: "pipe", encoding: "utf8" });
  } catch (e) {
    const names = Object.fromEntries(files);
    const out = String(e.stdout).replace(/^(\d{3}-[A-Za-z0-9_-]+\.ts)/gm, (f) => `${names[f] ?? f} sample (${f})`);
    problems.push(`TypeScript samples that do not compile against the client:\n${out}`);
  }
  if (problems.length === 0) {
    console.log(`ok: the ${operations} operations of the served reference each have a curl and a TypeScript sample;`);
    console.log(`ok: the ${files.length} TypeScript samples compile against the client (strict, DOM, no Node types)`);
    console.log("ok: every curl sample parses and sends its own operation's method, path and query parameters");
  }
} catch (e) {
  problems.push(e.stack ?? String(e));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exitCode = 1;
}
