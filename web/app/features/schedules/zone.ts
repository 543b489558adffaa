import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/** An instant as the date and time inputs show it in the company's time zone ("2026-11-25", "15:30"). */
export function zonedParts(iso: string | Date, timeZone: string): { date: string; time: string } {
  const at = new TZDate(new Date(iso).getTime(), timeZone);
  return { date: format(at, "yyyy-MM-dd"), time: format(at, "HH:mm") };
}

/** The instant of a date and time read in the company's time zone, or null when either is incomplete. */
export function zonedInstant(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const at = new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), 0, timeZone);
  return Number.isNaN(at.getTime()) ? null : new Date(at.getTime());
}

/** Spec 000: a new schedule defaults to now plus one hour (on the minute). */
export function defaultSendAt(now = Date.now()): Date {
  const at = new Date(now + 60 * 60 * 1000);
  at.setSeconds(0, 0);
  return at;
}

/**
 * The calendar draws in the browser's clock; it is shown the company's wall-clock time instead: an instant becomes
 * a local Date with the company zone's year, month, day, hour and minute (and back with `fromWallClock`).
 */
export function toWallClock(iso: string | Date, timeZone: string): Date {
  const at = new TZDate(new Date(iso).getTime(), timeZone);
  return new Date(at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes(), at.getSeconds());
}

/** The instant of a wall-clock Date (as the calendar gives a clicked slot) read in the company's time zone. */
export function fromWallClock(wall: Date, timeZone: string): Date {
  const at = new TZDate(wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes(), 0, timeZone);
  return new Date(at.getTime());
}
