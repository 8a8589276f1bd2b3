// What the page shows people: call statuses in words, phone numbers as they
// are written in the agent's country. The API speaks E.164 and status enums;
// the page keeps those in data-* attributes and shows these.
import { type PhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js/min";

const statusLabels: Record<string, string> = {
  idle: "Ready",
  connecting: "Connecting…",
  initiated: "Calling…",
  ringing: "Ringing…",
  answered: "Connected",
  completed: "Call ended",
  ended: "Call ended",
  "no-answer": "No answer",
  busy: "Line busy",
  failed: "Call failed",
  blocked: "Not dialled: do not call",
  transferred: "Transferred",
};

/** The words for a call status (the API's, or the page's own: idle, connecting, blocked, ended, transferred). */
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
