// Building a formatter costs more than the rest of a request's access check; one per time zone is kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date (YYYY-MM-DD) in the company's time zone (a due date is compared with it, here and in the web). */
export function todayIn(timezone: string, now = new Date()): string {
  let format = dayFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timezone, format);
  }
  return format.format(now);
}
