// Dialer mode: the agent works a dial list. The list hands out one entry at
// a time (POST /v1/dial-lists/{id}/next, which runs the dial check and says
// what it passed over); the softphone shows the customer and their call
// history before anything rings, the agent presses Call (POST /v1/calls
// {contactId, dialListId}: the same call panel, controls and wrap-up as any
// call), and saving the wrap-up takes the next entry.
import { type Contact, type DialList, type DialListEntry, type DialSkip, SwitchboardError, unwrap } from "@switchboard/client";

import { onCallChanged, startCall } from "./call";
import { $, act, failure } from "./dom";
import { formatPhone, formatRetry, refusalText, skipReasonText } from "./format";
import { contactById, contactName, selectContact } from "./history";
import { inCall, state } from "./state";
import { onWrapUpClosed } from "./wrapup";

/** The list being worked, as last read; null outside dialer mode. */
let list: DialList | null = null;
/** The entry leased to the agent and its contact, until it is called or passed. */
let current: { entry: DialListEntry; contact: Contact } | null = null;
/** Whether the entry shown was called (the Call button then waits for Next). */
let called = false;
let asking = false;

/** Reads the workspace's active lists into the picker; the panel shows only when there are some (or a list is worked). */
export async function loadDialLists(): Promise<void> {
  const session = state.session;
  if (!session) return;
  const lists = await unwrap(session.api.GET("/v1/dial-lists", { params: { query: { limit: 100 } } })).then(
    (r) => r.data.filter((l) => l.status === "active"),
    () => [],
  );
  const select = $<HTMLSelectElement>("dialer-select");
  select.replaceChildren(...lists.map((l) => new Option(`${l.name} (${l.remaining} of ${l.size} left)`, l.id)));
  $("dialer").hidden = lists.length === 0 && !list;
}

/** Enters dialer mode on the picked list and asks for its first entry. */
async function start(): Promise<void> {
  const session = state.session;
  const id = $<HTMLSelectElement>("dialer-select").value;
  if (!session || !id) return;
  list = (await unwrap(session.api.GET("/v1/dial-lists/{id}", { params: { path: { id } } }))).data;
  $("desk").classList.add("dialing");
  $("dialer").dataset["phase"] = "work";
  $("dialer-list").textContent = list.name;
  await next();
}

/** Leaves dialer mode. An entry shown but not called goes back to the list when its lease ends. */
function stop(): void {
  list = null;
  current = null;
  $("desk").classList.remove("dialing");
  $("dialer").dataset["phase"] = "pick";
  $("dialer-list").textContent = "";
  $("dialer-progress").textContent = "";
  showCustomer(null);
  note("");
  showSkipped([]);
  void loadDialLists();
  $("dialer-select").focus();
}

/** Leases the next entry and shows its customer, what was skipped on the way, or why there is none. */
async function next(): Promise<void> {
  const session = state.session;
  const l = list;
  if (!session || !l || asking || inCall()) return;
  asking = true;
  current = null;
  called = false;
  showCustomer(null);
  note("Asking the list for the next customer…");
  render();
  try {
    let got;
    try {
      got = (await unwrap(session.api.POST("/v1/dial-lists/{id}/next", { params: { path: { id: l.id } } }))).data;
    } catch (e) {
      if (!(e instanceof SwitchboardError) || e.code !== "dial_list_inactive") throw e;
      // Paused or done: the list says which.
      await Promise.all([showSkipped([]), refreshProgress()]);
      note(inactiveText(), list?.status === "done" ? "end" : "error");
      return;
    }
    if (l.id !== list?.id) return; // stopped meanwhile
    const { entry, skipped } = got;
    await Promise.all([showSkipped(skipped), refreshProgress()]);
    if (!entry) {
      note(noEntryText(skipped), list?.status === "done" ? "end" : "info");
      return;
    }
    const contact = (await contactById(entry.contactId)) ?? placeholder(entry);
    if (l.id !== list?.id) return;
    current = { entry, contact };
    showCustomer(current);
    note("");
    void selectContact(contact);
  } catch (e) {
    note(`The next entry could not be had: ${failure(e)}`, "error");
  } finally {
    asking = false;
    render();
    if (current) $("dialer-call").focus();
    else if (list) $("dialer-next").focus();
  }
}

/** Dials the entry shown, through the call panel. */
async function call(): Promise<void> {
  const c = current;
  const l = list;
  if (!c || !l || called || inCall()) return;
  called = true;
  try {
    // startCall takes the call panel at once (before its first request):
    // the buttons here say so while the call is placed.
    const placing = startCall({ contact: c.contact, dialListId: l.id });
    render();
    await placing;
  } catch (e) {
    // Refused (the lease ended, the list was paused, the dial check said
    // no since): the entry is not this agent's to call any more.
    note(`Not dialled: ${failure(e)} Press Next for another customer.`, "error");
    throw e;
  } finally {
    render();
  }
}

/** A contact deleted since the list was made still has its entry: its number is dialled. */
function placeholder(entry: DialListEntry): Contact {
  return { id: entry.contactId, firstName: "", lastName: "", phone: entry.phone, company: "", email: "" } as Contact;
}

function inactiveText(): string {
  if (list?.status === "paused") return "An admin paused this list: it hands out no customers until it is resumed.";
  const n = list?.maxAttempts ?? 1;
  return `This list is done: every customer was reached, passed over or called ${n} ${n === 1 ? "time" : "times"}.`;
}

function noEntryText(skipped: DialSkip[]): string {
  if (list?.status === "done") return inactiveText();
  if (skipped.length > 0) return "Every customer looked at was passed over for now (below); press Next to look further.";
  const waiting = list ? ` ${list.remaining} ${list.remaining === 1 ? "customer waits" : "customers wait"} for a retry or another agent's call.` : "";
  return `Nothing is dialable now.${waiting} Press Next to ask again later.`;
}

/** Reads the list again: its status and how much of it is left. */
async function refreshProgress(): Promise<void> {
  const session = state.session;
  const l = list;
  if (!session || !l) return;
  const r = await session.api.GET("/v1/dial-lists/{id}", { params: { path: { id: l.id } } });
  if (!r.data || l.id !== list?.id) return;
  list = r.data.data;
  $("dialer-progress").textContent = `${list.remaining} of ${list.size} left`;
}

function showCustomer(c: { entry: DialListEntry; contact: Contact } | null): void {
  $("dialer-customer").hidden = !c;
  if (!c) return;
  const home = state.session?.home;
  $("dialer-name").textContent = contactName(c.contact);
  $("dialer-company").textContent = c.contact.company;
  $("dialer-number").textContent = formatPhone(c.entry.phone, home);
  $("dialer-number").title = c.entry.phone;
  const tries = list?.maxAttempts ?? 1;
  $("dialer-attempt").textContent = `Attempt ${c.entry.attempts + 1} of ${tries}`;
}

/** What `next` passed over: each customer, why, and until when (for good: no time). */
async function showSkipped(skipped: DialSkip[]): Promise<void> {
  const ul = $("dialer-skipped");
  const home = state.session?.home;
  const contacts = await Promise.all(skipped.map((s) => contactById(s.contactId)));
  ul.replaceChildren(
    ...skipped.map((s, i) => {
      const c = contacts[i];
      const who = c ? `${contactName(c)} at ${formatPhone(c.phone, home)}` : "A customer";
      const li = document.createElement("li");
      li.dataset["testid"] = "dialer-skip";
      li.dataset["reason"] = s.reason;
      li.textContent = refusalText(who, [{ message: skipReasonText(s.reason) }], s.nextAllowedAt);
      if (s.nextAllowedAt) li.title = `Back in the list after ${formatRetry(s.nextAllowedAt)}`;
      return li;
    }),
  );
  ul.hidden = skipped.length === 0;
  $("dialer-skipped-title").hidden = skipped.length === 0;
}

function note(text: string, kind: "info" | "error" | "end" = "info"): void {
  const p = $("dialer-note");
  p.textContent = text;
  p.className = kind;
}

/** Enables what the agent may do now: Call the entry shown, Next after its call (or for another), Stop. */
function render(): void {
  const busy = asking || inCall();
  const callButton = $<HTMLButtonElement>("dialer-call");
  callButton.hidden = !current;
  callButton.disabled = busy || called || !current;
  callButton.setAttribute("aria-label", current ? `Call ${contactName(current.contact)}` : "Call");
  $<HTMLButtonElement>("dialer-next").disabled = busy || list?.status === "done";
  $<HTMLButtonElement>("dialer-stop").disabled = inCall();
}

/** Wires the panel; a saved wrap-up of the list's call takes the next entry. */
export function wireDialer(): void {
  $("dialer-pick").addEventListener("submit", (ev) => {
    ev.preventDefault();
    act(start)();
  });
  $("dialer-call").addEventListener("click", act(call));
  $("dialer-next").addEventListener("click", act(next));
  $("dialer-stop").addEventListener("click", stop);
  onCallChanged(() => {
    if (list) render();
  });
  onWrapUpClosed((a, saved) => {
    if (!list) return;
    if (a?.dialListId !== list.id) render(); // a call of the agent's own, made meanwhile
    else if (saved) void next();
    else {
      note("Wrap-up skipped. Press Next for the next customer.");
      render();
    }
  });
}
