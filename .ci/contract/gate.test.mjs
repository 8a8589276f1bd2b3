// The gate must fail when the program breaks the contract: these tests put
// Prism in front of a fake program (testdata/fake-program.mjs) that answers
// right, or deliberately wrong, and check what the gate reports and that
// run.mjs, the CI step, exits non-zero on a wrong response.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { expectRefusal, freePort, report, startGate } from "./gate.mjs";
import { fakeProgram } from "./testdata/fake-program.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const auth = { Authorization: "Bearer t" };

for (const mode of ["right", "wrong", "accepts-bad-input"]) {
  describe(`a program that answers ${mode}`, () => {
    let program, gate;
    before(async () => {
      const port = await freePort();
      program = fakeProgram(mode);
      await new Promise((ok) => program.listen(port, "127.0.0.1", ok));
      gate = await startGate({ upstream: `http://127.0.0.1:${port}` });
    });
    after(async () => {
      await gate?.stop();
      program?.close();
    });

    test("a response that breaks the contract is reported", async () => {
      const res = await fetch(`${gate.url}/v1/dnc/check?phone=%2B14155552671`, { headers: auth });
      assert.equal(res.status, 200, "the gate passes the program's answer on");
      const failures = gate.failures();
      if (mode === "wrong") {
        assert.equal(failures.length, 1, JSON.stringify(gate.exchanges));
        assert.deepEqual(failures[0].counted[0].location, ["response", "body", "data", "blocked"]);
      } else {
        assert.deepEqual(failures, [], JSON.stringify(failures));
      }
    });

    test("an invalid request counts unless marked, and a marked one must be refused", async () => {
      const before = gate.failures().length;
      await fetch(`${gate.url}/v1/contacts?limit=500`, { headers: { ...auth, "X-Contract-Gate": expectRefusal } });
      const marked = gate.failures().length - before;
      await fetch(`${gate.url}/v1/contacts?limit=500`, { headers: auth });
      const unmarked = gate.failures().length - before - marked;
      assert.equal(unmarked, 1, "an unmarked invalid request breaks the contract");
      assert.equal(marked, mode === "accepts-bad-input" ? 1 : 0, "a marked one is fine only when the program refuses it");
    });

    test("paths the contract does not describe bypass Prism", async () => {
      const n = gate.exchanges.length;
      const res = await fetch(`${gate.url}/sim/calls`);
      assert.equal(res.status, 404, "the program's own answer");
      assert.equal(gate.exchanges.length, n);
    });
  });
}

function runGate(mode) {
  return new Promise((ok) => {
    execFile("node", [join(here, "run.mjs"), `selftest-${mode}`, "--", "node", join(here, "testdata/fake-program.mjs"), mode], (err, stdout, stderr) =>
      ok({ code: err ? err.code : 0, out: stdout + stderr }),
    );
  });
}

test("run.mjs, the CI step, fails on a deliberately wrong response and passes a right one", async () => {
  const [wrong, right] = await Promise.all([runGate("wrong"), runGate("right")]);
  assert.equal(wrong.code, 1, wrong.out);
  assert.match(wrong.out, /1 breaking the contract/);
  assert.match(wrong.out, /response\.body\.data\.blocked/);
  assert.equal(right.code, 0, right.out);
  assert.match(right.out, /1 API exchanges through Prism, 0 marked as invalid on purpose, 0 breaking the contract/);
});

test("a violation in Prism's log that no response carried fails the report", () => {
  const quiet = { exchanges: [], failures: () => [], prismLog: () => "" };
  assert.equal(report(quiet, "selftest-quiet"), true);
  const logged = { ...quiet, prismLog: () => "[1:00:00 PM] ›     [VALIDATOR] ✖  error     Violation: response.body.data.blocked Response body property data.blocked must be boolean\n" };
  assert.equal(report(logged, "selftest-log"), false);
});
