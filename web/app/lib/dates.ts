/**
 * Every moment the app shows is in the company's time zone (DESIGN.md: times are stored in UTC, each company has a
 * zone), never the browser's: an agent abroad reads the same 14:00 as the company's clients. These formatters take the
 * zone; components reach them through useCompanyTime (web/app/lib/useCompanyTime.ts).
 */
export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(lang, { ...options, timeZone });
    } catch {
      // An unknown zone (never saved: the contract checks it) or language: the default zone rather than a crash.
      f = new Intl.DateTimeFormat("pt-BR", { ...options, timeZone: DEFAULT_TIME_ZONE });
    }
    formatters.set(key, f);
  }
  return f;
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment (ISO string, epoch ms or Date) with date and time, in the company's zone and the user's language. */
export function formatDateTime(value: string | number | Date, lang: string, timeZone: string): string {
  const date = toDate(value);
  return date ? formatter(lang, timeZone, { dateStyle: "short", timeStyle: "short" }).format(date) : String(value);
}

/** The time of day (HH:mm, or h:mm AM in English) of a moment in the company's zone. */
export function formatTime(value: string | number | Date, lang: string, timeZone: string): string {
  const date = toDate(value);
  return date ? formatter(lang, timeZone, { timeStyle: "short" }).format(date) : String(value);
}

/** The calendar day of a moment in the company's zone, spelled out ("28 de novembro de 2026"). */
export function formatDay(value: string | number | Date, lang: string, timeZone: string): string {
  const date = toDate(value);
  return date ? formatter(lang, timeZone, { dateStyle: "long" }).format(date) : String(value);
}

/** "yyyy-MM-dd" of a moment in the zone: to tell whether two moments fall on the same day there. */
export function dayKeyIn(value: string | number | Date, timeZone: string): string {
  const date = toDate(value);
  return date ? formatter("en-CA", timeZone, { year: "numeric", month: "2-digit", day: "2-digit" }).format(date) : "";
}

/** The zone's offset from UTC at a moment, in minutes (−180 for São Paulo). */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = formatter("en-US", timeZone, { hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour") % 24, n("minute"), n("second"));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The zone as people read it: its name in the user's language and its offset ("Horário de Brasília (UTC−3)"). */
export function zoneLabel(timeZone: string, lang: string, at: Date = new Date()): string {
  const name = formatter(lang, timeZone, { timeZoneName: "longGeneric" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  const offset = offsetMinutes(timeZone, at);
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  const utc = `UTC${offset === 0 ? "" : offset < 0 ? "−" : "+"}${offset === 0 ? "" : hours}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""}`;
  return name && !/^GMT|^UTC/.test(name) ? `${name} (${utc})` : `${timeZone} (${utc})`;
}

/** Whether a browser in `browserZone` reads clock times differently from the company's zone now. */
export function zonesDiffer(companyZone: string, browserZone: string, at: Date = new Date()): boolean {
  if (companyZone === browserZone) return false;
  try {
    return offsetMinutes(companyZone, at) !== offsetMinutes(browserZone, at);
  } catch {
    return true;
  }
}
