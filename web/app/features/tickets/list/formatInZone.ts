/** A moment as date and time in the company's time zone (DESIGN.md: dates in the company's zone), in the user's language. */
export function formatInZone(iso: string, lang: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: "short", timeStyle: "short", timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(lang, { dateStyle: "short", timeStyle: "short" }).format(date);
  }
}
