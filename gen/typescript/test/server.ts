// startServer builds the real program (go build ./cmd/switchboard) and runs
// it on 127.0.0.1 with a fresh SQLite file and the embedded Twilio
// simulator, as `go run ./cmd/switchboard` would on a new machine. The Node
// test here and the softphone's browser test both start it this way.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root: this file runs as gen/typescript/dist/test/server.js. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

export interface RunningServer {
  /** Where clients go: the program, or the contract gate in front of it. */
  baseUrl: string;
  /** Creates a bearer token with `switchboard token create` and returns it. */
  token(workspace: string, identity: string, role?: "agent" | "admin"): string;
  /** The server's log so far (JSON lines), for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      s.close(() => (typeof addr === "object" && addr ? ok(addr.port) : fail(new Error("no port"))));
    });
  });
}

export async function startServer(): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), "switchboard-ts-"));
  // SWITCHBOARD_BIN runs a binary built elsewhere instead of building this tree.
  let bin = process.env.SWITCHBOARD_BIN ?? "";
  if (!bin) {
    bin = join(dir, "switchboard");
    execFileSync("go", ["build", "-o", bin, "./cmd/switchboard"], { cwd: repoRoot, stdio: "inherit" });
  }
  // Under .ci/contract/run.mjs the program listens where the contract gate
  // (Stoplight Prism's validating proxy) expects it, and clients go through
  // the gate. The simulator's webhooks still go straight to the program.
  const port = Number(process.env.SWITCHBOARD_PORT ?? "") || (await freePort());
  const direct = `http://127.0.0.1:${port}`;
  const baseUrl = process.env.SWITCHBOARD_GATE_URL ?? direct;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SWITCHBOARD_ADDR: `127.0.0.1:${port}`,
    PUBLIC_BASE_URL: direct,
    DATABASE_URL: `sqlite:${join(dir, "switchboard.db")}`,
    RATE_LIMIT: "0",
    LOG_LEVEL: "info",
    SHUTDOWN_GRACE: "2s",
  };
  for (const k of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_API_BASE_URL", "SWITCHBOARD_PORT", "SWITCHBOARD_GATE_URL"]) delete env[k];

  let output = "";
  const child: ChildProcess = spawn(bin, ["serve"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (b: Buffer) => (output += b.toString()));
  child.stderr?.on("data", (b: Buffer) => (output += b.toString()));
  const exited = new Promise<void>((ok) => child.on("exit", () => ok()));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`switchboard exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${direct}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`switchboard did not answer /healthz:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl,
    token(workspace, identity, role = "agent") {
      const out = execFileSync(bin, ["token", "create", "--workspace", workspace, "--identity", identity, "--role", role], {
        cwd: dir,
        env,
        encoding: "utf8",
      });
      const last = out.trim().split("\n").at(-1);
      if (!last) throw new Error(`token create printed nothing: ${out}`);
      return last;
    },
    log: () => output,
    async stop() {
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
