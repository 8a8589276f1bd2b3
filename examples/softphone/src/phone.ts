// The agent's phone: the Twilio Voice SDK's Device against Twilio, or a small
// stand-in for it against Switchboard's embedded simulator, which plays what
// Device.connect does through POST /sim/connect. The page talks to Phone
// only, so everything else is the same in both modes.
import { Call as TwilioCall, Device } from "@twilio/voice-sdk";

/** What the page passes to Device.connect: the customer, caller ID and workspace. */
export interface ConnectParams {
  To: string;
  callerId: string;
  workspaceId: string;
}

export interface PhoneCall {
  /** The agent leg's SID: the callSid of the API's Call. */
  readonly sid: string;
  /** Hangs up the agent's leg. */
  disconnect(): Promise<void>;
  /** Called once, when the agent's leg has ended (either side). */
  onEnded(fn: () => void): void;
}

export interface Phone {
  readonly kind: "twilio" | "simulator";
  /** Places a call from the browser (Device.connect): the service dials the customer. */
  connect(params: ConnectParams): Promise<PhoneCall>;
  /**
   * Takes a call the service rings the browser for (POST /v1/calls, a dial
   * list's entry): place() creates it and gives its callSid, and the agent's
   * leg is answered when it rings, since the agent asked for the call.
   */
  answer(place: () => Promise<string>): Promise<PhoneCall>;
  destroy(): void;
}

/** The codecs the browser offers, best first. */
export const codecPreferences = [TwilioCall.Codec.Opus, TwilioCall.Codec.PCMU];

/** The real SDK, unchanged: a Device with the access token from GET /v1/voice/token. */
export class TwilioPhone implements Phone {
  readonly kind = "twilio";
  private device: Device;

  constructor(accessToken: string) {
    this.device = new Device(accessToken, { codecPreferences });
  }

  /** Keeps the Device's access token fresh (call with a new GET /v1/voice/token). */
  updateToken(accessToken: string): void {
    this.device.updateToken(accessToken);
  }

  async connect(params: ConnectParams): Promise<PhoneCall> {
    const call = await this.device.connect({ params: { ...params } });
    // The CallSid is known once Twilio has accepted the leg.
    const sid = await new Promise<string>((resolve, reject) => {
      call.on("accept", () => resolve(call.parameters["CallSid"] ?? ""));
      call.on("error", (e: Error) => reject(e));
      call.on("cancel", () => reject(new Error("the call was cancelled")));
      call.on("reject", () => reject(new Error("the call was rejected")));
    });
    return this.leg(call, sid);
  }

  async answer(place: () => Promise<string>): Promise<PhoneCall> {
    // Incoming calls reach a registered Device only; the listener is up
    // before the call is created, so that a fast ring is not missed.
    if (this.device.state !== Device.State.Registered) await this.device.register();
    const rung = new Map<string, TwilioCall>();
    let want = "";
    let found: ((c: TwilioCall) => void) | undefined;
    const onIncoming = (call: TwilioCall) => {
      const sid = call.parameters["CallSid"] ?? "";
      if (sid === want && found) found(call);
      else rung.set(sid, call);
    };
    this.device.on("incoming", onIncoming);
    try {
      want = await place();
      const call =
        rung.get(want) ??
        (await new Promise<TwilioCall>((resolve, reject) => {
          found = resolve;
          setTimeout(() => reject(new Error("the call did not ring this browser")), 30_000);
        }));
      call.accept();
      return this.leg(call, want);
    } finally {
      this.device.off("incoming", onIncoming);
    }
  }

  private leg(call: TwilioCall, sid: string): PhoneCall {
    let ended: (() => void) | undefined;
    call.on("disconnect", () => ended?.());
    return {
      sid,
      async disconnect() {
        call.disconnect();
      },
      onEnded(fn) {
        ended = fn;
      },
    };
  }

  destroy(): void {
    this.device.destroy();
  }
}

/**
 * SimulatorPhone stands in for Device against the embedded simulator: the
 * simulator opens the agent's client leg and requests the call-control
 * webhook with the same parameters Twilio would, so the service runs the
 * real flow. The leg's end is noticed by polling the simulator's state.
 */
export class SimulatorPhone implements Phone {
  readonly kind = "simulator";
  private timers = new Set<ReturnType<typeof setInterval>>();

  constructor(
    private readonly baseUrl: string,
    private readonly identity: string,
  ) {}

  /** Whether the service runs the simulator (its /sim routes answer). */
  static async available(baseUrl: string): Promise<boolean> {
    try {
      const res = await fetch(`${baseUrl}/sim/calls`, { method: "GET" });
      return res.ok && (res.headers.get("Content-Type") ?? "").includes("json");
    } catch {
      return false;
    }
  }

  async connect(params: ConnectParams): Promise<PhoneCall> {
    const res = await fetch(`${this.baseUrl}/sim/connect`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        identity: this.identity,
        to: params.To,
        callerId: params.callerId,
        workspaceId: params.workspaceId,
      }),
    });
    const body = (await res.json()) as { callSid?: string; status?: string; error?: { message: string } };
    if (!res.ok || !body.callSid) throw new Error(body.error?.message ?? `simulator: HTTP ${res.status}`);
    return this.follow(body.callSid, body.status === "completed");
  }

  /** The simulated browser answers by itself (simulator: client legs answer after RingDelay). */
  async answer(place: () => Promise<string>): Promise<PhoneCall> {
    return this.follow(await place(), false);
  }

  /** The agent's leg sid, its end noticed by polling the simulator; endedAlready: refused at once. */
  private follow(sid: string, endedAlready: boolean): PhoneCall {
    const base = this.baseUrl;
    let ended: (() => void) | undefined;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearInterval(timer);
      this.timers.delete(timer);
      ended?.();
    };
    const timer = setInterval(async () => {
      try {
        const r = await fetch(`${base}/sim/calls`);
        if (!r.ok) return;
        const state = (await r.json()) as { calls?: { sid: string; status: string }[] };
        const leg = state.calls?.find((c) => c.sid === sid);
        if (leg?.status && ["completed", "busy", "no-answer", "failed", "canceled"].includes(leg.status)) finish();
      } catch {
        // the next tick tries again
      }
    }, 1000);
    this.timers.add(timer);
    if (endedAlready) setTimeout(finish, 0); // refused at once (DNC, caller ID)
    return {
      sid,
      async disconnect() {
        await fetch(`${base}/sim/calls/${sid}/hangup`, { method: "POST" });
        finish();
      },
      onEnded(fn) {
        ended = fn;
      },
    };
  }

  destroy(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers.clear();
  }
}
