// The wrap-up after every call that reached the service: an outcome of the
// workspace's (GET /v1/call-outcomes), notes and tags, saved with
// PATCH /v1/calls/{callSid}. The next call waits until the wrap-up is saved
// or skipped, as a contact centre's after-call work does.
import { type CallOutcome, type CallPatch, unwrap } from "@switchboard/client";

import { $, act, failure, say } from "./dom";
import { parseTags } from "./format";
import { loadHistory, loadRecent } from "./history";
import { type ActiveCall, state } from "./state";

/** Most tags a call takes. */
const maxTags = 20;

type Closed = (call: ActiveCall | null, saved: boolean) => void;
const onClosed: Closed[] = [];

/**
 * Adds what happens once a wrap-up is saved or skipped, in the order added:
 * the call panel goes back to idle, then the dialer takes its list's next
 * entry after a saved one.
 */
export function onWrapUpClosed(fn: Closed): void {
  onClosed.push(fn);
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

function close(saved: boolean): void {
  const a = state.active;
  if (a) a.wrapUp = false;
  $("wrapup").hidden = true;
  for (const fn of onClosed) fn(a, saved);
}

async function save(): Promise<void> {
  const a = state.active;
  const session = state.session;
  if (!session || !a?.leg || !a.wrapUp) return;
  const picked = $("outcomes").querySelector<HTMLInputElement>("input:checked");
  const notes = $<HTMLTextAreaElement>("wrapup-notes").value.trim();
  const tags = parseTags($<HTMLInputElement>("wrapup-tags").value);
  if (!picked && !notes && tags.length === 0) {
    say("Pick an outcome or write a note, or skip the wrap-up.", "error");
    return;
  }
  if (tags.length > maxTags) {
    say(`At most ${maxTags} tags; there are ${tags.length}.`, "error");
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
    close(false);
    say("Wrap-up skipped.");
  });
}
