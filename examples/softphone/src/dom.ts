// Small helpers for the page's elements and its one status line.
import { SwitchboardError } from "@switchboard/client";

import { formatRetry } from "./format";

export const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing`);
  return el as T;
};

/** Shows text in the desk's status line (role="status": read out politely). */
export function say(text: string, kind: "info" | "error" = "info"): void {
  const m = $("message");
  m.textContent = text;
  m.className = kind;
}

export function failure(e: unknown): string {
  if (e instanceof SwitchboardError) {
    // A dial a rule refuses (a transfer target outside its hours, say)
    // carries when it may be tried again.
    const next = e.details.find((d) => d.field === "nextAllowedAt")?.message;
    return `${e.message} (${e.code})${next ? ` Try again after ${formatRetry(next)}.` : ""}`;
  }
  return e instanceof Error ? e.message : String(e);
}

/** Runs an action of a button, showing its error instead of throwing. */
export function act(fn: () => Promise<void>): () => void {
  return () => {
    fn().catch((e) => say(failure(e), "error"));
  };
}

export function button(text: string, testid: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.dataset["testid"] = testid;
  b.addEventListener("click", onClick);
  return b;
}
