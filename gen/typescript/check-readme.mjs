// Every ```ts block of this folder's README (and of docs/front-end.md), as a
// front-end team would paste it: in a fresh Vite + TypeScript app (strict, the DOM's types and Vite's,
// no Node types), with the client installed from its packed tarball. Fails
// when a block does not compile (`tsc --noEmit`), when the app does not build
// (`vite build`), or when a block reaches for Node (`process`, `node:`
// modules, `require`), which a browser app does not have. Each block is its
// own module: a reader copies one, not the README. `make test-ts` runs it.
//
// Vite and TypeScript are the versions the repository already pins (the
// softphone's Vite, this package's TypeScript), installed with
// --prefer-offline: `make node-deps` has put them in npm's cache.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const pinned = (file, name) => {
  const pkg = JSON.parse(readFileSync(join(here, file), "utf8"));
  const v = pkg.devDependencies?.[name] ?? pkg.dependencies?.[name];
  if (!/^\d+\.\d+\.\d+$/.test(v ?? "")) throw new Error(`${file} pins no exact ${name} version (${v})`);
  return v;
};

/** The README's ```ts blocks, with the line each starts on. */
export function tsBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== "```ts") continue;
    const start = i + 1;
    const end = lines.findIndex((l, j) => j > i && l.trim() === "```");
    if (end < 0) throw new Error(`README.md:${start}: a ts block that does not end`);
    blocks.push({ line: start, code: lines.slice(start, end).join("\n") + "\n" });
    i = end;
  }
  return blocks;
}

const dir = mkdtempSync(join(tmpdir(), "switchboard-readme-"));
let failed = false;
try {
  const readme = tsBlocks(readFileSync(join(here, "README.md"), "utf8")).map((b) => ({ ...b, where: `README.md:${b.line}` }));
  if (readme.length < 4) throw new Error(`README.md has ${readme.length} ts blocks; the sign-in, errors, paging and after-call examples are missing`);
  const guide = tsBlocks(readFileSync(join(here, "../../docs/front-end.md"), "utf8")).map((b) => ({ ...b, where: `docs/front-end.md:${b.line}` }));
  const blocks = [...readme, ...guide];
  for (const b of blocks) {
    const node = /\bprocess\.|from\s+["']node:|\brequire\(|\bBuffer\b|__dirname/.exec(b.code);
    if (node) {
      console.error(`${b.where}: a browser example uses ${JSON.stringify(node[0])}, which a browser app does not have`);
      failed = true;
    }
  }

  const app = join(dir, "app");
  mkdirSync(join(app, "src"), { recursive: true });
  const [packed] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", app, "--loglevel=error"], here));
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify(
      {
        name: "readme-examples",
        private: true,
        type: "module",
        dependencies: { "@switchboard/client": `file:./${packed.filename}` },
        devDependencies: {
          typescript: pinned("package.json", "typescript"),
          vite: pinned("../../examples/softphone/package.json", "vite"),
        },
      },
      null,
      2,
    ),
  );
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "bundler",
        lib: ["ES2022", "DOM", "DOM.Iterable"],
        types: ["vite/client"],
        strict: true,
        noUncheckedIndexedAccess: true,
        isolatedModules: true,
        noEmit: true,
        skipLibCheck: false,
      },
      include: ["src"],
    }),
  );
  blocks.forEach((b, i) => writeFileSync(join(app, "src", `example${i + 1}.ts`), `// ${b.where}\n${b.code}`));
  writeFileSync(
    join(app, "src/main.ts"),
    blocks.map((_, i) => `import * as example${i + 1} from "./example${i + 1}";`).join("\n") +
      `\nconsole.log(${blocks.map((_, i) => `example${i + 1}`).join(", ")});\n`,
  );
  writeFileSync(join(app, "index.html"), `<!doctype html><title>README examples</title><script type="module" src="/src/main.ts"></script>\n`);

  run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], app);
  // Without Node's types a block that reaches for Node cannot compile.
  if (existsSync(join(app, "node_modules/@types/node"))) throw new Error("@types/node came with the install: the check would not see Node-only code");
  try {
    run(join(app, "node_modules/.bin/tsc"), ["--noEmit", "-p", "tsconfig.json"], app);
    console.log(`ok: the ${blocks.length} ts blocks of README.md and docs/front-end.md compile in a Vite app (strict, DOM, no Node types)`);
  } catch (e) {
    const where = Object.fromEntries(blocks.map((b, i) => [`src/example${i + 1}.ts`, b.where]));
    const out = `${e.stdout}${e.stderr}`.replace(/src\/example\d+\.ts/g, (f) => `${f} (${where[f]})`);
    console.error(`the examples do not compile (line numbers count from the block's first line + 1):\n${out}`);
    failed = true;
  }
  try {
    run(join(app, "node_modules/.bin/vite"), ["build", "--logLevel", "error"], app);
    const built = readFileSync(join(app, "dist/index.html"), "utf8");
    if (!/<script type="module"[^>]*src="\/assets\/[^"]+\.js"/.test(built)) throw new Error(`vite build wrote no script:\n${built}`);
    console.log("ok: vite build bundles them with the packed client");
  } catch (e) {
    console.error(`vite build failed:\n${e.stdout ?? ""}${e.stderr ?? e.message}`);
    failed = true;
  }
} catch (e) {
  console.error(e.stderr || e.stdout || e.message);
  failed = true;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
