import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { CampaignSettingsValues } from "../../contracts/campaigns";

/** The part of the campaign settings that times the sends of one connection. */
export type Pacing = Pick<CampaignSettingsValues, "messageInterval" | "longerIntervalAfter" | "greaterInterval" | "windowStart" | "windowEnd" | "days" | "dailyCap">;

/** Random jitter added to each pause, at most this share of it (jitter only adds: never below the setting). */
export const JITTER_SHARE = 0.25;

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The company-local day ("YYYY-MM-DD") of an instant: the daily cap counts per this day. */
export function localDay(at: number, timeZone: string): string {
  return format(new TZDate(at, timeZone), "yyyy-MM-dd");
}

/**
 * The first instant at or after `at` inside the sending window (windowStart ≤ local time < windowEnd, on one of
 * `days`) in the company's time zone; `at` itself when it is inside. `afterDay` skips to a later day than that
 * local day (the daily cap is reached).
 */
export function nextWindowOpening(at: number, pacing: Pick<Pacing, "windowStart" | "windowEnd" | "days">, timeZone: string, afterDay?: string): number {
  const start = minutesOf(pacing.windowStart);
  const end = minutesOf(pacing.windowEnd);
  const local = new TZDate(at, timeZone);
  for (let offset = 0; offset <= 8; offset++) {
    const day = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + offset, 0, 0, 0, timeZone);
    if (!pacing.days.includes(day.getDay())) continue;
    if (afterDay !== undefined && format(day, "yyyy-MM-dd") <= afterDay) continue;
    const opens = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(start / 60), start % 60, 0, timeZone).getTime();
    const closes = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(end / 60), end % 60, 0, timeZone).getTime();
    if (at >= closes) continue;
    return Math.max(at, opens);
  }
  // No allowed day (cannot happen: at least one day is required); try again in a day.
  return at + 24 * 60 * 60 * 1000;
}

/**
 * The pause after a send, in ms: messageInterval, or greaterInterval when this send completes a run of
 * longerIntervalAfter sends (0 turns the long pause off), plus jitter of up to JITTER_SHARE of it.
 * `sincePause` is the count of sends since the last long pause, this one included.
 */
export function pauseAfter(pacing: Pick<Pacing, "messageInterval" | "longerIntervalAfter" | "greaterInterval">, sincePause: number, random = Math.random) {
  const long = pacing.longerIntervalAfter > 0 && sincePause >= pacing.longerIntervalAfter;
  const base = Math.round((long ? Math.max(pacing.greaterInterval, pacing.messageInterval) : pacing.messageInterval) * 1000);
  return { ms: base + Math.floor(base * JITTER_SHARE * random()), long };
}

/**
 * How long WhatsApp shows "typing…" before a campaign message: a human-looking moment, never more than a quarter
 * of the pause between sends (so a fast test pacing is not slowed by it).
 */
export function typingMsFor(body: string, pacing: Pick<Pacing, "messageInterval">): number {
  return Math.min(3000, Math.max(500, body.length * 40), Math.floor(pacing.messageInterval * 250));
}
