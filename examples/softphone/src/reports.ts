// The team lead's page: GET /v1/reports/calls over a range of days, as a
// chart of calls and answer rate per day, talk time per agent, the outcomes,
// and the outcomes per agent (each agent's own outcome report). It signs in
// like the softphone, with a bearer token pasted once per tab, but
// an admin's: the reports are admin only.
import {
  type CallOutcome,
  type CallReportGroupBy,
  type CallReportRow,
  type SwitchboardClient,
  SwitchboardError,
  createSwitchboardClient,
  paginate,
  unwrap,
} from "@switchboard/client";

import { type DayFigures, drawCallsChart, shortDay } from "./chart";
import { addDays, dateIn, daysBetween, startOfDay, validZone } from "./dates";
import { $, failure, say } from "./dom";
import { formatDuration } from "./format";
import "./style.css";
import "./reports.css";

const baseUrl = window.location.origin;
const tokenKey = "switchboard.adminToken";
/**
 * The report takes at most 366 days of 24 hours; a year of local days that
 * crosses a clock change can be an hour longer, so the page asks for 365.
 */
const maxDays = 365;
/** Agents' outcome reports read at once (one request each). */
const agentReportsAtOnce = 6;

interface Session {
  api: SwitchboardClient;
  workspaceZone: string;
}
let session: Session | null = null;
let lastDays: DayFigures[] = [];
let seq = 0;

// ---- sign in ------------------------------------------------------------

async function signIn(token: string): Promise<void> {
  const api = createSwitchboardClient({ baseUrl, token });
  const workspace = await unwrap(api.GET("/v1/workspace"));
  // The token's identity, to greet and to name; a service without voice
  // credentials cannot issue a voice token, and the page works without it.
  const identity = await api.GET("/v1/voice/token").then(
    (r) => r.data?.data.identity ?? null,
    () => null,
  );
  // An agent's token reads the workspace but not the reports: ask for an
  // admin's on the sign-in card, before anything else is shown.
  const zone = workspace.data.timeZone;
  const today = dateIn(zone);
  const from = startOfDay(today, zone).toISOString();
  const to = startOfDay(addDays(today, 1), zone).toISOString();
  try {
    await unwrap(api.GET("/v1/reports/calls", { params: { query: { from, to, groupBy: "agent" } } }));
  } catch (e) {
    if (e instanceof SwitchboardError && e.status === 403) {
      throw new Error(`${identity ? `${identity}'s token` : "This token"} is an agent's: reports need an admin's (token create … --role admin).`);
    }
    throw e;
  }
  session = { api, workspaceZone: workspace.data.timeZone };
  sessionStorage.setItem(tokenKey, token);

  $("sign-in").hidden = true;
  $("reports").hidden = false;
  $("sign-out").hidden = false;
  $("agent").textContent = identity ? `${identity} · ${workspace.data.id}` : workspace.data.id;
  const select = $<HTMLSelectElement>("zone");
  select.replaceChildren(new Option(`the workspace's zone (${zone})`, zone));
  const mine = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (mine && mine !== zone && validZone(mine)) select.add(new Option(`this browser's zone (${mine})`, mine));
  setLastDays(14);
  await show();
}

function signInFailed(text: string): void {
  const err = $("sign-in-error");
  err.textContent = text;
  err.hidden = false;
  const input = $<HTMLInputElement>("token");
  input.setAttribute("aria-invalid", "true");
  input.focus();
}

// ---- the range ----------------------------------------------------------

function zone(): string {
  return $<HTMLSelectElement>("zone").value || session?.workspaceZone || "UTC";
}

/** Sets the range to the last n days, today included, in the chosen zone. */
function setLastDays(n: number): void {
  const today = dateIn(zone());
  $<HTMLInputElement>("from").value = addDays(today, 1 - n);
  $<HTMLInputElement>("to").value = today;
}

/** The range as the report takes it: the first day's start to the start of the day after the last. */
function range(): { from: string; to: string; days: string[] } {
  const from = $<HTMLInputElement>("from").value;
  const to = $<HTMLInputElement>("to").value;
  if (!from || !to) throw new Error("Pick both days of the range.");
  if (to < from) throw new Error("The range ends before it starts.");
  const days = daysBetween(from, to);
  if (days.length > maxDays) throw new Error(`A range is at most ${maxDays} days.`);
  return { from: startOfDay(from, zone()).toISOString(), to: startOfDay(addDays(to, 1), zone()).toISOString(), days };
}

// ---- the reports --------------------------------------------------------

/** One report of the range; with agent, of that agent's calls only. */
async function report(groupBy: CallReportGroupBy, from: string, to: string, agent?: string): Promise<CallReportRow[]> {
  if (!session) return [];
  const query = { from, to, groupBy, ...(groupBy === "day" ? { timeZone: zone() } : {}), ...(agent ? { agent } : {}) };
  return (await unwrap(session.api.GET("/v1/reports/calls", { params: { query } }))).data;
}

async function show(): Promise<void> {
  if (!session) return;
  const mine = ++seq;
  const r = range();
  say("Reading the reports…");
  const [byDay, byAgent, byOutcome, outcomes] = await Promise.all([
    report("day", r.from, r.to),
    report("agent", r.from, r.to),
    report("outcome", r.from, r.to),
    outcomeNames(),
  ]);
  if (mine !== seq) return;
  const perDay = new Map(byDay.map((row) => [row.key, row]));
  lastDays = r.days.map((day) => ({ day, calls: perDay.get(day)?.calls ?? 0, answered: perDay.get(day)?.answered ?? 0 }));
  renderTotals(byAgent);
  drawCallsChart($("chart"), lastDays);
  renderDays(lastDays, perDay);
  renderAgents(byAgent);
  renderOutcomes(byOutcome, outcomes);
  const first = r.days[0] ?? "";
  const last = r.days[r.days.length - 1] ?? "";
  say(`${shortDay(first)} to ${shortDay(last)}, days in ${zone()}.`);
  await renderMatrix(r.from, r.to, byAgent, outcomes, mine);
}

async function outcomeNames(): Promise<Map<string, CallOutcome>> {
  const names = new Map<string, CallOutcome>();
  if (!session) return names;
  for await (const o of paginate(session.api, "/v1/call-outcomes", { query: { includeArchived: true, limit: 200 } })) names.set(o.id, o);
  return names;
}

const pct = (n: number) => `${Math.round(n * 100)}%`;
const num = (n: number) => n.toLocaleString();

function renderTotals(byAgent: CallReportRow[]): void {
  const calls = byAgent.reduce((n, r) => n + r.calls, 0);
  const answered = byAgent.reduce((n, r) => n + r.answered, 0);
  const talk = byAgent.reduce((n, r) => n + r.talkSeconds, 0);
  const tiles: [string, string, string][] = [
    ["Calls", num(calls), "total-calls"],
    ["Answered", num(answered), "total-answered"],
    ["Answer rate", calls ? pct(answered / calls) : "–", "total-rate"],
    ["Talk time", formatDuration(talk), "total-talk"],
    ["Average call", answered ? formatDuration(talk / answered) : "–", "total-average"],
  ];
  const dl = $("totals");
  dl.replaceChildren();
  for (const [label, value, testid] of tiles) {
    const div = document.createElement("div");
    const dt = document.createElement("dt");
    dt.textContent = label;
    const dd = document.createElement("dd");
    dd.textContent = value;
    dd.dataset["testid"] = testid;
    div.append(dt, dd);
    dl.append(div);
  }
}

/**
 * Fills a table: a header row, the body's rows, an optional footer row;
 * numbers right-aligned. The columns in `wideOnly` are left out on a
 * phone's width, so that the rest fits without scrolling sideways.
 */
function table(id: string, head: string[], rows: (string | number)[][], foot?: (string | number)[], wideOnly: number[] = []): void {
  const empty = "No calls in this range.";
  const t = $<HTMLTableElement>(id);
  t.replaceChildren();
  const tr = (cells: (string | number)[], cellTag: "td" | "th", section: HTMLTableSectionElement) => {
    const row = section.insertRow();
    cells.forEach((c, i) => {
      const cell = document.createElement(i === 0 && cellTag === "td" ? "th" : cellTag);
      if (i === 0 && cellTag === "td") cell.setAttribute("scope", "row");
      if (cellTag === "th" && section.tagName === "THEAD") cell.setAttribute("scope", "col");
      cell.textContent = typeof c === "number" ? num(c) : c;
      if (i > 0) cell.classList.add("n");
      if (wideOnly.includes(i)) cell.classList.add("wide-only");
      row.append(cell);
    });
  };
  tr(head, "th", t.createTHead());
  const body = t.createTBody();
  for (const r of rows) tr(r, "td", body);
  if (rows.length === 0) {
    const cell = body.insertRow().insertCell();
    cell.colSpan = head.length;
    cell.className = "empty";
    cell.textContent = empty;
  }
  if (foot && rows.length > 1) tr(foot, "td", t.createTFoot());
}

function renderDays(days: DayFigures[], rows: Map<string, CallReportRow>): void {
  table(
    "days",
    ["Day", "Calls", "Answered", "Answer rate", "Talk time"],
    days.map((d) => {
      const r = rows.get(d.day);
      return [shortDay(d.day), d.calls, d.answered, r ? pct(r.answerRate) : "–", r ? formatDuration(r.talkSeconds) : "–"];
    }),
    undefined,
    [2],
  );
}

function renderAgents(rows: CallReportRow[]): void {
  const calls = rows.reduce((n, r) => n + r.calls, 0);
  const answered = rows.reduce((n, r) => n + r.answered, 0);
  const talk = rows.reduce((n, r) => n + r.talkSeconds, 0);
  table(
    "agents",
    ["Agent", "Calls", "Answered", "Answer rate", "Talk time", "Average call"],
    rows.map((r) => [r.key, r.calls, r.answered, pct(r.answerRate), formatDuration(r.talkSeconds), formatDuration(r.averageTalkSeconds)]),
    ["All agents", calls, answered, calls ? pct(answered / calls) : "–", formatDuration(talk), answered ? formatDuration(talk / answered) : "–"],
    [2],
  );
}

const outcomeName = (key: string, names: Map<string, CallOutcome>) =>
  key === "none" ? "No outcome" : (names.get(key)?.name ?? "An outcome since removed");

function renderOutcomes(rows: CallReportRow[], names: Map<string, CallOutcome>): void {
  const calls = rows.reduce((n, r) => n + r.calls, 0);
  // The workspace's order (the defaults first), "No outcome" last.
  const order = [...names.keys()];
  const sorted = [...rows].sort((a, b) => rank(a.key) - rank(b.key));
  function rank(key: string): number {
    const i = order.indexOf(key);
    return key === "none" ? 1e9 : i < 0 ? 1e8 : i;
  }
  table(
    "outcomes",
    ["Outcome", "Calls", "Share", "Answered", "Talk time"],
    sorted.map((r) => [outcomeName(r.key, names), r.calls, calls ? pct(r.calls / calls) : "–", r.answered, formatDuration(r.talkSeconds)]),
    undefined,
    [3],
  );
}

/**
 * Outcomes per agent: the database counts them, one outcome report per
 * agent of the agents' report (`groupBy=outcome&agent=…`), a few at a time;
 * an outcome is a column when some agent has a call with it, in the
 * workspace's order, "No outcome" last.
 */
async function renderMatrix(from: string, to: string, agents: CallReportRow[], names: Map<string, CallOutcome>, mine: number): Promise<void> {
  if (!session) return;
  // Busy until this range's figures are in (assistive technology waits; so does the browser test).
  const t = $("matrix");
  t.setAttribute("aria-busy", "true");
  const counts = new Map<string, Map<string, number>>();
  const queue = agents.map((a) => a.key);
  const worker = async () => {
    for (let agent = queue.shift(); agent !== undefined; agent = queue.shift()) {
      const rows = await report("outcome", from, to, agent);
      counts.set(agent, new Map(rows.map((r) => [r.key, r.calls])));
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(agentReportsAtOnce, queue.length) }, worker));
  } finally {
    if (mine === seq) t.setAttribute("aria-busy", "false");
  }
  if (mine !== seq) return;
  const used = new Set([...counts.values()].flatMap((row) => [...row.keys()]));
  const columns = [...names.keys()].filter((k) => used.has(k));
  for (const k of used) if (!columns.includes(k) && k !== "none") columns.push(k);
  if (used.has("none")) columns.push("none");
  table(
    "matrix",
    ["Agent", ...columns.map((k) => outcomeName(k, names))],
    agents.map((a) => [a.key, ...columns.map((k) => counts.get(a.key)?.get(k) ?? 0)]),
  );
}

// ---- wiring -------------------------------------------------------------

const run = () =>
  show().catch((e) => {
    say(`The reports could not be read: ${failure(e)}`, "error");
  });

$("range").addEventListener("submit", (ev) => {
  ev.preventDefault();
  run();
});
for (const b of document.querySelectorAll<HTMLButtonElement>("button[data-days]")) {
  b.addEventListener("click", () => {
    setLastDays(Number(b.dataset["days"]));
    run();
  });
}
$("zone").addEventListener("change", run);

// Redraw the chart at the new width (the figures are kept).
let resizeTimer: ReturnType<typeof setTimeout> | undefined;
new ResizeObserver(() => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    if (lastDays.length > 0) drawCallsChart($("chart"), lastDays);
  }, 100);
}).observe($("chart"));

const signInButton = $<HTMLButtonElement>("sign-in-button");
$("sign-in").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const token = $<HTMLInputElement>("token").value.trim();
  $("sign-in-error").hidden = true;
  $("token").removeAttribute("aria-invalid");
  signInButton.disabled = true;
  signInButton.textContent = "Signing in…";
  signIn(token)
    .catch((e) => signInFailed(`Could not sign in: ${failure(e)}`))
    .finally(() => {
      signInButton.disabled = false;
      signInButton.textContent = "Sign in";
    });
});
$("sign-out").addEventListener("click", () => {
  sessionStorage.removeItem(tokenKey);
  window.location.reload();
});

const saved = sessionStorage.getItem(tokenKey);
if (saved) {
  signIn(saved).catch((e) => {
    sessionStorage.removeItem(tokenKey);
    signInFailed(`Your saved sign-in no longer works; paste a token. ${failure(e)}`);
  });
}
