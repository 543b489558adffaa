import type { ListTicket } from "./types";

export type SlaTarget = "firstResponse" | "resolution";

/** The target a ticket's list row counts down to, and how it stands at `now`. */
export interface SlaClock {
  target: SlaTarget;
  dueAt: string;
  /** Milliseconds to the due time (negative once passed). */
  leftMs: number;
  state: "running" | "low" | "late";
}

/** Under this share of the target's span left, the time left turns amber. */
const LOW_SHARE = 0.2;

/**
 * The running target of an open or pending ticket (issue 26 §4): the first response until an agent answered, then the
 * resolution; none without a clock or a target. Late once its due time passed (the sweep's breach follows within
 * moments). The due time already counts the service hours; the time left is the clock's time to it.
 */
export function slaClockOf(
  ticket: Pick<ListTicket, "status" | "slaStartedAt" | "firstResponseDueAt" | "firstRespondedAt" | "firstResponseBreachedAt" | "resolutionDueAt" | "resolutionBreachedAt">,
  now: number,
): SlaClock | null {
  if (ticket.status === "closed" || !ticket.slaStartedAt) return null;
  const running: [SlaTarget, string, string | null] | null =
    !ticket.firstRespondedAt && ticket.firstResponseDueAt
      ? ["firstResponse", ticket.firstResponseDueAt, ticket.firstResponseBreachedAt]
      : ticket.resolutionDueAt
        ? ["resolution", ticket.resolutionDueAt, ticket.resolutionBreachedAt]
        : null;
  if (!running) return null;
  const [target, dueAt, breachedAt] = running;
  const due = Date.parse(dueAt);
  const leftMs = due - now;
  const span = due - Date.parse(ticket.slaStartedAt);
  const state = breachedAt || leftMs <= 0 ? "late" : leftMs < span * LOW_SHARE ? "low" : "running";
  return { target, dueAt, leftMs, state };
}

/** Whole minutes, hours and days of a time left, for the row's label ("12 min", "2 h 5 min", "3 d"). */
export function timeLeftParts(ms: number): { key: "minutes" | "hours" | "hoursMinutes" | "days"; values: Record<string, number> } {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  if (minutes < 60) return { key: "minutes", values: { m: minutes } };
  const h = Math.floor(minutes / 60);
  if (h >= 48) return { key: "days", values: { d: Math.floor(h / 24) } };
  const m = minutes % 60;
  return m === 0 ? { key: "hours", values: { h } } : { key: "hoursMinutes", values: { h, m } };
}
