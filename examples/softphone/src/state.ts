// The page's state: the signed-in session and the call in progress.
import type { Call, CallOutcome, CallerId, Contact, SwitchboardClient, VoicemailDrop } from "@switchboard/client";
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
  /** The workspace's outcomes an agent may set (not archived), in their order. */
  outcomes: CallOutcome[];
  /** The workspace's voicemail drops, offered when a machine answers. */
  voicemailDrops: VoicemailDrop[];
}

export interface ActiveCall {
  leg: PhoneCall | null;
  /** The number dialled, as typed or as the contact's phone. */
  to: string;
  /** The contact called, or the one the service matched to a typed number; null when none. */
  contact: Contact | null;
  /** The dial list whose entry this call dials (POST /v1/calls), or null. */
  dialListId: string | null;
  call: Call | null;
  recordingSid: string | null;
  ended: boolean;
  /** After the call ended: its wrap-up is still to be saved or skipped. */
  wrapUp: boolean;
  poll: ReturnType<typeof setInterval> | null;
}

export const state: {
  session: Session | null;
  active: ActiveCall | null;
  /** An earlier call of the agent's whose wrap-up is open (from the recent calls or a history), or null. */
  earlier: Call | null;
} = { session: null, active: null, earlier: null };

/**
 * Whether a call is up, or a wrap-up still open (the last call's or an
 * earlier one's: there is one form), so that no second call may start and
 * no other wrap-up may open.
 */
export function inCall(): boolean {
  return !!state.earlier || (!!state.active && (!state.active.ended || state.active.wrapUp));
}
