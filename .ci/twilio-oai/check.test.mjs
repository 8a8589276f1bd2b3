// The simulator's check against Twilio's description must fail when it
// should: these tests put Prism, loaded with the vendored description and
// the known gaps, in front of a fake Twilio (testdata/fake-twilio.mjs) that
// answers right or deliberately wrong, and check what the gate counts, what
// the known gaps excuse (and what they do not), and that run.mjs with the
// Make target's own options (SIM_OAI_GATE in the Makefile) exits non-zero on
// a wrong answer.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { freePort, knownGap, startGate } from "../contract/gate.mjs";
import { fakeTwilio, send } from "./testdata/fake-twilio.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");

// The gate's options exactly as `make test-sim-oai` passes them.
const makefile = readFileSync(join(root, "Makefile"), "utf8");
const gateArgs = makefile.match(/^SIM_OAI_GATE = (.+)$/m)[1].trim().split(/\s+/);
const option = (name) => gateArgs[gateArgs.indexOf(name) + 1];
const gaps = JSON.parse(readFileSync(join(root, option("--known-gaps")), "utf8")).gaps;

describe("Prism with Twilio's description in front of a fake Twilio", () => {
  let twilio, gate;
  before(async () => {
    const port = await freePort();
    twilio = fakeTwilio();
    await new Promise((ok) => twilio.listen(port, "127.0.0.1", ok));
    const prefix = option("--prefix");
    gate = await startGate({ upstream: `http://127.0.0.1:${port}`, spec: join(root, option("--spec")), through: (p) => p.startsWith(prefix), gaps });
  });
  after(async () => {
    await gate?.stop();
    twilio?.close();
  });

  const counted = async (what, mode) => {
    const n = gate.exchanges.length;
    const res = await send(gate.url, what, mode);
    await res.arrayBuffer();
    assert.equal(gate.exchanges.length, n + 1, "the request went through Prism");
    return gate.counted(gate.exchanges[n]);
  };

  test("Twilio's answers pass, their known gaps excused", async () => {
    const before = gate.excused();
    for (const what of ["validation", "call", "conference", "conferences"]) {
      assert.deepEqual(await counted(what, "right"), [], what);
    }
    assert.ok(gate.excused() - before >= 3, "reason_conference_ended null and the list's relative uris are known gaps");
  });

  test("a validation request answered 201 breaks the description", async () => {
    const v = await counted("validation", "wrong");
    assert.equal(v.length, 1, JSON.stringify(v));
    assert.match(v[0].message, /Unable to match the returned status code with those defined in the document: 200/);
  });

  test("a call whose REST status reads initiated breaks it", async () => {
    const v = await counted("call", "wrong");
    assert.deepEqual(v.map((x) => x.location.join(".")), ["response.body.status"]);
    assert.match(v[0].message, /allowed values: queued, ringing, in-progress/);
  });

  test("an empty call_sid_ending_conference breaks it; a known gap excuses only a null reason", async () => {
    const wrong = await counted("conference", "wrong");
    assert.ok(wrong.length > 0 && wrong.every((x) => x.location.join(".") === "response.body.call_sid_ending_conference"), JSON.stringify(wrong));
    const badReason = await counted("conference", "bad-reason");
    assert.deepEqual([...new Set(badReason.map((x) => x.location.join(".")))], ["response.body.reason_conference_ended"], JSON.stringify(badReason));
  });
});

test("knownGap matches an operation's template, a location (with * for an index) and the message, no more", () => {
  const gap = { operations: ["GET /A/{Sid}.json"], locations: ["response.body.items.*.x"], message: "must be string", onlyNull: true };
  const ex = { method: "GET", url: "/A/CF1.json?Page=0", body: { items: [{ x: null }, { x: 3 }] } };
  const v = (i, message = "property x must be string") => ({ location: ["response", "body", "items", i, "x"], message });
  assert.ok(knownGap([gap], ex, v(0)));
  assert.equal(knownGap([gap], ex, v(1)), undefined, "onlyNull: 3 is not null");
  assert.equal(knownGap([gap], ex, v(0, "must match pattern")), undefined, "another message");
  assert.equal(knownGap([gap], { ...ex, method: "POST" }, v(0)), undefined, "another method");
  assert.equal(knownGap([gap], { ...ex, url: "/A/CF1/B.json" }, v(0)), undefined, "{Sid} is one segment");
  assert.equal(knownGap([gap], { ...ex, url: "/AxCF1.json" }, v(0)), undefined, "the template's characters are literal");
});

function runCheck(mode) {
  return new Promise((ok) => {
    execFile("node", [join(root, ".ci/contract/run.mjs"), `selftest-sim-oai-${mode}`, ...gateArgs, "--", "node", join(here, "testdata/fake-twilio.mjs"), mode], { cwd: root }, (err, stdout, stderr) =>
      ok({ code: err ? err.code : 0, out: stdout + stderr }),
    );
  });
}

test("run.mjs with the Make target's options fails on a validation request answered 201 and passes 200", async () => {
  const [wrong, right] = await Promise.all([runCheck("wrong"), runCheck("right")]);
  assert.equal(wrong.code, 1, wrong.out);
  assert.match(wrong.out, /1 breaking the contract/);
  assert.match(wrong.out, /OutgoingCallerIds\.json → 201/);
  assert.equal(right.code, 0, right.out);
  assert.match(right.out, /1 API exchanges through Prism, 0 marked as invalid on purpose, 0 breaking the contract/);
});
