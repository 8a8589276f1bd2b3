// A stand-in for the program, for gate.test.mjs: it answers a few API paths
// right or, with `wrong`, one of them against the contract, and (under
// run.mjs) listens on SWITCHBOARD_PORT and calls itself through the gate.
import http from "node:http";

export function fakeProgram(mode) {
  return http.createServer((req, res) => {
    const json = (status, body) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url, "http://x");
    if (url.pathname === "/healthz") return json(200, { data: { status: "ok" } });
    if (url.pathname === "/v1/dnc/check") {
      if (mode === "wrong") return json(200, { data: { phone: "+14155552671", blocked: "yes", entry: null } });
      return json(200, { data: { phone: "+14155552671", blocked: false, entry: null } });
    }
    if (url.pathname === "/v1/contacts") {
      if (url.searchParams.get("limit") === "500") {
        if (mode === "accepts-bad-input") return json(200, { data: [], meta: { total: 0, totalExact: true, hasMore: false, limit: 500, offset: 0 } });
        return json(400, { error: { code: "invalid_request", message: "limit: must be at most 200", details: [{ field: "limit", message: "must be at most 200" }] } });
      }
      return json(200, { data: [], meta: { total: 0, totalExact: true, hasMore: false, limit: 50, offset: 0 } });
    }
    json(404, { error: { code: "not_found", message: "No such resource." } });
  });
}

// Under run.mjs: serve on SWITCHBOARD_PORT, make one call through the gate, exit.
if (process.argv[2]) {
  const srv = fakeProgram(process.argv[2]);
  await new Promise((ok) => srv.listen(Number(process.env.SWITCHBOARD_PORT), "127.0.0.1", ok));
  const res = await fetch(`${process.env.SWITCHBOARD_GATE_URL}/v1/dnc/check?phone=%2B14155552671`, { headers: { Authorization: "Bearer t" } });
  console.log(`fake program: GET /v1/dnc/check through the gate answered ${res.status}`);
  srv.close();
  process.exit(0);
}
