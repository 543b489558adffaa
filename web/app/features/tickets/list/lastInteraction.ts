/**
 * The last-interaction label of a ticket row (spec 000 section 4), refreshed every 30 s by the row:
 * 3 to 10 minutes green, 30 to 59 minutes orange, 60 minutes and more in hours, red, 24 hours and more in
 * days, red. Other ages are neutral. Pure, so the rule sits in one small place.
 */
export const LAST_INTERACTION_REFRESH_MS = 30_000;

export type InteractionTone = "neutral" | "green" | "orange" | "red";
export type InteractionUnit = "now" | "minutes" | "hours" | "days";

export interface LastInteraction {
  unit: InteractionUnit;
  /** Whole minutes, hours or days (0 for "now"). */
  value: number;
  tone: InteractionTone;
}

const MINUTE = 60_000;

export function lastInteraction(updatedAt: string | number | Date, now: number): LastInteraction {
  const at = new Date(updatedAt).getTime();
  const minutes = Number.isNaN(at) ? 0 : Math.max(0, Math.floor((now - at) / MINUTE));
  if (minutes < 1) return { unit: "now", value: 0, tone: "neutral" };
  if (minutes < 60) {
    const tone: InteractionTone = minutes >= 3 && minutes <= 10 ? "green" : minutes >= 30 ? "orange" : "neutral";
    return { unit: "minutes", value: minutes, tone };
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: "hours", value: hours, tone: "red" };
  return { unit: "days", value: Math.floor(hours / 24), tone: "red" };
}
