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

/** The shortest and longest pause of a connection's campaigns after Meta throttled its number (130429). */
export const THROTTLE_PAUSE_MS = { min: 30_000, max: 15 * 60_000 } as const;

/**
 * When a connection's campaigns may send again after Meta throttled its number at `now`: twice the pause still
 * left (throttled again before the last one ended), at least THROTTLE_PAUSE_MS.min and at most .max; never earlier
 * than the pace already said.
 */
export function throttledNextAt(nextAt: number, now: number): number {
  const left = Math.max(0, nextAt - now);
  const pause = Math.min(THROTTLE_PAUSE_MS.max, Math.max(THROTTLE_PAUSE_MS.min, left * 2));
  return Math.max(nextAt, now + pause);
}
