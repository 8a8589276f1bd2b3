// The call in progress: placing it, following its status (polled from
// GET /v1/calls/{sid}), and the controls: hold, mute, recording, warm
// transfer, hang up.
import { type Call, type Contact, type SwitchboardClient, finalCallStatuses, unwrap } from "@switchboard/client";

import { displayName, loadContacts, rerenderContacts } from "./contacts";
import { $, act, say } from "./dom";
import { formatPhone, statusLabel, transferLabel } from "./format";
import { type ActiveCall, state } from "./state";

export async function startCall(contact: Contact): Promise<void> {
  const session = state.session;
  if (!session || (state.active && !state.active.ended)) return;
  const callerId = $<HTMLSelectElement>("caller-id").value;
  const a: ActiveCall = { leg: null, contact, call: null, recordingSid: null, ended: false, poll: null };
  state.active = a;
  say("");
  $("call-name").textContent = displayName(contact);
  $("call-number").textContent = formatPhone(contact.phone, session.home);
  showStatus("connecting");
  renderControls();
  rerenderContacts();

  // The service refuses a listed number anyway; saying so before dialling
  // is kinder than a call that hangs up. The list shown may be older than
  // the number's listing (another agent, another tab).
  const check = await unwrap(session.api.GET("/v1/dnc/check", { params: { query: { phone: contact.phone } } }));
  if (check.data.blocked) {
    session.dnc.add(check.data.phone);
    endCall("blocked");
    say(`${displayName(contact)} at ${formatPhone(check.data.phone, session.home)} is on the do-not-call list: not dialled.`, "error");
    return;
  }
  try {
    const leg = await session.phone.connect({ To: contact.phone, callerId, workspaceId: session.workspaceId });
    a.leg = leg;
    leg.onEnded(() => {
      if (!a.ended) void refresh(a).finally(() => endCall(a.call && isFinal(a.call) ? a.call.status : "ended"));
    });
    a.poll = setInterval(() => void refresh(a), 500);
    await refresh(a);
  } catch (e) {
    endCall("failed");
    throw e;
  }
}

function isFinal(c: Call): boolean {
  return finalCallStatuses.includes(c.status);
}

/** Reads the call from the API and shows it. */
async function refresh(a: ActiveCall): Promise<void> {
  const session = state.session;
  if (!session || !a.leg) return;
  const res = await session.api.GET("/v1/calls/{callSid}", { params: { path: { callSid: a.leg.sid } } });
  if (!res.data || a !== state.active) return; // 404 until the webhook stored it
  show(a, res.data.data);
}

function show(a: ActiveCall, call: Call): void {
  a.call = call;
  if (a.ended) return;
  showStatus(call.status);
  $("flag-hold").hidden = !call.onHold;
  $("flag-muted").hidden = !call.muted;
  const t = $("flag-transfer");
  t.hidden = !call.transfer;
  t.dataset["status"] = call.transfer?.status ?? "";
  t.textContent = call.transfer
    ? `Transfer to ${formatPhone(call.transfer.target, state.session?.home)}: ${transferLabel(call.transfer.status)}`
    : "";
  if (call.failureReason) say(call.failureReason, "error");
  if (isFinal(call)) endCall(call.status);
  else if (call.transfer?.status === "completed") endCall("transferred");
  renderControls();
}

/** Shows a status in words; data-status keeps the API's (or the page's) name. */
function showStatus(status: string): void {
  const s = $("call-status");
  s.textContent = statusLabel(status);
  s.dataset["status"] = status;
}

function endCall(status: string): void {
  const a = state.active;
  if (!a) return;
  if (a.poll) clearInterval(a.poll);
  a.poll = null;
  if (!a.ended) {
    a.ended = true;
    showStatus(status);
  }
  $("flag-hold").hidden = true;
  $("flag-muted").hidden = true;
  $("flag-recording").hidden = true;
  renderControls();
  void loadContacts($<HTMLInputElement>("search").value).catch(() => {});
}

function renderControls(): void {
  const a = state.active;
  const live = !!a && !a.ended && a.call?.status === "answered";
  const call = a?.call;
  const pending = !!call?.transfer && (call.transfer.status === "dialing" || call.transfer.status === "talking");
  const hold = $<HTMLButtonElement>("hold");
  hold.disabled = !live || pending;
  hold.textContent = call?.onHold ? "Unhold" : "Hold";
  const mute = $<HTMLButtonElement>("mute");
  mute.disabled = !live;
  mute.textContent = call?.muted ? "Unmute" : "Mute";
  const rec = $<HTMLButtonElement>("record");
  rec.disabled = !live;
  rec.textContent = a?.recordingSid ? "Stop recording" : "Record";
  $<HTMLButtonElement>("hangup").disabled = !a || a.ended || !a.leg;
  $<HTMLInputElement>("transfer-target").disabled = !live || pending;
  $<HTMLButtonElement>("transfer-start").disabled = !live || pending;
  $<HTMLButtonElement>("transfer-complete").disabled = !live || call?.transfer?.status !== "talking";
  $<HTMLButtonElement>("transfer-cancel").disabled = !live || !pending;
  for (const b of document.querySelectorAll<HTMLButtonElement>('[data-testid="call"]')) {
    const li = b.closest("li");
    b.disabled = !li?.getAttribute("data-phone") || !!li?.classList.contains("dnc") || (!!a && !a.ended);
  }
}

/** Runs a call-control operation on the active call and shows the result. */
async function control(fn: (api: SwitchboardClient, callSid: string) => Promise<Call>): Promise<void> {
  const a = state.active;
  const session = state.session;
  if (!session || !a?.leg || a.ended) return;
  const call = await fn(session.api, a.leg.sid);
  show(a, call);
}

const path = (callSid: string) => ({ path: { callSid } });

/** Wires the call panel's controls and its clock. */
export function wireCallControls(): void {
  $("hold").addEventListener(
    "click",
    act(() =>
      control(async (api, sid) => {
        const action = state.active?.call?.onHold ? "unhold" : "hold";
        return (await unwrap(api.POST("/v1/calls/{callSid}/hold", { params: path(sid), body: { action } }))).data;
      }),
    ),
  );

  $("mute").addEventListener(
    "click",
    act(() =>
      control(async (api, sid) => {
        const muted = !state.active?.call?.muted;
        return (await unwrap(api.POST("/v1/calls/{callSid}/mute", { params: path(sid), body: { muted } }))).data;
      }),
    ),
  );

  $("record").addEventListener(
    "click",
    act(async () => {
      const a = state.active;
      const session = state.session;
      if (!session || !a?.leg || a.ended) return;
      if (a.recordingSid) {
        const { data } = await unwrap(
          session.api.POST("/v1/recordings/{recordingSid}", {
            params: { path: { recordingSid: a.recordingSid } },
            body: { status: "stopped" },
          }),
        );
        a.recordingSid = null;
        $("flag-recording").hidden = true;
        say(`Recording ${data.recordingSid} ${data.status}.`);
      } else {
        const { data } = await unwrap(session.api.POST("/v1/recordings", { body: { callSid: a.leg.sid, channels: "dual" } }));
        a.recordingSid = data.recordingSid;
        $("flag-recording").hidden = false;
        say(`Recording ${data.recordingSid} ${data.status}.`);
      }
      renderControls();
    }),
  );

  $("transfer").addEventListener("submit", (ev) => {
    ev.preventDefault();
    act(() =>
      control(async (api, sid) => {
        const target = $<HTMLInputElement>("transfer-target").value.trim();
        if (!target) throw new Error("Enter the number to transfer to.");
        return (await unwrap(api.POST("/v1/calls/{callSid}/transfer", { params: path(sid), body: { target, type: "warm" } }))).data;
      }),
    )();
  });

  $("transfer-complete").addEventListener(
    "click",
    act(() =>
      control(async (api, sid) => {
        const call = (await unwrap(api.POST("/v1/calls/{callSid}/transfer/complete", { params: path(sid) }))).data;
        const to = call.transfer ? formatPhone(call.transfer.target, state.session?.home) : "the target";
        say(`Transferred to ${to}; you have left the call.`);
        return call;
      }),
    ),
  );

  $("transfer-cancel").addEventListener(
    "click",
    act(() => control(async (api, sid) => (await unwrap(api.POST("/v1/calls/{callSid}/transfer/cancel", { params: path(sid) }))).data)),
  );

  $("hangup").addEventListener(
    "click",
    act(async () => {
      const a = state.active;
      if (!a?.leg || a.ended) return;
      await a.leg.disconnect();
      endCall("ended");
    }),
  );

  // A clock for the answered call.
  setInterval(() => {
    const a = state.active;
    const c = a?.call;
    const timer = $("call-timer");
    if (!c?.answeredAt || !a || a.ended) {
      if (!a || a.ended) timer.textContent = "";
      return;
    }
    const s = Math.max(0, Math.floor((Date.now() - Date.parse(c.answeredAt)) / 1000));
    timer.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }, 1000);
}
