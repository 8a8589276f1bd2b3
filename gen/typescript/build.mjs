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
// What the bundle may take in: openapi-fetch and its type helpers. A new
// runtime dependency goes here (and then into the bundle, with its licence).
const bundled = ["openapi-fetch", "openapi-typescript-helpers"];

// Their licences ask that their notices travel with the code: they head
// both files (one text for packages that share it).
const pkg = (b, f) => readFileSync(join(here, "node_modules", b, f), "utf8");
const licences = new Map();
for (const b of bundled) {
  const text = pkg(b, "LICENSE").trimEnd();
  licences.set(text, [...(licences.get(text) ?? []), `${b} ${JSON.parse(pkg(b, "package.json")).version}`]);
}
const comment = (l) => ` * ${l}`.trimEnd();
const banner =
  "/*!\n" +
  [...licences]
    .map(([text, names]) => [`@switchboard/client bundles ${names.join(" and ")}:`, "", ...text.split("\n")].map(comment).join("\n"))
    .join("\n *\n") +
  "\n */\n";

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
if (stray.length > 0) throw new Error(`the bundle took in ${stray.join(", ")}: list its package in build.mjs's bundled`);

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
