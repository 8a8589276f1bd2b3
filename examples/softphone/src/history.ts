// What the agent sees of past calls: the selected contact's call history
// (GET /v1/contacts/{id}/calls, the whole team's calls to that contact) and
// the agent's own recent calls (GET /v1/calls), each with what came of it:
// the outcome, the notes and the tags of its wrap-up, and on the agent's
// own calls a button that opens their wrap-up again. Statuses are words;
// the call's SID is never shown.
import { type Call, type Contact, pages, unwrap } from "@switchboard/client";

import { $, button, failure } from "./dom";
import { callSummary, formatPhone, formatWhen } from "./format";
import { inCall, state } from "./state";

/** Calls per page of a history. */
const historyPageSize = 10;
/** Recent calls shown. */
const recentSize = 10;

let selected: Contact | null = null;
let historyWalk: AsyncGenerator<{ data: Call[]; meta: { nextCursor: string | null } }, void, undefined> | null = null;
let historySeq = 0;

/** Contacts by id, for the names of recent calls (null: gone or unreadable). */
const contactCache = new Map<string, Promise<Contact | null>>();

type WrapUpCall = (call: Call, who: string) => void;
let onWrapUp: WrapUpCall = () => {};

/** Sets what a past call's "Wrap up" does (who: the contact's name or the number). */
export function onWrapUpCall(fn: WrapUpCall): void {
  onWrapUp = fn;
}

export const contactName = (c: Contact): string => [c.firstName, c.lastName].filter(Boolean).join(" ") || c.phone;

/** Reads a contact once per page load; a deleted one is null. */
export function contactById(id: string): Promise<Contact | null> {
  const session = state.session;
  if (!session) return Promise.resolve(null);
  let p = contactCache.get(id);
  if (!p) {
    p = session.api
      .GET("/v1/contacts/{id}", { params: { path: { id } } })
      .then((r) => r.data?.data ?? null)
      .catch(() => null);
    contactCache.set(id, p);
  }
  return p;
}

/** The contact whose history is shown, if any. */
export function selectedContact(): Contact | null {
  return selected;
}

/** Shows the contact beside the list with its call history, newest first. */
export async function selectContact(c: Contact): Promise<void> {
  const session = state.session;
  if (!session) return;
  selected = c;
  contactCache.set(c.id, Promise.resolve(c));
  const panel = $("contact-panel");
  panel.hidden = false;
  $("contact-title").textContent = contactName(c);
  $("contact-detail").textContent = [c.phone ? formatPhone(c.phone, session.home) : "", c.company, c.email].filter(Boolean).join(" · ");
  for (const li of document.querySelectorAll<HTMLElement>('[data-testid="contact"]')) {
    li.classList.toggle("selected", li.dataset["id"] === c.id);
  }
  await loadHistory();
}

/** Reads the selected contact's history again from its first page (after a call or a wrap-up). */
export async function loadHistory(): Promise<void> {
  const session = state.session;
  const c = selected;
  if (!session || !c) return;
  const seq = ++historySeq;
  void historyWalk?.return();
  historyWalk = pages(session.api, "/v1/contacts/{id}/calls", { path: { id: c.id }, query: { limit: historyPageSize } });
  $("history").replaceChildren();
  await moreHistory(seq);
}

async function moreHistory(seq = historySeq): Promise<void> {
  const walk = historyWalk;
  const c = selected;
  const ul = $("history");
  const more = $<HTMLButtonElement>("history-more");
  if (!walk) return;
  more.disabled = true;
  try {
    const r = await walk.next();
    if (seq !== historySeq) return; // another contact was selected meanwhile
    const calls = r.done ? [] : r.value.data;
    for (const call of calls) ul.append(callItem(call, false, c));
    if (ul.children.length === 0) ul.append(empty("No calls yet"));
    const done = r.done || r.value.meta.nextCursor === null;
    more.hidden = done;
    if (done) historyWalk = null;
  } catch (e) {
    if (seq !== historySeq) return;
    ul.replaceChildren(empty(`The call history could not be read: ${failure(e)}`, true));
    more.hidden = true;
    historyWalk = null;
  } finally {
    more.disabled = false;
  }
}

/** Reads the agent's latest calls. */
export async function loadRecent(): Promise<void> {
  const session = state.session;
  if (!session) return;
  const ul = $("recent");
  let calls: Call[];
  try {
    calls = (await unwrap(session.api.GET("/v1/calls", { params: { query: { limit: recentSize } } }))).data;
  } catch (e) {
    ul.replaceChildren(empty(`Recent calls could not be read: ${failure(e)}`, true));
    return;
  }
  const names = await Promise.all(calls.map((c) => (c.contactId ? contactById(c.contactId) : Promise.resolve(null))));
  ul.replaceChildren(...calls.map((c, i) => callItem(c, true, names[i] ?? null)));
  if (calls.length === 0) ul.append(empty("No calls yet"));
}

function empty(text: string, error = false): HTMLLIElement {
  const li = document.createElement("li");
  li.className = error ? "empty error" : "empty";
  li.textContent = text;
  return li;
}

function span(className: string, text: string, testid?: string): HTMLSpanElement {
  const s = document.createElement("span");
  s.className = className;
  s.textContent = text;
  if (testid) s.dataset["testid"] = testid;
  return s;
}

/**
 * One past call. A recent call names whom it reached (the contact, which
 * opens its history, or the number); a row names the agent when the call is
 * another's (a history is the team's; an admin's recent calls are too).
 * The agent's own calls have "Wrap up" ("Edit wrap-up" once it has one);
 * another's have none, since only the call's agent may change it.
 */
function callItem(call: Call, recent: boolean, contact: Contact | null = null): HTMLLIElement {
  const home = state.session?.home;
  const li = document.createElement("li");
  li.dataset["testid"] = recent ? "recent-call" : "history-call";
  li.dataset["status"] = call.status;
  const head = document.createElement("div");
  head.className = "line";
  if (recent) {
    if (contact) {
      const open = button(contactName(contact), "recent-contact", () => void selectContact(contact));
      open.className = "link";
      open.setAttribute("aria-label", `${contactName(contact)}: show the call history`);
      head.append(open);
    } else {
      head.append(span("to", formatPhone(call.to, home)));
    }
  }
  head.append(span("when", formatWhen(call.createdAt)), span("summary", callSummary(call), "call-summary"));
  const own = call.agentIdentity === state.session?.identity;
  if (!own) head.append(span("agent", `by ${call.agentIdentity}`, "call-agent"));
  else {
    const who = contact ? contactName(contact) : formatPhone(call.to, home);
    const done = !!call.outcome || !!call.notes || call.tags.length > 0;
    const open = button(done ? "Edit wrap-up" : "Wrap up", "wrap-up-call", () => onWrapUp(call, who));
    open.className = "wrap-up";
    open.setAttribute("aria-label", `${open.textContent}: the call to ${who}, ${formatWhen(call.createdAt)}`);
    // One wrap-up at a time, and none during a call.
    open.disabled = inCall();
    head.append(open);
  }
  li.append(head);

  if (call.outcome || call.tags.length > 0) {
    const marks = document.createElement("div");
    marks.className = "line marks";
    if (call.outcome) {
      const o = span(`outcome kind-${call.outcome.kind}`, call.outcome.name, "call-outcome");
      o.dataset["kind"] = call.outcome.kind;
      marks.append(o);
    }
    for (const t of call.tags) marks.append(span("tag", t, "call-tag"));
    li.append(marks);
  }
  if (call.notes) {
    const p = document.createElement("p");
    p.className = "notes";
    p.dataset["testid"] = "call-notes";
    p.textContent = call.notes;
    li.append(p);
  }
  return li;
}

/** Wires the history's "Show older calls". */
export function wireHistory(): void {
  $("history-more").addEventListener("click", () => void moreHistory());
}
