// The reference softphone: an agent signs in with a bearer token, finds a
// contact (and its call history) or types a number, calls it, controls the
// call (hold, mute, recording, warm transfer, do-not-call) and wraps it up
// (outcome, notes, tags; an earlier call's too, from the recent calls or a
// contact's history) through Switchboard's API, using the client
// generated from openapi.yaml. The voice leg is the Twilio Voice SDK's
// Device, or against the embedded simulator a stand-in for it (phone.ts).
import { type CallerId, createSwitchboardClient, unwrap } from "@switchboard/client";

import { startCall, wireCallControls } from "./call";
import { loadContacts, loadDnc, onCallContact } from "./contacts";
import { loadDialLists, wireDialer } from "./dialer";
import { $, act, failure, say } from "./dom";
import { homeOf } from "./format";
import { loadRecent, onWrapUpCall, wireHistory } from "./history";
import { type Phone, SimulatorPhone, TwilioPhone } from "./phone";
import { state } from "./state";
import { openEarlierWrapUp, renderOutcomes, wireWrapUp } from "./wrapup";
import "./style.css";

const baseUrl = window.location.origin;

// ---- sign in ------------------------------------------------------------

async function signIn(token: string): Promise<void> {
  const api = createSwitchboardClient({ baseUrl, token });
  const voice = await unwrap(api.GET("/v1/voice/token"));
  const callerIds = await unwrap(api.GET("/v1/caller-ids"));
  const workspace = await unwrap(api.GET("/v1/workspace"));
  const workspaceId = workspace.data.id;
  const dnc = await loadDnc(api);
  // The outcomes a wrap-up offers; the softphone still places calls when
  // they cannot be read (the wrap-up then says so).
  const outcomes = await unwrap(api.GET("/v1/call-outcomes", { params: { query: { limit: 100 } } })).then(
    (r) => r.data.filter((o) => !o.archived),
    () => [],
  );
  // The recorded messages an agent may leave when a machine answers.
  const voicemailDrops = await unwrap(api.GET("/v1/voicemail-drops", { params: { query: { limit: 100 } } })).then(
    (r) => r.data,
    () => [],
  );
  const phone: Phone = (await SimulatorPhone.available(baseUrl))
    ? // The simulator stands in for Device.connect: it needs the Twilio client
      // identity the token grants (workspace and agent), not the agent's name.
      new SimulatorPhone(baseUrl, voice.data.clientIdentity)
    : new TwilioPhone(voice.data.token);
  const home = homeOf(callerIds.data.find((c) => c.isDefault)?.phoneNumber ?? callerIds.data[0]?.phoneNumber);
  state.session = { api, identity: voice.data.identity, workspaceId, phone, callerIds: callerIds.data, home, dnc, outcomes, voicemailDrops };
  sessionStorage.setItem("switchboard.token", token);

  $("sign-in").hidden = true;
  $("desk").hidden = false;
  $("sign-out").hidden = false;
  const mode = $("mode");
  mode.hidden = false;
  mode.textContent = phone.kind === "simulator" ? "Simulator" : "Twilio";
  mode.className = `mode ${phone.kind}`;
  const hours = workspace.data.callingHours;
  $("agent").textContent = `${voice.data.identity} · ${workspaceId} · ${
    hours ? `calls ${hours.start}–${hours.end} callee's time` : "no calling window"
  }`;
  renderCallerIds(callerIds.data);
  renderOutcomes(outcomes);
  // The desk is usable before its lists arrive: the agent can type a search
  // (or a number) at once, and the focus does not jump once they load.
  $("search").focus();
  if (phone instanceof TwilioPhone) {
    // Access tokens expire; fetch a new one a minute before.
    setInterval(
      act(async () => phone.updateToken((await unwrap(api.GET("/v1/voice/token"))).data.token)),
      Math.max(60, voice.data.ttl - 60) * 1000,
    );
  }
  await Promise.all([loadContacts(""), loadRecent(), loadDialLists()]);
}

function renderCallerIds(ids: CallerId[]): void {
  const select = $<HTMLSelectElement>("caller-id");
  select.replaceChildren();
  for (const c of ids.filter((c) => c.status === "verified")) {
    const o = new Option(`${c.friendlyName || c.phoneNumber} (${c.phoneNumber})`, c.phoneNumber, c.isDefault, c.isDefault);
    select.add(o);
  }
  $("caller-id-label").hidden = select.options.length === 0;
  if (select.options.length === 0) say("This workspace has no verified caller ID: an admin registers one with POST /v1/caller-ids.", "error");
}

/** Shows why signing in failed, on the sign-in card itself, and puts the focus back on the token. */
function signInFailed(text: string): void {
  const err = $("sign-in-error");
  err.textContent = text;
  err.hidden = false;
  const input = $<HTMLInputElement>("token");
  input.setAttribute("aria-invalid", "true");
  input.focus();
}

function signOut(): void {
  sessionStorage.removeItem("switchboard.token");
  state.session?.phone.destroy();
  window.location.reload();
}

// ---- wiring -------------------------------------------------------------

onCallContact((contact) => startCall({ contact }));
onWrapUpCall(openEarlierWrapUp);
wireCallControls();
wireWrapUp();
wireHistory();
wireDialer();

let searchTimer: ReturnType<typeof setTimeout> | undefined;
$<HTMLInputElement>("search").addEventListener("input", (ev) => {
  clearTimeout(searchTimer);
  const q = (ev.target as HTMLInputElement).value;
  searchTimer = setTimeout(() => void loadContacts(q).catch((e) => say(failure(e), "error")), 200);
});

const signInButton = $<HTMLButtonElement>("sign-in-button");
$("sign-in").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const token = $<HTMLInputElement>("token").value.trim();
  $("sign-in-error").hidden = true;
  $("token").removeAttribute("aria-invalid");
  signInButton.disabled = true;
  signInButton.textContent = "Signing in…";
  signIn(token)
    .catch((e) => signInFailed(signInMessage(e)))
    .finally(() => {
      signInButton.disabled = false;
      signInButton.textContent = "Sign in";
    });
});
$("sign-out").addEventListener("click", signOut);

/** What a failed sign-in means to the person at the keyboard. */
function signInMessage(e: unknown): string {
  const text = failure(e);
  if (text.endsWith("(unauthorized)")) return `That token was not accepted: ${text}`;
  return `Could not sign in: ${text}`;
}

// A page opened again in the same tab signs in with the token it had.
const saved = sessionStorage.getItem("switchboard.token");
if (saved) {
  signIn(saved).catch((e) => {
    sessionStorage.removeItem("switchboard.token");
    signInFailed(`Your saved sign-in no longer works; paste a token. ${failure(e)}`);
  });
}
