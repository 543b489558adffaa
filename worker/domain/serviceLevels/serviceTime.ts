import { TZDate } from "@date-fns/tz";
import type { WeekdaySchedule } from "../../contracts/companies";

const WEEKDAYS_EN = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
const DAY_MINUTES = 24 * 60;
const MINUTE_MS = 60_000;
/** A target is at most a few weeks of service time; a walk longer than this means the hours never open. */
const MAX_DAYS = 3 * 366;

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * The open spans of one local weekday, in minutes from its midnight, read as isWithinServiceHours reads them: a
 * day without times is closed, equal times are closed, an end before the start runs past midnight into the next day
 * (so the day also holds the end of the day before's overnight shift).
 */
function openSpans(schedules: readonly WeekdaySchedule[], weekday: number): [number, number][] {
  const day = (i: number) => schedules.find((s) => s.weekdayEn === WEEKDAYS_EN[(i + 7) % 7]);
  const spans: [number, number][] = [];
  const y = day(weekday - 1);
  if (y?.startTime && y.endTime && minutesOf(y.endTime) < minutesOf(y.startTime)) spans.push([0, minutesOf(y.endTime)]);
  const t = day(weekday);
  if (t?.startTime && t.endTime) {
    const start = minutesOf(t.startTime);
    const end = minutesOf(t.endTime);
    if (start < end) spans.push([start, end]);
    else if (start > end) spans.push([start, DAY_MINUTES]);
  }
  return spans;
}

/**
 * When `minutes` minutes of service time have passed since `start` (epoch ms), counting only the minutes inside the
 * service hours `schedules` read in `timezone`. No hours configured (or hours that never open) count every minute.
 */
export function addServiceMinutes(schedules: readonly WeekdaySchedule[], timezone: string, start: number, minutes: number): number {
  const week = [0, 1, 2, 3, 4, 5, 6].map((d) => openSpans(schedules, d));
  if (week.every((spans) => spans.length === 0)) return start + minutes * MINUTE_MS;
  let left = minutes * MINUTE_MS;
  const first = new TZDate(start, timezone);
  for (let offset = 0; offset < MAX_DAYS; offset++) {
    // A local date `offset` days on: TZDate rolls the day of the month over, and each time lands on that date's clock.
    const at = (minute: number) =>
      new TZDate(first.getFullYear(), first.getMonth(), first.getDate() + offset, Math.floor(minute / 60), minute % 60, timezone).getTime();
    const weekday = (first.getDay() + offset) % 7;
    for (const [from, to] of week[weekday]!) {
      const open = Math.max(at(from), start);
      const close = at(to);
      if (close <= open) continue;
      if (left <= close - open) return open + left;
      left -= close - open;
    }
  }
  return start + minutes * MINUTE_MS;
}
