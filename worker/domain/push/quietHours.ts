/** "HH:MM" ↔ minutes of the day. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The minute of the day it is at `at` in `timeZone`. */
export function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get("hour") * 60 + get("minute");
}

/** Whether `minute` falls in [from, to), a range that may span midnight (from > to). */
export function inQuietHours(minute: number, from: number | null, to: number | null): boolean {
  if (from === null || to === null || from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}
