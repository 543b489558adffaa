import { TZDate } from "@date-fns/tz";
import { differenceInCalendarDays, format, parseISO } from "date-fns";

/** A day separator: today, yesterday or a dd/MM/yyyy date, in the company's time zone. */
export type DayLabel = { kind: "today" } | { kind: "yesterday" } | { kind: "date"; date: string };

export type ChatRow<M> = { type: "day"; key: string; label: DayLabel } | { type: "message"; key: string; message: M };

function inZone(value: string | Date, timeZone: string): TZDate {
  const date = typeof value === "string" ? parseISO(value) : value;
  return new TZDate(date.getTime(), timeZone);
}

/** The calendar day ("yyyy-MM-dd") of a moment in the time zone. */
export function dayKey(value: string | Date, timeZone: string): string {
  return format(inZone(value, timeZone), "yyyy-MM-dd");
}

export function dayLabel(value: string, timeZone: string, now: Date): DayLabel {
  const diff = differenceInCalendarDays(inZone(now, timeZone), inZone(value, timeZone));
  if (diff === 0) return { kind: "today" };
  if (diff === 1) return { kind: "yesterday" };
  return { kind: "date", date: format(inZone(value, timeZone), "dd/MM/yyyy") };
}

/** HH:mm of a moment in the time zone (bubbles, notes, history). */
export function timeOf(value: string, timeZone: string): string {
  return format(inZone(value, timeZone), "HH:mm");
}

/** dd/MM/yyyy HH:mm of a moment in the time zone. */
export function dateTimeOf(value: string, timeZone: string): string {
  return format(inZone(value, timeZone), "dd/MM/yyyy HH:mm");
}

/** Messages (oldest first) with a separator before the first message of each day. */
export function withDaySeparators<M extends { id: number; createdAt: string }>(messages: M[], timeZone: string, now: Date): ChatRow<M>[] {
  const rows: ChatRow<M>[] = [];
  let current = "";
  for (const message of messages) {
    const key = dayKey(message.createdAt, timeZone);
    if (key !== current) {
      current = key;
      rows.push({ type: "day", key: `day-${key}`, label: dayLabel(message.createdAt, timeZone, now) });
    }
    rows.push({ type: "message", key: String(message.id), message });
  }
  return rows;
}
