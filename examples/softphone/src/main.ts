// The reference softphone: an agent signs in with a bearer token, finds a
// contact, calls it and controls the call (hold, mute, recording, warm
// transfer, do-not-call) through Switchboard's API, using the client
// generated from openapi.yaml. The voice leg is the Twilio Voice SDK's
// Device, or against the embedded simulator a stand-in for it (phone.ts).
import {
  type Call,
  type CallerId,
  type Contact,
  type SwitchboardClient,
  SwitchboardError,
  createSwitchboardClient,
  finalCallStatuses,
  unwrap,
} from "@switchboard/client";

import { ContactScroller } from "./contact-list";
import { type Phone, type PhoneCall, SimulatorPhone, TwilioPhone } from "./phone";
import "./style.css";

const baseUrl = window.location.origin;
const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing`);
  return el as T;
};

interface Session {
  api: SwitchboardClient;
  identity: string;
  workspaceId: string;
  phone: Phone;
  callerIds: CallerId[];
}

interface ActiveCall {
  leg: PhoneCall | null;
  contact: Contact;
  call: Call | null;
  recordingSid: string | null;
  ended: boolean;
  poll: ReturnType<typeof setInterval> | null;
}

let session: Session | null = null;
let active: ActiveCall | null = null;

function say(text: string, kind: "info" | "error" = "info"): void {
  const m = $("message");
  m.textContent = text;
  m.className = kind;
}

function failure(e: unknown): string {
  if (e instanceof SwitchboardError) return `${e.message} (${e.code})`;
  return e instanceof Error ? e.message : String(e);
}

/** Runs an action of a button, showing its error instead of throwing. */
function act(fn: () => Promise<void>): () => void {
  return () => {
    fn().catch((e) => say(failure(e), "error"));
  };
}

// ---- sign in ------------------------------------------------------------

async function signIn(token: string): Promise<void> {
  const api = createSwitchboardClient({ baseUrl, token });
  const voice = await unwrap(api.GET("/v1/voice/token"));
  const callerIds = await unwrap(api.GET("/v1/caller-ids"));
  const workspaceId = callerIds.data[0]?.workspaceId ?? (await workspaceOf(api));
  const phone: Phone = (await SimulatorPhone.available(baseUrl))
    ? new SimulatorPhone(baseUrl, voice.data.identity)
    : new TwilioPhone(voice.data.token);
  session = { api, identity: voice.data.identity, workspaceId, phone, callerIds: callerIds.data };
  sessionStorage.setItem("switchboard.token", token);

  $("sign-in").hidden = true;
  $("desk").hidden = false;
  $("sign-out").hidden = false;
  const mode = $("mode");
  mode.hidden = false;
  mode.textContent = phone.kind === "simulator" ? "Simulator" : "Twilio";
  mode.className = `mode ${phone.kind}`;
  $("agent").textContent = `${voice.data.identity} · ${workspaceId}`;
  renderCallerIds(callerIds.data);
  if (phone instanceof TwilioPhone) {
    // Access tokens expire; fetch a new one a minute before.
    setInterval(
      act(async () => phone.updateToken((await unwrap(api.GET("/v1/voice/token"))).data.token)),
      Math.max(60, voice.data.ttl - 60) * 1000,
    );
  }
  await loadContacts("");
}

/** The token's workspace, read from any list the token may see. */
async function workspaceOf(api: SwitchboardClient): Promise<string> {
  const contacts = await unwrap(api.GET("/v1/contacts", { params: { query: { limit: 1 } } }));
  return contacts.data[0]?.workspaceId ?? "";
}

function renderCallerIds(ids: CallerId[]): void {
  const select = $<HTMLSelectElement>("caller-id");
  select.replaceChildren();
  for (const c of ids.filter((c) => c.status === "verified")) {
    const o = new Option(`${c.friendlyName || c.phoneNumber} (${c.phoneNumber})`, c.phoneNumber, c.isDefault, c.isDefault);
    select.add(o);
  }
  $("caller-id-label").hidden = select.options.length === 0;
  if (select.options.length === 0) say("This workspace has no verified caller ID: POST /v1/caller-ids first.", "error");
}

function signOut(): void {
  sessionStorage.removeItem("switchboard.token");
  session?.phone.destroy();
  window.location.reload();
}

// ---- contacts -----------------------------------------------------------

let scroller: ContactScroller | null = null;

async function loadContacts(q: string): Promise<void> {
  if (!session) return;
  scroller ??= new ContactScroller(session.api, $("contacts"), renderContacts, (e) => say(failure(e), "error"));
  await scroller.show(q);
}

function renderContacts(contacts: Contact[], append = false): void {
  const ul = $("contacts");
  if (!append) ul.replaceChildren();
  if (contacts.length === 0 && !append) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = "No contacts";
    ul.append(li);
  }
  for (const c of contacts) {
    const li = document.createElement("li");
    li.dataset["testid"] = "contact";
    li.dataset["phone"] = c.phone;
    const who = document.createElement("div");
    who.className = "who";
    const name = document.createElement("strong");
    name.textContent = displayName(c);
    const detail = document.createElement("small");
    detail.textContent = [c.phone, c.company].filter(Boolean).join(" · ");
    who.append(name, detail);
    const call = button("Call", "call", act(() => startCall(c)));
    call.disabled = !c.phone || (active !== null && !active.ended);
    const dnc = button("DNC", "dnc", act(() => addToDnc(c)));
    dnc.disabled = !c.phone;
    dnc.title = "Add this number to the do-not-call list";
    li.append(who, call, dnc);
    ul.append(li);
  }
}

function button(text: string, testid: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.dataset["testid"] = testid;
  b.addEventListener("click", onClick);
  return b;
}

function displayName(c: Contact): string {
  return [c.firstName, c.lastName].filter(Boolean).join(" ") || c.phone;
}

async function addToDnc(c: Contact): Promise<void> {
  if (!session) return;
  const { data } = await unwrap(session.api.POST("/v1/dnc", { body: { phone: c.phone, reason: "Added from the softphone" } }));
  say(`${data.phone} is on the do-not-call list.`);
}

// ---- calls --------------------------------------------------------------

async function startCall(contact: Contact): Promise<void> {
  if (!session || (active && !active.ended)) return;
  const callerId = $<HTMLSelectElement>("caller-id").value;
  active = { leg: null, contact, call: null, recordingSid: null, ended: false, poll: null };
  say("");
  $("call-name").textContent = displayName(contact);
  $("call-number").textContent = contact.phone;
  showStatus("connecting");
  renderControls();

  // The service refuses a listed number anyway; saying so before dialling
  // is kinder than a call that hangs up.
  const check = await unwrap(session.api.GET("/v1/dnc/check", { params: { query: { phone: contact.phone } } }));
  if (check.data.blocked) {
    endCall("blocked");
    say(`${check.data.phone} is on the do-not-call list (dnc_blocked).`, "error");
    return;
  }
  try {
    const leg = await session.phone.connect({ To: contact.phone, callerId, workspaceId: session.workspaceId });
    const a = active;
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
  if (!session || !a.leg) return;
  const res = await session.api.GET("/v1/calls/{callSid}", { params: { path: { callSid: a.leg.sid } } });
  if (!res.data || a !== active) return; // 404 until the webhook stored it
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
  t.textContent = call.transfer ? `Transfer to ${call.transfer.target}: ${call.transfer.status}` : "";
  if (call.failureReason) say(call.failureReason, "error");
  if (isFinal(call)) endCall(call.status);
  else if (call.transfer?.status === "completed") endCall("transferred");
  renderControls();
}

function showStatus(status: string): void {
  const s = $("call-status");
  s.textContent = status;
  s.dataset["status"] = status;
}

function endCall(status: string): void {
  const a = active;
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
  const a = active;
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
  $<HTMLButtonElement>("transfer-start").disabled = !live || pending;
  $<HTMLButtonElement>("transfer-complete").disabled = !live || call?.transfer?.status !== "talking";
  $<HTMLButtonElement>("transfer-cancel").disabled = !live || !pending;
  for (const b of document.querySelectorAll<HTMLButtonElement>('[data-testid="call"]')) {
    b.disabled = !b.closest("li")?.getAttribute("data-phone") || (!!a && !a.ended);
  }
}

/** Runs a call-control operation on the active call and shows the result. */
async function control(fn: (api: SwitchboardClient, callSid: string) => Promise<Call>): Promise<void> {
  const a = active;
  if (!session || !a?.leg || a.ended) return;
  const call = await fn(session.api, a.leg.sid);
  show(a, call);
}

const path = (callSid: string) => ({ path: { callSid } });

$("hold").addEventListener(
  "click",
  act(() =>
    control(async (api, sid) => {
      const action = active?.call?.onHold ? "unhold" : "hold";
      return (await unwrap(api.POST("/v1/calls/{callSid}/hold", { params: path(sid), body: { action } }))).data;
    }),
  ),
);

$("mute").addEventListener(
  "click",
  act(() =>
    control(async (api, sid) => {
      const muted = !active?.call?.muted;
      return (await unwrap(api.POST("/v1/calls/{callSid}/mute", { params: path(sid), body: { muted } }))).data;
    }),
  ),
);

$("record").addEventListener(
  "click",
  act(async () => {
    const a = active;
    if (!session || !a?.leg || a.ended) return;
    if (a.recordingSid) {
      const { data } = await unwrap(
        session.api.POST("/v1/recordings/{recordingSid}", { params: { path: { recordingSid: a.recordingSid } }, body: { status: "stopped" } }),
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
      say(`Transferred to ${call.transfer?.target ?? "the target"}; you have left the call.`);
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
    const a = active;
    if (!a?.leg || a.ended) return;
    await a.leg.disconnect();
    endCall("ended");
  }),
);

// A clock for the answered call.
setInterval(() => {
  const c = active?.call;
  const timer = $("call-timer");
  if (!c?.answeredAt || active?.ended) {
    if (!active || active.ended) timer.textContent = "";
    return;
  }
  const s = Math.max(0, Math.floor((Date.now() - Date.parse(c.answeredAt)) / 1000));
  timer.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}, 1000);

// ---- wiring -------------------------------------------------------------

let searchTimer: ReturnType<typeof setTimeout> | undefined;
$<HTMLInputElement>("search").addEventListener("input", (ev) => {
  clearTimeout(searchTimer);
  const q = (ev.target as HTMLInputElement).value;
  searchTimer = setTimeout(() => void loadContacts(q).catch((e) => say(failure(e), "error")), 200);
});

$("sign-in").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const token = $<HTMLInputElement>("token").value.trim();
  signIn(token).catch((e) => say(failure(e), "error"));
});
$("sign-out").addEventListener("click", signOut);

const saved = sessionStorage.getItem("switchboard.token");
if (saved) signIn(saved).catch(() => sessionStorage.removeItem("switchboard.token"));
