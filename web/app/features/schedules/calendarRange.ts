import { addDays, endOfMonth, endOfWeek, startOfDay, startOfMonth, startOfWeek, type Locale } from "date-fns";

export const CALENDAR_VIEWS = ["month", "week", "day", "agenda"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** react-big-calendar's agenda shows this many days from its date. */
export const AGENDA_DAYS = 30;

/** The wall-clock days a view shows around `date`: [start, end) at midnights, in the calendar's own (wall) clock. */
export function visibleRange(view: CalendarView, date: Date, locale: Locale): { start: Date; end: Date } {
  const opts = { locale };
  switch (view) {
    case "month":
      return { start: startOfWeek(startOfMonth(date), opts), end: addDays(startOfDay(endOfWeek(endOfMonth(date), opts)), 1) };
    case "week":
      return { start: startOfWeek(date, opts), end: addDays(startOfDay(endOfWeek(date, opts)), 1) };
    case "day":
      return { start: startOfDay(date), end: addDays(startOfDay(date), 1) };
    case "agenda":
      return { start: startOfDay(date), end: addDays(startOfDay(date), AGENDA_DAYS + 1) };
  }
}
