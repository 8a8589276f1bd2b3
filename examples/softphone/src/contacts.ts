// The contact list: search, and per contact its name (which shows its
// details and call history), a Call button and the do-not-call mark (or the
// button that adds the number to the list).
import { type Contact, type SwitchboardClient, unwrap } from "@switchboard/client";

import { ContactScroller } from "./contact-list";
import { $, act, button, failure, say } from "./dom";
import { formatPhone } from "./format";
import { contactName, selectContact, selectedContact } from "./history";
import { inCall, state } from "./state";

let scroller: ContactScroller | null = null;
let scrollerApi: SwitchboardClient | null = null;

/**
 * Shows the contacts matching q (all of them, newest first, when q is
 * empty), a page at a time: the next page loads as the end of the list
 * scrolls into view (contact-list.ts). A slower, older search never
 * overwrites a newer one.
 */
export async function loadContacts(q: string): Promise<void> {
  const session = state.session;
  if (!session) return;
  if (!scroller || scrollerApi !== session.api) {
    scrollerApi = session.api;
    scroller = new ContactScroller(
      session.api,
      $("contacts"),
      (contacts, append) => renderContacts(append ? shown.concat(contacts) : contacts),
      (e) => say(failure(e), "error"),
    );
  }
  await scroller.show(q);
}

let shown: Contact[] = [];
let onCall: (c: Contact) => Promise<void> = async () => {};

/** Names what the Call buttons do (the call module's startCall). */
export function onCallContact(fn: (c: Contact) => Promise<void>): void {
  onCall = fn;
}

/** Redraws the list as it is (after a call starts or ends, a number is listed). */
export function rerenderContacts(): void {
  renderContacts(shown);
}

export const displayName = contactName;

function renderContacts(contacts: Contact[]): void {
  shown = contacts;
  const ul = $("contacts");
  const session = state.session;
  // Keep the keyboard where it was: redrawing would drop the focus.
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const refocus = focused && ul.contains(focused) ? [focused.closest("li")?.dataset["id"], focused.dataset["testid"]] : null;
  // The scroller's "more" marker stays at the end of the list.
  const more = ul.querySelector('[data-testid="contacts-more"]');
  ul.replaceChildren();
  if (contacts.length === 0) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = "No contacts";
    ul.append(li);
  }
  for (const c of contacts) {
    const blocked = !!c.phone && !!session?.dnc.has(c.phone);
    const name = displayName(c);
    const li = document.createElement("li");
    li.dataset["testid"] = "contact";
    li.dataset["id"] = c.id;
    li.dataset["phone"] = c.phone;
    li.classList.toggle("dnc", blocked);
    li.classList.toggle("selected", selectedContact()?.id === c.id);
    // The name opens the contact's details and call history beside the list.
    const who = document.createElement("button");
    who.type = "button";
    who.className = "who";
    who.dataset["testid"] = "select";
    who.addEventListener("click", act(() => selectContact(c)));
    const strong = document.createElement("strong");
    strong.textContent = name;
    const detail = document.createElement("small");
    detail.textContent = [c.phone ? formatPhone(c.phone, session?.home) : "", c.company].filter(Boolean).join(" · ");
    if (c.phone) detail.title = c.phone;
    // Said after the visible text, so that the name heard starts with what is seen.
    const hint = document.createElement("span");
    hint.className = "visually-hidden";
    hint.textContent = ": details and call history";
    who.append(strong, detail, hint);
    const actions = document.createElement("div");
    actions.className = "actions";
    const call = button("Call", "call", act(() => onCall(c)));
    call.disabled = !c.phone || blocked || inCall();
    call.setAttribute("aria-label", `Call ${name}`);
    if (blocked) call.title = "On the do-not-call list";
    actions.append(call);
    if (blocked) {
      const mark = document.createElement("span");
      mark.className = "dnc-mark";
      mark.dataset["testid"] = "dnc-mark";
      mark.textContent = "Do not call";
      actions.append(mark);
    } else {
      const dnc = button("DNC", "dnc", act(() => addToDnc(c)));
      dnc.disabled = !c.phone;
      dnc.title = "Add this number to the do-not-call list";
      dnc.setAttribute("aria-label", `DNC: add ${name} to the do-not-call list`);
      actions.append(dnc);
    }
    li.append(who, actions);
    ul.append(li);
  }
  if (more) ul.append(more);
  if (refocus) {
    const [id, testid] = refocus;
    const again = ul.querySelector<HTMLElement>(`li[data-id="${id}"] [data-testid="${testid}"]`);
    // Not where the page is: the row's Call button is disabled once its
    // call starts, and jumping to the search would scroll the list away.
    (again && !again.hasAttribute("disabled") ? again : $("search")).focus({ preventScroll: true });
  }
}

/** Reads the workspace's do-not-call numbers, a page at a time. */
export async function loadDnc(api: SwitchboardClient): Promise<Set<string>> {
  const numbers = new Set<string>();
  for (let offset = 0; ; offset += 200) {
    const page = await unwrap(api.GET("/v1/dnc", { params: { query: { limit: 200, offset } } }));
    for (const e of page.data) numbers.add(e.phone);
    if (!page.meta.hasMore) return numbers;
  }
}

async function addToDnc(c: Contact): Promise<void> {
  const session = state.session;
  if (!session) return;
  const { data } = await unwrap(session.api.POST("/v1/dnc", { body: { phone: c.phone, reason: "Added from the softphone" } }));
  session.dnc.add(data.phone);
  rerenderContacts();
  say(`${displayName(c)} at ${formatPhone(data.phone, session.home)} is on the do-not-call list.`);
}
