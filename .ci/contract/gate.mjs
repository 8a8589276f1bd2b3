// The contract gate: Stoplight Prism (pinned in package-lock.json) as a
// validating proxy in front of the real program, with a small front door
// that sends the API's paths (/v1/…, /healthz) through Prism and everything
// else (the softphone's files, /docs, the simulator's /sim routes, which the
// contract does not describe) straight to the program, and that records every
// violation Prism reports on an exchange.
//
// Prism runs without --errors on purpose: with it, Prism answers a request it
// finds invalid itself (a 422 problem document) and the program never sees
// it, so the tests could no longer check the program's own refusal of bad
// input. Without it every exchange reaches the program, and Prism reports
// each request or response violation in the `sl-violations` header of the
// response (and in its log). The gate fails on every one of them, except a
// request the test marks as invalid on purpose (header
// `X-Contract-Gate: expect-refusal`): that one may break the request's rules,
// but the program must refuse it with a 4xx answer that itself matches the
// contract.
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const specPath = join(here, "../../openapi.yaml");
export const markerHeader = "x-contract-gate";
export const expectRefusal = "expect-refusal";

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/** The paths the contract describes go through Prism; the rest does not. */
export const throughPrism = (path) => path === "/healthz" || path.startsWith("/healthz?") || path.startsWith("/v1/");

/**
 * knownGap finds the entry of gaps (a description's own known gaps, read
 * from a file such as .ci/twilio-oai/known-gaps.json) that excuses one
 * violation of one exchange. An entry names `operations` ("METHOD
 * /path/{Template}", {Name} standing for one segment), `locations` (the
 * violation's location joined with dots, * standing for one segment such as
 * an array index) and `message` (a part of the violation's message); with
 * `onlyNull: true` it excuses the violation only when the response body
 * holds null at that location. An entry excuses only what it names.
 */
export function knownGap(gaps, exchange, violation) {
  const path = (exchange.url ?? "").split("?")[0];
  const location = violation.location ?? [];
  return gaps.find(
    (g) =>
      g.operations.some((op) => fitsOperation(op, exchange.method, path)) &&
      g.locations.some((l) => fitsLocation(l.split("."), location)) &&
      (violation.message ?? "").includes(g.message) &&
      (!g.onlyNull || valueAt(exchange.body, location) === null),
  );
}

function fitsOperation(op, method, path) {
  const [m, template] = op.split(" ");
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}/]+\}/g, "[^/]+");
  return m === method && new RegExp(`^${escaped}$`).test(path);
}

function fitsLocation(pattern, location) {
  return pattern.length === location.length && pattern.every((p, i) => p === "*" || p === String(location[i]));
}

/** The value at a violation's location (response.body.a.0.b) in a parsed response body; undefined when absent. */
function valueAt(body, location) {
  if (location[0] !== "response" || location[1] !== "body") return undefined;
  let v = body;
  for (const key of location.slice(2)) {
    if (v === null || typeof v !== "object" || !(key in v)) return undefined;
    v = v[key];
  }
  return v;
}

/**
 * judge decides whether one exchange breaks the contract: it returns the
 * violations that count (an empty list when the exchange is fine).
 */
export function judge({ violations, status, marked }) {
  if (violations.length === 0) return [];
  if (marked) {
    const onResponse = violations.filter((v) => v.location?.[0] !== "request");
    if (onResponse.length === 0 && status >= 400 && status < 500) return [];
    if (onResponse.length === 0) return [{ location: ["response"], severity: "Error", message: `a request marked invalid was answered ${status}, not refused with a 4xx` }];
    return onResponse;
  }
  return violations;
}

/**
 * startGate starts Prism in front of upstream (the program's base URL) and
 * the front door in front of both. It answers {url, exchanges, failures(),
 * stop()}: url is where clients go; exchanges lists every API exchange seen.
 */
export async function startGate({ upstream, logFile, spec = specPath, through = throughPrism, gaps = [] }) {
  const prismPort = await freePort();
  const prismBin = join(here, "node_modules/.bin/prism");
  const log = logFile ? createWriteStream(logFile) : null;
  const prism = spawn(prismBin, ["proxy", "--cors=false", "-h", "127.0.0.1", "-p", String(prismPort), spec, upstream], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  let prismOut = "";
  const onData = (b) => {
    prismOut += b.toString();
    log?.write(b);
  };
  prism.stdout.on("data", onData);
  prism.stderr.on("data", onData);
  const prismExited = new Promise((ok) => prism.on("exit", ok));
  await new Promise((ok, fail) => {
    const deadline = setTimeout(() => fail(new Error(`Prism did not start within 60 s:\n${prismOut}`)), 60_000);
    const check = () => {
      if (/Prism is listening/.test(prismOut)) {
        clearTimeout(deadline);
        ok();
      } else if (prism.exitCode !== null) {
        clearTimeout(deadline);
        fail(new Error(`Prism exited (${prism.exitCode}):\n${prismOut}`));
      } else setTimeout(check, 100);
    };
    check();
  });

  const exchanges = [];
  /** The violations of one exchange that count: those judge keeps and no known gap excuses. */
  const counted = (e) => judge({ ...e, violations: e.violations.filter((v) => !knownGap(gaps, e, v)) });
  const prismUrl = new URL(`http://127.0.0.1:${prismPort}`);
  const upstreamUrl = new URL(upstream);
  const front = http.createServer((req, res) => {
    // A CORS preflight (OPTIONS) is HTTP's, not an operation of the contract:
    // the program answers it before any route, so it goes around Prism.
    const viaPrism = req.method !== "OPTIONS" && through(req.url ?? "/");
    const target = viaPrism ? prismUrl : upstreamUrl;
    const headers = { ...req.headers, host: target.host };
    const out = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      let exchange;
      if (viaPrism) {
        let violations = [];
        const raw = answer.headers["sl-violations"];
        if (raw) {
          try {
            violations = JSON.parse(Array.isArray(raw) ? raw[0] : raw);
          } catch {
            violations = [{ location: ["response"], severity: "Error", message: `unreadable sl-violations header: ${raw}` }];
          }
        }
        const marked = String(req.headers[markerHeader] ?? "") === expectRefusal;
        exchange = { method: req.method, url: req.url, status: answer.statusCode, marked, violations, body: undefined };
        exchanges.push(exchange);
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (!exchange) return answer.pipe(res);
      // The body is kept (parsed, when JSON) for the known gaps that excuse
      // a null only; it is passed on as it comes.
      const json = /json/.test(String(answer.headers["content-type"] ?? ""));
      const chunks = [];
      answer.on("data", (c) => {
        if (json) chunks.push(c);
        res.write(c);
      });
      answer.on("end", () => {
        try {
          exchange.body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          exchange.body = undefined;
        }
        res.end();
      });
    });
    out.on("error", (e) => {
      if (viaPrism) exchanges.push({ method: req.method, url: req.url, status: 502, marked: false, violations: [{ location: ["gate"], severity: "Error", message: `Prism did not answer: ${e.message}` }] });
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`contract gate: ${e.message}`);
    });
    req.pipe(out);
  });
  const frontPort = await freePort();
  await new Promise((ok) => front.listen(frontPort, "127.0.0.1", ok));

  return {
    url: `http://127.0.0.1:${frontPort}`,
    exchanges,
    /** The exchanges that break the contract, each with the violations that count. */
    failures() {
      return exchanges.map((e) => ({ ...e, counted: counted(e) })).filter((e) => e.counted.length > 0);
    },
    counted,
    /** How many violations a known gap of the description excused. */
    excused() {
      return exchanges.reduce((n, e) => n + e.violations.filter((v) => knownGap(gaps, e, v)).length, 0);
    },
    prismLog: () => prismOut,
    async stop() {
      front.closeAllConnections?.();
      await new Promise((ok) => front.close(() => ok()));
      prism.kill("SIGTERM");
      await Promise.race([prismExited, new Promise((ok) => setTimeout(ok, 5_000))]);
      if (prism.exitCode === null) prism.kill("SIGKILL");
      log?.end();
    },
  };
}

/**
 * report prints what the gate saw; it answers true when nothing broke the
 * contract. Prism's log is a second witness: it must not count more
 * violations than the exchanges' headers carried (one that reached no
 * header, say on a connection the gate did not see, fails the run too).
 */
export function report(gate, name) {
  const failures = gate.failures();
  const inLog = gate.prismLog().split("\n").filter((l) => /\[VALIDATOR\].*Violation: /.test(l)).length;
  const inHeaders = gate.exchanges.reduce((n, e) => n + e.violations.length, 0);
  if (inLog > inHeaders) {
    failures.push({ method: "(Prism's log)", url: "", status: 0, counted: [{ location: ["log"], severity: "Error", message: `Prism logged ${inLog} violations, the responses carried ${inHeaders}` }] });
  }
  const marked = gate.exchanges.filter((e) => e.marked).length;
  const excused = gate.excused?.() ?? 0;
  const gaps = excused > 0 ? `, ${excused} violations excused as the description's known gaps` : "";
  console.log(`contract gate (${name}): ${gate.exchanges.length} API exchanges through Prism, ${marked} marked as invalid on purpose, ${failures.length} breaking the contract${gaps}`);
  for (const f of failures) {
    console.log(`  ${f.method} ${f.url} → ${f.status}`);
    for (const v of f.counted) console.log(`    ${v.severity}: ${(v.location ?? []).join(".")}: ${v.message}`);
  }
  return failures.length === 0;
}
