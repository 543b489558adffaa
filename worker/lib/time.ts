import { TZDate } from "@date-fns/tz";

/** [start, end) of a calendar day (YYYY-MM-DD) in a time zone, as instants. */
export function dayRangeIn(timezone: string, day: string): [Date, Date] {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const start = new TZDate(y, m - 1, d, timezone);
  const end = new TZDate(y, m - 1, d + 1, timezone);
  return [new Date(start.getTime()), new Date(end.getTime())];
}
