// What the page shows people: call statuses in words, phone numbers as they
// are written in the agent's country. The API speaks E.164 and status enums;
// the page keeps those in data-* attributes and shows these.
import type { Call } from "@switchboard/client";
import { type PhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js/min";

const statusLabels: Record<string, string> = {
  idle: "Ready",
  connecting: "Connecting…",
  initiated: "Calling…",
  ringing: "Ringing…",
  answered: "On call",
  completed: "Call ended",
  ended: "Call ended",
  "no-answer": "No answer",
  busy: "Line busy",
  failed: "Call failed",
  blocked: "Not dialled: do not call",
  refused: "Not dialled",
  transferred: "Transferred",
  voicemail: "Voicemail left",
};

/** The words for a call status (the API's, or the page's own: idle, connecting, blocked, refused, ended, transferred, voicemail). */
export function statusLabel(status: string): string {
  return statusLabels[status] ?? status;
}

const transferLabels: Record<string, string> = {
  dialing: "ringing…",
  talking: "talking",
  completed: "done",
  canceled: "canceled",
  failed: "failed",
};

export function transferLabel(status: string): string {
  return transferLabels[status] ?? status;
}

/**
 * The agent's own country, as the number they call from: numbers there are
 * shown in national format, others in international format.
 */
export function homeOf(callerId: string | undefined): PhoneNumber | undefined {
  return callerId ? parsePhoneNumberFromString(callerId) : undefined;
}

/** An E.164 number as people write it; the input as is when it is not a number. */
export function formatPhone(e164: string, home: PhoneNumber | undefined): string {
  const n = e164 ? parsePhoneNumberFromString(e164) : undefined;
  if (!n) return e164;
  // Test and non-geographic numbers have no country; their calling code
  // still tells whether a national format is understood at home.
  const sameCountry =
    !!home && n.countryCallingCode === home.countryCallingCode && (!n.country || !home.country || n.country === home.country);
  return sameCountry ? n.formatNational() : n.formatInternational();
}

/** Seconds as a clock: 0:42, 12:05, 1:02:03. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/**
 * What became of a past call, in words: "Talked 1:42" for an answered one,
 * else its status's words ("No answer", "Line busy", "Call failed"), and
 * "On call" or "Ringing…" for one still going.
 */
export function callSummary(c: Call): string {
  if (c.status === "completed" && c.answeredAt) return c.duration !== null ? `Talked ${formatDuration(c.duration)}` : "Answered";
  if (c.status === "completed") return "Not answered";
  return statusLabel(c.status);
}

const sameDay = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const otherDay = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

/** When a call was made, in the browser's zone: the time alone today, else the date too. */
export function formatWhen(iso: string, now = new Date()): string {
  const d = new Date(iso);
  return d.toDateString() === now.toDateString() ? `Today ${sameDay.format(d)}` : otherDay.format(d);
}

/**
 * Tags as the agent typed them ("Renewal, pricing"): split on commas,
 * trimmed, lower-cased, without repeats or blanks, in the order given, as
 * the service keeps them.
 */
export function parseTags(text: string): string[] {
  const out: string[] = [];
  for (const t of text.split(",")) {
    const tag = t.trim().toLowerCase();
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

const retryAt = new Intl.DateTimeFormat(undefined, { weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" });

/** When a refused dial may be tried again, in the agent's own zone, named. */
export function formatRetry(iso: string): string {
  return retryAt.format(new Date(iso));
}

/**
 * A refused dial in words: whom, every reason the service gave (each names
 * its rule and, for a state's, the statute), and when to try again; a
 * permanent refusal has no time.
 */
export function refusalText(who: string, reasons: { message: string }[], nextAllowedAt: string | null | undefined): string {
  const why = reasons.map((r) => r.message).join(" ");
  const when = nextAllowedAt ? ` Try again after ${formatRetry(nextAllowedAt)}.` : "";
  return `${who} not dialled. ${why}${when}`;
}

const skipReasons: Record<string, string> = {
  dnc_blocked: "On the do-not-call list: skipped for good.",
  outside_calling_hours: "Outside the calling hours.",
  state_rule: "A state's rule forbids calling now.",
  attempt_limit: "Called as often as the workspace allows.",
};

/** Why a dial list's `next` passed an entry over (the dial check's reason code), in words. */
export function skipReasonText(code: string): string {
  return skipReasons[code] ?? `The dial check refused it (${code}).`;
}
