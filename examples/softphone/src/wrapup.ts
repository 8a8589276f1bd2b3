// The wrap-up after every call that reached the service: an outcome of the
// workspace's (GET /v1/call-outcomes), notes and tags, saved with
// PATCH /v1/calls/{callSid}. The next call waits until the wrap-up is saved
// or skipped, as a contact centre's after-call work does. The same form
// wraps up an earlier call of the agent's, opened from the recent calls or
// a contact's history: one skipped, or one whose outcome, notes or tags
// need correcting. Only the call's agent may change them (the service
// answers anyone else 403), so the page offers it on their own calls only.
import { type Call, type CallOutcome, type CallPatch, SwitchboardError, unwrap } from "@switchboard/client";

import { $, act, failure, say } from "./dom";
import { callSummary, formatWhen, parseTags } from "./format";
import { loadHistory, loadRecent } from "./history";
import { type ActiveCall, inCall, state } from "./state";

/** Most tags a call takes. */
const maxTags = 20;

/** The active call whose wrap-up closed, or null for an earlier call's. */
type Closed = (call: ActiveCall | null, saved: boolean) => void;
const onClosed: Closed[] = [];
const onOpened: (() => void)[] = [];

/**
 * Adds what happens once a wrap-up is saved or skipped, in the order added:
 * the call panel goes back to idle, then the dialer takes its list's next
 * entry after a saved one.
 */
export function onWrapUpClosed(fn: Closed): void {
  onClosed.push(fn);
}

/** Adds what redraws itself when an earlier call's wrap-up opens (the buttons that start a call). */
export function onWrapUpOpened(fn: () => void): void {
  onOpened.push(fn);
}

/** Shows the outcomes as a group of radio buttons, in the workspace's order. */
export function renderOutcomes(outcomes: CallOutcome[]): void {
  const box = $("outcomes");
  box.replaceChildren();
  for (const o of outcomes) {
    const label = document.createElement("label");
    label.className = `chip kind-${o.kind}`;
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "outcome";
    input.value = o.id;
    input.dataset["kind"] = o.kind;
    label.dataset["testid"] = "outcome";
    label.append(input, ` ${o.name}`);
    if (o.kind === "do_not_call") label.title = "Also puts the number on the do-not-call list";
    box.append(label);
  }
  if (outcomes.length === 0) {
    const p = document.createElement("p");
    p.className = "empty";
    // The call's own message (transferred, failed…) stays in the status line.
    p.textContent = "No outcomes could be read; notes and tags can still be saved.";
    box.append(p);
  }
}

/** Opens the wrap-up for the call that just ended. */
export function openWrapUp(a: ActiveCall): void {
  a.wrapUp = true;
  const form = $<HTMLFormElement>("wrapup");
  form.reset();
  form.hidden = false;
  $("call-panel").dataset["phase"] = "wrapup";
  // Keyboard users land in the form; the first outcome is one arrow away.
  ($("outcomes").querySelector<HTMLInputElement>("input") ?? $("wrapup-notes")).focus({ preventScroll: true });
}

/**
 * Opens the wrap-up of an earlier call of the agent's (who: the contact's
 * name or the number), filled with what the call has, so that a skipped
 * wrap-up can be done and a wrong one corrected. Nothing else starts until
 * it is saved or cancelled.
 */
export function openEarlierWrapUp(call: Call, who: string): void {
  if (!state.session || inCall()) return;
  state.earlier = call;
  const form = $<HTMLFormElement>("wrapup");
  form.reset();
  const current = call.outcome ? $("outcomes").querySelector<HTMLInputElement>(`input[value="${CSS.escape(call.outcome.id)}"]`) : null;
  if (current) current.checked = true;
  $<HTMLTextAreaElement>("wrapup-notes").value = call.notes;
  $<HTMLInputElement>("wrapup-tags").value = call.tags.join(", ");
  $("wrapup-title").textContent = "Wrap-up of an earlier call";
  const about = $("wrapup-call");
  about.textContent = [who, formatWhen(call.createdAt), callSummary(call)].join(" · ");
  // An outcome archived since is no longer offered: leaving the choice
  // empty keeps it.
  if (call.outcome && !current) about.textContent += ` · Outcome: ${call.outcome.name} (no longer offered; pick another to change it)`;
  about.hidden = false;
  $("wrapup-skip").textContent = "Cancel";
  form.hidden = false;
  const panel = $("call-panel");
  panel.dataset["phase"] = "earlier";
  say("");
  for (const fn of onOpened) fn();
  // The form is in the call panel, away from the list the agent tapped
  // (below it on a desktop, above it on a phone): bring it into view.
  panel.scrollIntoView({ block: "nearest" });
  form.scrollIntoView({ block: "nearest" });
  ((current ?? $("outcomes").querySelector<HTMLInputElement>("input")) ?? $("wrapup-notes")).focus({ preventScroll: true });
}

function close(saved: boolean): void {
  if (state.earlier) {
    state.earlier = null;
    $("wrapup").hidden = true;
    $("wrapup-title").textContent = "Wrap-up";
    $("wrapup-call").hidden = true;
    $("wrapup-skip").textContent = "Skip";
    for (const fn of onClosed) fn(null, saved);
    return;
  }
  const a = state.active;
  if (a) a.wrapUp = false;
  $("wrapup").hidden = true;
  for (const fn of onClosed) fn(a, saved);
}

/** What the form holds, or null (and the reason said) when it holds too much or nothing. */
function readForm(): { picked: HTMLInputElement | null; notes: string; tags: string[] } | null {
  const picked = $("outcomes").querySelector<HTMLInputElement>("input:checked");
  const notes = $<HTMLTextAreaElement>("wrapup-notes").value.trim();
  const tags = parseTags($<HTMLInputElement>("wrapup-tags").value);
  if (tags.length > maxTags) {
    say(`At most ${maxTags} tags; there are ${tags.length}.`, "error");
    return null;
  }
  return { picked, notes, tags };
}

async function save(): Promise<void> {
  if (state.earlier) return saveEarlier(state.earlier);
  const a = state.active;
  const session = state.session;
  if (!session || !a?.leg || !a.wrapUp) return;
  const form = readForm();
  if (!form) return;
  const { picked, notes, tags } = form;
  if (!picked && !notes && tags.length === 0) {
    say("Pick an outcome or write a note, or skip the wrap-up.", "error");
    return;
  }
  const body: CallPatch = {};
  if (picked) body.outcomeId = picked.value;
  if (notes) body.notes = notes;
  if (tags.length > 0) body.tags = tags;
  const saveButton = $<HTMLButtonElement>("wrapup-save");
  saveButton.disabled = true;
  try {
    const { data: call } = await unwrap(session.api.PATCH("/v1/calls/{callSid}", { params: { path: { callSid: a.leg.sid } }, body }));
    a.call = call;
    // The service listed the number with the outcome: mark it before the
    // list is drawn again.
    if (call.outcome?.kind === "do_not_call") session.dnc.add(call.to);
    close(true);
    const what = call.outcome ? `: ${call.outcome.name}` : "";
    say(`Wrap-up saved${what}.`);
  } catch (e) {
    say(`The wrap-up was not saved: ${failure(e)}`, "error");
    return;
  } finally {
    saveButton.disabled = false;
  }
  await Promise.all([loadHistory(), loadRecent()]);
}

/**
 * The change to an earlier call: only what differs from what it has (an
 * outcome set again would tell partners of a change that is none); notes
 * or tags emptied are cleared (null). An outcome cannot be taken back to
 * none here, as after a call.
 */
function earlierPatch(call: Call, form: { picked: HTMLInputElement | null; notes: string; tags: string[] }): CallPatch {
  const body: CallPatch = {};
  if (form.picked && form.picked.value !== call.outcome?.id) body.outcomeId = form.picked.value;
  if (form.notes !== call.notes.trim()) body.notes = form.notes || null;
  if (form.tags.join("\n") !== call.tags.join("\n")) body.tags = form.tags.length > 0 ? form.tags : null;
  return body;
}

async function saveEarlier(earlier: Call): Promise<void> {
  const session = state.session;
  if (!session) return;
  const form = readForm();
  if (!form) return;
  const body = earlierPatch(earlier, form);
  if (Object.keys(body).length === 0) {
    close(false);
    say("Nothing changed in the wrap-up.");
    return;
  }
  const saveButton = $<HTMLButtonElement>("wrapup-save");
  saveButton.disabled = true;
  try {
    const { data: call } = await unwrap(session.api.PATCH("/v1/calls/{callSid}", { params: { path: { callSid: earlier.callSid } }, body }));
    if (call.outcome?.kind === "do_not_call") session.dnc.add(call.to);
    close(true);
    say(`Wrap-up saved${call.outcome ? `: ${call.outcome.name}` : ""}.`);
  } catch (e) {
    if (e instanceof SwitchboardError && e.status === 403) {
      // Not this agent's call (the lists offer only theirs, but a token
      // and a list can disagree): nothing will change that, so the form
      // closes and says why in words.
      close(false);
      say(`Not saved: only the agent who made this call (${earlier.agentIdentity}) may change its wrap-up.`, "error");
    } else {
      say(`The wrap-up was not saved: ${failure(e)}`, "error");
      return;
    }
  } finally {
    saveButton.disabled = false;
  }
  await Promise.all([loadHistory(), loadRecent()]);
}

/** Wires the wrap-up form's Save and Skip. */
export function wireWrapUp(): void {
  $("wrapup").addEventListener("submit", (ev) => {
    ev.preventDefault();
    act(save)();
  });
  // A choice made answers the "pick something" error.
  $("wrapup").addEventListener("input", () => {
    if ($("message").classList.contains("error")) say("");
  });
  $("wrapup-skip").addEventListener("click", () => {
    const earlier = !!state.earlier;
    close(false);
    say(earlier ? "Wrap-up unchanged." : "Wrap-up skipped.");
  });
}
