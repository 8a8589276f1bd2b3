// The call in progress: placing it (a contact, or a typed number),
// following its status (polled from GET /v1/calls/{sid}), the controls:
// hold, mute, recording, warm transfer, hang up, a voicemail dropped on an
// answering machine; then its wrap-up.
import { type Call, type Contact, type SwitchboardClient, answeredByMachine, finalCallStatuses, unwrap } from "@switchboard/client";

import { displayName, loadContacts, rerenderContacts } from "./contacts";
import { $, act, say } from "./dom";
import { formatPhone, refusalText, statusLabel, transferLabel } from "./format";
import { contactById, loadHistory, loadRecent, selectContact, selectedContact } from "./history";
import type { PhoneCall } from "./phone";
import { type ActiveCall, inCall, state } from "./state";
import { onWrapUpClosed, onWrapUpOpened, openWrapUp } from "./wrapup";

/**
 * What to call: a contact (its phone), a dial list's entry leased to the
 * agent (its contact and the list), or a number typed by the agent.
 */
export type CallTarget = { contact: Contact; dialListId?: string; to?: never } | { to: string; contact?: never; dialListId?: never };

export async function startCall(target: CallTarget): Promise<void> {
  const session = state.session;
  if (!session || inCall()) return;
  const callerId = $<HTMLSelectElement>("caller-id").value;
  const contact = target.contact ?? null;
  const to = target.contact ? target.contact.phone : target.to.trim();
  if (!to) {
    say("Type the number to call.", "error");
    return;
  }
  const dialListId = target.dialListId ?? null;
  const a: ActiveCall = { leg: null, to, contact, dialListId, call: null, recordingSid: null, ended: false, wrapUp: false, poll: null };
  state.active = a;
  say("");
  $("call-name").textContent = contact ? displayName(contact) : formatPhone(to, session.home);
  $("call-number").textContent = contact ? formatPhone(contact.phone, session.home) : "";
  $("call-panel").dataset["phase"] = "live";
  showStatus("connecting");
  renderControls();
  rerenderContacts();
  if (contact) void selectContact(contact);

  try {
    if (contact && dialListId) {
      // A list's entry: the service rings this browser and, once it
      // answers, the entry's number (POST /v1/calls); `next` has run the
      // dial check, and the service runs it again.
      const leg = await session.phone.answer(async () => {
        const { data } = await unwrap(session.api.POST("/v1/calls", { body: { contactId: contact.id, dialListId } }));
        if (a === state.active) show(a, data);
        return data.callSid;
      });
      follow(a, leg);
      return;
    }
    // The service refuses a dial the check refuses anyway; saying why, and
    // when to try again, before dialling is kinder than a call that hangs
    // up. The check runs the same rules as every dial path (do-not-call,
    // calling hours, the states' rules, attempt limits), read now: the list
    // shown may be older than the number's listing (another agent, a tab).
    const { data: check } = await unwrap(session.api.POST("/v1/dial-checks", { body: { to } }));
    if (!check.allowed) {
      const who = `${contact ? displayName(contact) + " at " : ""}${formatPhone(check.to, session.home)}`;
      if (check.reasons.some((r) => r.code === "dnc_blocked")) {
        session.dnc.add(check.to);
        endCall("blocked");
        say(`${who} is on the do-not-call list: not dialled.`, "error");
      } else {
        endCall("refused");
        say(refusalText(who, check.reasons, check.nextAllowedAt), "error");
      }
      return;
    }
    follow(a, await session.phone.connect({ To: check.to, callerId, workspaceId: session.workspaceId }));
  } catch (e) {
    endCall("failed");
    throw e;
  }
}

/** Follows the agent's leg: the call's status is polled until the leg ends. */
function follow(a: ActiveCall, leg: PhoneCall): void {
  a.leg = leg;
  leg.onEnded(() => {
    if (!a.ended) void refresh(a).finally(() => endCall(a.call && isFinal(a.call) ? a.call.status : "ended"));
  });
  a.poll = setInterval(() => void refresh(a), 500);
  void refresh(a);
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
  const first = !a.call;
  a.call = call;
  // A typed number that is a contact's: say whom it reaches, and show their history.
  if (first && !a.contact && call.contactId) {
    void contactById(call.contactId).then((c) => {
      if (!c || a !== state.active) return;
      a.contact = c;
      $("call-name").textContent = displayName(c);
      $("call-number").textContent = formatPhone(c.phone, state.session?.home);
      void selectContact(c);
    });
  }
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
  showMachine(call);
  if (call.failureReason) say(call.failureReason, "error");
  if (isFinal(call)) endCall(call.status);
  else if (call.transfer?.status === "completed") endCall("transferred");
  renderControls();
}

/**
 * An answering machine (the call's answeredBy, machine_*): said, with the
 * workspace's voicemail drops to leave on it, until one is dropped or the
 * call ends.
 */
function showMachine(call: Call): void {
  const machine = answeredByMachine(call.answeredBy) && call.status === "answered" && !call.voicemailDropId;
  const box = $("machine");
  $("flag-machine").hidden = !machine;
  if (!machine) {
    box.hidden = true;
    return;
  }
  if (!box.hidden) return; // drawn already: keep the agent's choice
  const drops = state.session?.voicemailDrops ?? [];
  const select = $<HTMLSelectElement>("vm-drop-select");
  select.replaceChildren(...drops.map((d) => new Option(d.name, d.id)));
  $("vm-drop").hidden = drops.length === 0;
  $("vm-none").hidden = drops.length > 0;
  box.hidden = false;
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
  const first = !a.ended;
  if (first) {
    a.ended = true;
    showStatus(status);
  }
  $("flag-hold").hidden = true;
  $("flag-muted").hidden = true;
  $("flag-recording").hidden = true;
  $("flag-machine").hidden = true;
  $("machine").hidden = true;
  // A call the service knows of (it has a leg, so a Call) gets its wrap-up;
  // one never dialled (do not call, a refused number) goes back to idle.
  if (first && a.leg) openWrapUp(a);
  else if (!a.wrapUp) idle();
  renderControls();
  void loadContacts($<HTMLInputElement>("search").value).catch(() => {});
  void loadRecent();
  if (selectedContact()) void loadHistory();
}

/** The panel ready for the next call; the last call's status stays until it starts. */
function idle(): void {
  $("call-panel").dataset["phase"] = "idle";
  renderControls();
  rerenderContacts();
}

const changed: (() => void)[] = [];

/** Adds what redraws itself when a call starts, changes or ends (the dialer's buttons). */
export function onCallChanged(fn: () => void): void {
  changed.push(fn);
}

function renderControls(): void {
  for (const fn of changed) fn();
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
    b.disabled = !li?.getAttribute("data-phone") || !!li?.classList.contains("dnc") || inCall();
  }
  for (const b of document.querySelectorAll<HTMLButtonElement>('[data-testid="wrap-up-call"]')) b.disabled = inCall();
  $<HTMLButtonElement>("vm-drop-button").disabled = !live;
  $<HTMLButtonElement>("dial-button").disabled = inCall();
  $<HTMLInputElement>("dial-number").disabled = inCall();
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

/**
 * Leaves the chosen recorded message on the machine: the service plays it
 * to the customer leg and ends the agent's, so the wrap-up opens at once.
 */
async function dropVoicemail(): Promise<void> {
  const a = state.active;
  const session = state.session;
  if (!session || !a?.leg || a.ended) return;
  const id = $<HTMLSelectElement>("vm-drop-select").value;
  if (!id) return;
  const button = $<HTMLButtonElement>("vm-drop-button");
  button.disabled = true;
  try {
    const { data } = await unwrap(session.api.POST("/v1/calls/{callSid}/voicemail", { params: path(a.leg.sid), body: { voicemailDropId: id } }));
    a.call = data;
  } finally {
    button.disabled = false;
  }
  const name = session.voicemailDrops.find((d) => d.id === id)?.name ?? "The voicemail";
  endCall("voicemail");
  say(`“${name}” is playing to the machine; you have left the call.`);
}

/** Wires the call panel's controls and its clock. */
export function wireCallControls(): void {
  onWrapUpClosed(idle);
  onWrapUpOpened(renderControls);
  $("dial").addEventListener("submit", (ev) => {
    ev.preventDefault();
    act(() => startCall({ to: $<HTMLInputElement>("dial-number").value }))();
  });

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
        say(data.status === "completed" ? "Recording saved." : "Recording stopped.");
      } else {
        const { data } = await unwrap(session.api.POST("/v1/recordings", { body: { callSid: a.leg.sid, channels: "dual" } }));
        a.recordingSid = data.recordingSid;
        $("flag-recording").hidden = false;
        say("Recording started.");
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

  $("vm-drop").addEventListener("submit", (ev) => {
    ev.preventDefault();
    act(dropVoicemail)();
  });

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
