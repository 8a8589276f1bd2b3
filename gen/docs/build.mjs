// Builds the API reference served at GET /docs: Redocly's build-docs renders
// openapi.yaml into index.html, then the page is made to work with no
// internet. Its scripts come from this folder (assets/, embedded in the
// binary next to index.html by docs.go) instead of Redocly's CDN, and the
// spec's ```mermaid blocks (the call flow) are drawn by mermaid in the page.
// Every operation gets a curl and a TypeScript sample (samples.mjs).
// Run by `make generate`; the output is committed and checked by `make drift`.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { addCodeSamples } from "./samples.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const spec = process.argv[2] ?? join(here, "../../openapi.yaml");
const out = join(here, "index.html");

// The spec as one JSON document, with a curl and a TypeScript sample added
// to every operation (samples.mjs): openapi.yaml itself is left alone, and
// an operation added to it gets its samples here.
const tmp = mkdtempSync(join(tmpdir(), "switchboard-docs-"));
const bundled = join(tmp, "openapi.json");
try {
  execFileSync(
    join(here, "node_modules/.bin/redocly"),
    ["bundle", spec, "--ext", "json", "-o", bundled],
    { stdio: "pipe", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
  );
  const doc = JSON.parse(readFileSync(bundled, "utf8"));
  if (addCodeSamples(doc) === 0) throw new Error("the spec has no operations to give samples to");
  writeFileSync(bundled, JSON.stringify(doc));
  // Redoc's options. The page is served by self-hosted deployments, often
  // without internet: it reports nothing to anyone. Stacked, one column: the
  // three-panel layout gives the description (the error table, the call
  // flow) 40% of the width, too little for either; the page's own buttons
  // still switch to three panels. Redoc shows the samples of the languages
  // listed, in that order: the two samples.mjs writes.
  const options = {
    disableTelemetry: true,
    layout: "stacked",
    hideLoading: true,
    codeSamples: { languages: [{ lang: "curl" }, { lang: "TypeScript" }] },
  };
  execFileSync(
    join(here, "node_modules/.bin/redocly"),
    ["build-docs", bundled, "--config", join(here, "redocly.yaml"), "--openapi", JSON.stringify(options),
      "--title", "Switchboard API reference", "-o", out],
    { stdio: "pipe", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
  );
} catch (e) {
  process.stderr.write(String(e.stderr ?? e.stack ?? e));
  process.exitCode = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
if (process.exitCode) process.exit();

// The Redoc bundle the CLI renders with is the one its page loads from the
// CDN (same version); serve that file ourselves.
const cli = dirname(require.resolve("@redocly/cli/package.json"));
const redoc = join(cli, "lib/chunks/redoc.standalone.js");
mkdirSync(join(here, "assets"), { recursive: true });
// Its "API docs by Redocly" badge loads Redocly's logo from their CDN: the
// attribution stays, drawn from a local file.
const logos = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;
const bundle = readFileSync(redoc, "utf8");
if (!logos.test(bundle)) throw new Error("the Redoc bundle no longer loads its logo from the CDN: update build.mjs");
writeFileSync(join(here, "assets/redoc.standalone.js"), bundle.replace(logos, "/docs/assets/redocly-logo.svg"));
if (/https:\/\/cdn\.redoc\.ly\/redoc\//.test(readFileSync(join(here, "assets/redoc.standalone.js"), "utf8"))) {
  throw new Error("the Redoc bundle loads more from cdn.redoc.ly/redoc/ than its logo: update build.mjs");
}
writeFileSync(
  join(here, "assets/redocly-logo.svg"),
  `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16" role="img" aria-label="Redocly">` +
    `<text x="0" y="12.5" font-family="system-ui, sans-serif" font-size="13" font-weight="700" fill="#d32f2f">Redocly</text></svg>\n`,
);
copyFileSync(require.resolve("mermaid/dist/mermaid.min.js"), join(here, "assets/mermaid.min.js"));

let html = readFileSync(out, "utf8");
const cdn = /https:\/\/cdn\.redocly\.com\/redoc\/v[0-9.]+\/bundles\/redoc\.standalone\.js/g;
if (!cdn.test(html)) throw new Error("build-docs output no longer loads Redoc from the CDN: update build.mjs");
html = html
  .replace(cdn, "/docs/assets/redoc.standalone.js")
  .replace(/\s+integrity="[^"]*"\s+crossorigin="anonymous"/g, "");
// Our additions to its styles, from a file (docs.css, hand-written).
if (!html.includes("</head>")) throw new Error("no </head> in the build-docs output");
html = html.replace("</head>", `<link rel="stylesheet" href="/docs/assets/docs.css">\n</head>`);
const tail = `<script src="/docs/assets/mermaid.min.js"></script>
<script src="/docs/assets/diagrams.js"></script>
</body>`;
if (!html.includes("</body>")) throw new Error("no </body> in the build-docs output");
html = html.replace("</body>", tail);
// Redocly writes no trailing newline; a stable end keeps the drift check quiet.
writeFileSync(out, html.endsWith("\n") ? html : html + "\n");
