// The page's state: the signed-in session and the call in progress.
import type { Call, CallerId, Contact, SwitchboardClient } from "@switchboard/client";
import type { PhoneNumber } from "libphonenumber-js/min";

import type { Phone, PhoneCall } from "./phone";

export interface Session {
  api: SwitchboardClient;
  identity: string;
  workspaceId: string;
  phone: Phone;
  callerIds: CallerId[];
  /** The caller ID's number: numbers of its country are shown in national format. */
  home: PhoneNumber | undefined;
  /** The workspace's do-not-call numbers (E.164), loaded at sign-in and kept as the agent adds. */
  dnc: Set<string>;
}

export interface ActiveCall {
  leg: PhoneCall | null;
  contact: Contact;
  call: Call | null;
  recordingSid: string | null;
  ended: boolean;
  poll: ReturnType<typeof setInterval> | null;
}

export const state: { session: Session | null; active: ActiveCall | null } = { session: null, active: null };

/** Whether a call is up, so that no second one may start. */
export function inCall(): boolean {
  return !!state.active && !state.active.ended;
}
