/**
 * Calendar dates ("YYYY-MM-DD", as the API gives due dates) without date-fns: the app shell shows them on every
 * page (the subscription banner, its error), and date-fns with its locales is for the pages that need it (dates.ts).
 */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, "0");

/** Midnight UTC of a real calendar date ("2026-02-29" is none), or NaN. */
function utcDay(value: string): number {
  const parts = CALENDAR_DATE.exec(value);
  if (!parts) return NaN;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const at = Date.UTC(year, month - 1, day);
  const date = new Date(at);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? at : NaN;
}

/** A calendar date as the spec shows dates: dd/MM/yyyy. A full timestamp is shown as its local date; anything else as given. */
export function formatDate(isoDate: string): string {
  if (CALENDAR_DATE.test(isoDate)) return Number.isNaN(utcDay(isoDate)) ? isoDate : isoDate.split("-").reverse().join("/");
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** Whole calendar days from `today` to `isoDate` (both "YYYY-MM-DD"); NaN when either is not such a date. */
export function daysUntil(isoDate: string, today: string): number {
  return Math.round((utcDay(isoDate) - utcDay(today)) / 86_400_000);
}
