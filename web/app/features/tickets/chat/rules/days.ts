import { TZDate } from "@date-fns/tz";
import { differenceInCalendarDays, format, parseISO } from "date-fns";

/** A day separator: today, yesterday or a dd/MM/yyyy date, in the company's time zone. */
export type DayLabel = { kind: "today" } | { kind: "yesterday" } | { kind: "date"; date: string };

export type ChatRow<M, E = never> =
  | { type: "day"; key: string; label: DayLabel }
  | { type: "message"; key: string; message: M }
  | { type: "event"; key: string; event: E };

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

type Dated = { id: number; createdAt: string };

/**
 * Messages (oldest first) with a separator before the first item of each day, and the ticket's events (any
 * order) placed among them by time — an event after the messages of the same moment.
 */
export function withDaySeparators<M extends Dated, E extends Dated = never>(messages: M[], timeZone: string, now: Date, events: E[] = []): ChatRow<M, E>[] {
  const timed = (value: string) => Date.parse(value) || 0;
  const items: ({ type: "message"; at: number; message: M } | { type: "event"; at: number; event: E })[] = [
    ...messages.map((message) => ({ type: "message" as const, at: timed(message.createdAt), message })),
    ...[...events].sort((a, b) => timed(a.createdAt) - timed(b.createdAt) || a.id - b.id).map((event) => ({ type: "event" as const, at: timed(event.createdAt), event })),
  ];
  // Stable: messages keep their order, events go after what shares their moment.
  items.sort((a, b) => a.at - b.at || (a.type === b.type ? 0 : a.type === "message" ? -1 : 1));
  const rows: ChatRow<M, E>[] = [];
  let current = "";
  for (const item of items) {
    const createdAt = item.type === "message" ? item.message.createdAt : item.event.createdAt;
    const key = dayKey(createdAt, timeZone);
    if (key !== current) {
      current = key;
      rows.push({ type: "day", key: `day-${key}`, label: dayLabel(createdAt, timeZone, now) });
    }
    if (item.type === "message") rows.push({ type: "message", key: String(item.message.id), message: item.message });
    else rows.push({ type: "event", key: `event-${item.event.id}`, event: item.event });
  }
  return rows;
}

/**
 * The events to show among the loaded messages: while older pages are not loaded, only those from the oldest
 * loaded message on (the rest belong with the messages still to come). Deletions never show in a live chat.
 */
export function eventsInView<E extends { action: string; createdAt: string }>(events: E[], oldestLoaded: string | undefined, hasMore: boolean): E[] {
  const from = hasMore && oldestLoaded ? Date.parse(oldestLoaded) : -Infinity;
  return events.filter((e) => e.action !== "delete" && Date.parse(e.createdAt) >= from);
}
