import { TZDate } from "@date-fns/tz";
import type { InsightFilter } from "../../contracts/insight";
import { todayIn } from "../auth/companyAccess";

/**
 * A period of whole calendar days in the company's time zone: `dayStarts[i]` is the instant day i begins there
 * (so a day of a DST change is 23 or 25 hours long), `dayStarts[days.length]` the end of the last day.
 */
export interface Period {
  timezone: string;
  /** YYYY-MM-DD of each day, in order. */
  days: string[];
  dayStarts: number[];
  from: number;
  to: number;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const ymd = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);
const utcMidnightOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

function startOfDayIn(timezone: string, day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, timezone).getTime();
}

/** The days a filter names: the last N days with today, or the range given (both ends included). */
export function periodOf(filter: Pick<InsightFilter, "period">, timezone: string, now = new Date()): Period {
  let first: number;
  let last: number;
  if ("days" in filter.period) {
    last = utcMidnightOf(todayIn(timezone, now));
    first = last - (filter.period.days - 1) * DAY_MS;
  } else {
    first = utcMidnightOf(filter.period.from);
    last = utcMidnightOf(filter.period.to);
  }
  const days: string[] = [];
  for (let t = first; t <= last; t += DAY_MS) days.push(ymd(t));
  const dayStarts = days.map((d) => startOfDayIn(timezone, d));
  dayStarts.push(startOfDayIn(timezone, ymd(last + DAY_MS)));
  return { timezone, days, dayStarts, from: dayStarts[0]!, to: dayStarts[days.length]! };
}

/** The index of the day an instant falls in, or -1 outside the period. */
export function dayIndex(period: Period, t: number): number {
  const starts = period.dayStarts;
  if (t < starts[0]! || t >= starts[starts.length - 1]!) return -1;
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Local weekday (0 = Sunday) and hour of an instant inside the period. A day of 24 hours has its hours at fixed
 * offsets from its start; on a DST day the time zone is asked.
 */
export function weekHour(period: Period, t: number): { weekday: number; hour: number } | null {
  const i = dayIndex(period, t);
  if (i < 0) return null;
  const weekday = new Date(utcMidnightOf(period.days[i]!)).getUTCDay();
  const start = period.dayStarts[i]!;
  if (period.dayStarts[i + 1]! - start === DAY_MS) return { weekday, hour: Math.floor((t - start) / HOUR_MS) };
  return { weekday, hour: new TZDate(t, period.timezone).getHours() };
}
