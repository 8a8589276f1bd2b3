// A stand-in for the simulator, for check.test.mjs: it answers a few of
// Twilio's 2010-04-01 paths the way Twilio does or, for a request with
// header X-Fake-Mode: wrong, the way the simulator once did (a validation
// request 201 Created, a call's status initiated, a conference's
// call_sid_ending_conference ""), or with a reason_conference_ended outside
// Twilio's list (X-Fake-Mode: bad-reason). Under run.mjs it listens on
// SWITCHBOARD_PORT, sends one request of the given mode through the gate and
// exits.
import http from "node:http";

export const account = "AC00000000000000000000000000000000";
const prefix = `/2010-04-01/Accounts/${account}`;
const callSid = "CA0123456789abcdef0123456789abcdef";
const confSid = "CF0123456789abcdef0123456789abcdef";

function call(status) {
  return {
    sid: callSid, account_sid: account, api_version: "2010-04-01", parent_call_sid: null,
    date_created: "Thu, 26 Nov 2026 05:00:00 +0000", date_updated: "Thu, 26 Nov 2026 05:00:00 +0000",
    to: "+15005550100", to_formatted: "+15005550100", from: "+15005550006", from_formatted: "+15005550006",
    phone_number_sid: null, status, start_time: null, end_time: null, duration: null, price: null, price_unit: "USD",
    direction: "outbound-api", answered_by: null, forwarded_from: null, group_sid: null, caller_name: null,
    queue_time: "0", trunk_sid: null, uri: `${prefix}/Calls/${callSid}.json`,
    subresource_uris: { recordings: `${prefix}/Calls/${callSid}/Recordings.json` },
  };
}

function conference(mode) {
  return {
    sid: confSid, account_sid: account, api_version: "2010-04-01", friendly_name: "oai", region: "us1",
    status: "in-progress", date_created: "Thu, 26 Nov 2026 05:00:00 +0000", date_updated: "Thu, 26 Nov 2026 05:00:00 +0000",
    reason_conference_ended: mode === "bad-reason" ? "ended" : null,
    call_sid_ending_conference: mode === "wrong" ? "" : null,
    uri: `${prefix}/Conferences/${confSid}.json`,
    subresource_uris: { participants: `${prefix}/Conferences/${confSid}/Participants.json` },
  };
}

export function fakeTwilio() {
  return http.createServer((req, res) => {
    const mode = String(req.headers["x-fake-mode"] ?? "right");
    const json = (status, body) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    req.resume();
    req.on("end", () => {
      const path = new URL(req.url, "http://x").pathname;
      if (req.method === "POST" && path === `${prefix}/OutgoingCallerIds.json`) {
        return json(mode === "wrong" ? 201 : 200, { account_sid: account, call_sid: callSid, friendly_name: null, phone_number: "+14155552671", validation_code: "123456" });
      }
      if (req.method === "GET" && path === `${prefix}/Calls/${callSid}.json`) return json(200, call(mode === "wrong" ? "initiated" : "queued"));
      if (req.method === "GET" && path === `${prefix}/Conferences/${confSid}.json`) return json(200, conference(mode));
      if (req.method === "GET" && path === `${prefix}/Conferences.json`) {
        const uri = `${prefix}/Conferences.json?PageSize=50&Page=0`;
        return json(200, { conferences: [conference(mode)], uri, first_page_uri: uri, next_page_uri: null, previous_page_uri: null, page: 0, page_size: 50, start: 0, end: 0 });
      }
      json(404, { code: 20404, message: "The requested resource was not found", more_info: "https://www.twilio.com/docs/errors/20404", status: 404 });
    });
  });
}

/** One request of mode through the gate at base, as twilio-go would send it. */
export function send(base, what, mode = "right") {
  const headers = { authorization: `Basic ${Buffer.from(`${account}:token`).toString("base64")}`, "x-fake-mode": mode };
  if (what === "validation") {
    return fetch(`${base}${prefix}/OutgoingCallerIds.json`, {
      method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: "PhoneNumber=%2B14155552671",
    });
  }
  const paths = { call: `/Calls/${callSid}.json`, conference: `/Conferences/${confSid}.json`, conferences: "/Conferences.json?PageSize=50" };
  return fetch(`${base}${prefix}${paths[what]}`, { headers });
}

if (process.argv[2]) {
  const srv = fakeTwilio();
  await new Promise((ok) => srv.listen(Number(process.env.SWITCHBOARD_PORT), "127.0.0.1", ok));
  const res = await send(process.env.SWITCHBOARD_GATE_URL, "validation", process.argv[2]);
  console.log(`fake Twilio: POST OutgoingCallerIds.json through the gate answered ${res.status}`);
  srv.close();
  process.exit(0);
}
