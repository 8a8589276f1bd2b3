// Builds what the package ships, after tsc has checked everything (src and
// test) and compiled it into dist/src and dist/test for the tests here:
//   dist/index.js    src/index.ts and its one runtime dependency
//                    (openapi-fetch) in one ES module, by esbuild;
//   dist/index.d.ts  its types in one file, openapi-fetch's and its type
//                    helpers' inlined, by dts-bundle-generator;
//   LICENSE          the repository's, copied.
// So the package has no dependencies: installing it needs no registry and
// the repository commits no node_modules. Run by `npm run build` (and so by
// `make generate`); the outputs are committed and checked by `make drift`.
import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const bundled = ["openapi-fetch", "openapi-typescript-helpers"];

// Their licence (MIT) asks that its notice travel with the code: it heads
// both files.
const notice = (b) => `${b} ${JSON.parse(readFileSync(join(here, "node_modules", b, "package.json"), "utf8")).version}`;
const banner =
  `/*!\n * @switchboard/client bundles ${bundled.map(notice).join(" and ")}:\n *\n` +
  readFileSync(join(here, "node_modules/openapi-fetch/LICENSE"), "utf8").trimEnd().split("\n").map((l) => ` * ${l}`.trimEnd()).join("\n") +
  "\n */\n";
for (const b of bundled.slice(1)) {
  if (readFileSync(join(here, "node_modules", b, "LICENSE"), "utf8") !== readFileSync(join(here, "node_modules/openapi-fetch/LICENSE"), "utf8")) {
    throw new Error(`${b}'s licence differs from openapi-fetch's: add it to the banner`);
  }
}

const { metafile } = await build({
  entryPoints: [join(here, "src/index.ts")],
  outfile: join(here, "dist/index.js"),
  bundle: true,
  format: "esm",
  // Browsers and Node alike: nothing of Node's is imported.
  platform: "neutral",
  target: "es2022",
  // Readable and stable from build to build (the drift check compares it).
  minify: false,
  sourcemap: false,
  legalComments: "inline",
  banner: { js: banner },
  metafile: true,
  logLevel: "warning",
});
const inputs = Object.keys(metafile.inputs);
const stray = inputs.filter((f) => f.includes("node_modules/") && !bundled.some((b) => f.includes(`node_modules/${b}/`)));
if (stray.length > 0) throw new Error(`the bundle took in more than openapi-fetch: ${stray.join(", ")}`);

execFileSync(
  join(here, "node_modules/.bin/dts-bundle-generator"),
  [
    // The client's sources alone (no tests, no Node types); tsc has
    // type-checked them already.
    "--project", join(here, "tsconfig.dist.json"),
    "--no-check",
    "--external-inlines", ...bundled,
    "--no-banner",
    "--export-referenced-types=false",
    "--silent",
    "-o", join(here, "dist/index.d.ts"),
    join(here, "src/index.ts"),
  ],
  { stdio: ["ignore", "inherit", "inherit"] },
);
const dts = readFileSync(join(here, "dist/index.d.ts"), "utf8");
const imports = [
  ...dts.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/gm),
  ...dts.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
].map((m) => m[1]);
if (imports.length > 0) throw new Error(`dist/index.d.ts still imports ${imports.join(", ")}`);
writeFileSync(join(here, "dist/index.d.ts"), banner + (dts.endsWith("\n") ? dts : dts + "\n"));

copyFileSync(join(here, "../../LICENSE"), join(here, "LICENSE"));
