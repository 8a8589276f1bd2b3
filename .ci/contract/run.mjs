// Runs a test command with the contract gate (gate.mjs) between it and the
// program: `node .ci/contract/run.mjs NAME -- npm test`. The command's
// server helper (gen/typescript/test/server.ts) starts the program on
// SWITCHBOARD_PORT and hands its tests SWITCHBOARD_GATE_URL as the base URL.
// Options before `--` point the gate at another description: --spec FILE
// (default openapi.yaml), --prefix PATH (the paths that go through Prism;
// default /v1/ and /healthz) and --known-gaps FILE (a JSON list of the
// description's own known gaps, the only violations excused; see
// knownGap in gate.mjs). The embedded Twilio simulator's check, `make
// test-sim-oai`, runs this way with Twilio's description (.ci/twilio-oai).
// Exits non-zero when the command fails, when any exchange breaks the
// contract, or when no API exchange went through the gate at all (a test
// that bypassed it proves nothing). Prism's log is kept in
// .ci/contract/artifacts/NAME-prism.log.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { freePort, report, startGate } from "./gate.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const sep = args.indexOf("--");
const usage = () => {
  console.error("usage: node .ci/contract/run.mjs NAME [--spec FILE] [--prefix PATH] [--known-gaps FILE] -- COMMAND [ARGS...]");
  process.exit(2);
};
if (sep < 1 || args.length < sep + 2 || sep % 2 === 0) usage();
const name = args[0];
const opts = {};
for (let i = 1; i < sep; i += 2) {
  if (!["--spec", "--prefix", "--known-gaps"].includes(args[i])) usage();
  opts[args[i]] = args[i + 1];
}
const [cmd, ...cmdArgs] = args.slice(sep + 1);
const gateOpts = {};
if (opts["--spec"]) gateOpts.spec = opts["--spec"];
if (opts["--prefix"]) gateOpts.through = (path) => path.startsWith(opts["--prefix"]);
if (opts["--known-gaps"]) gateOpts.gaps = JSON.parse(readFileSync(opts["--known-gaps"], "utf8")).gaps;

const artifacts = join(here, "artifacts");
mkdirSync(artifacts, { recursive: true });
const logFile = join(artifacts, `${name}-prism.log`);
const port = await freePort();
const gate = await startGate({ upstream: `http://127.0.0.1:${port}`, logFile, ...gateOpts });

const child = spawn(cmd, cmdArgs, {
  stdio: "inherit",
  env: { ...process.env, SWITCHBOARD_PORT: String(port), SWITCHBOARD_GATE_URL: gate.url },
});
const code = await new Promise((ok) => child.on("exit", (c, signal) => ok(c ?? (signal ? 1 : 0))));
await gate.stop();

const clean = report(gate, name);
let failed = code !== 0 || !clean;
if (gate.exchanges.length === 0) {
  console.log(`contract gate (${name}): no API exchange went through Prism: the tests bypassed the gate`);
  failed = true;
}
if (code !== 0) console.log(`contract gate (${name}): the command exited ${code}`);
console.log(`contract gate (${name}): Prism's log is ${logFile}`);
process.exit(failed ? 1 : 0);
