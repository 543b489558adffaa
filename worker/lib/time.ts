import { TZDate } from "@date-fns/tz";

/** [start, end) of a calendar day (YYYY-MM-DD) in a time zone, as instants. */
export function dayRangeIn(timezone: string, day: string): [Date, Date] {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const start = new TZDate(y, m - 1, d, timezone);
  const end = new TZDate(y, m - 1, d + 1, timezone);
  return [new Date(start.getTime()), new Date(end.getTime())];
}

/** A calendar date (YYYY-MM-DD) moved by whole days. */
export function addDaysToDate(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A calendar date (YYYY-MM-DD) moved by whole months; the 31st of a shorter month becomes its last day. */
export function addMonthsToDate(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}
