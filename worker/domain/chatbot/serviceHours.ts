import { TZDate } from "@date-fns/tz";
import type { WeekdaySchedule } from "../../contracts/companies";

const WEEKDAYS_EN = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * Whether `now` falls in the service hours, read in the company's time zone. A day without times is closed; no
 * schedule at all means always open (nothing configured must not silence the bot). An end before the start
 * spans midnight (e.g. 22:00–06:00); equal times (the spec's default Sunday, 00:00–00:00) mean closed.
 */
export function isWithinServiceHours(schedules: readonly WeekdaySchedule[], timezone: string, now: Date): boolean {
  if (schedules.length === 0) return true;
  const local = new TZDate(now.getTime(), timezone);
  const minute = local.getHours() * 60 + local.getMinutes();
  const today = WEEKDAYS_EN[local.getDay()]!;
  const yesterday = WEEKDAYS_EN[(local.getDay() + 6) % 7]!;
  const day = (name: string) => schedules.find((s) => s.weekdayEn === name);

  const t = day(today);
  if (t?.startTime && t.endTime) {
    const start = minutesOf(t.startTime);
    const end = minutesOf(t.endTime);
    if (start < end ? minute >= start && minute < end : start > end && minute >= start) return true;
  }
  // Yesterday's overnight shift still running this morning.
  const y = day(yesterday);
  if (y?.startTime && y.endTime) {
    const start = minutesOf(y.startTime);
    const end = minutesOf(y.endTime);
    if (end < start && minute < end) return true;
  }
  return false;
}
