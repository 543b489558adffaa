import { format, getDay, parse, startOfWeek } from "date-fns";
import { useMemo, useState } from "react";
import { Calendar, dateFnsLocalizer, type Event, type Formats, type Messages, type SlotInfo } from "react-big-calendar";
import { useTranslation } from "react-i18next";
import { useMediaQuery } from "../../lib/hooks";
import { dateLocale } from "../../lib/dateLocale";
import { enUS } from "date-fns/locale/en-US";
import { es } from "date-fns/locale/es";
import { ptBR } from "date-fns/locale/pt-BR";
import { visibleRange, type CalendarView } from "./calendarRange";
import type { ScheduleRow, ScheduleStatus } from "./types";
import { useScheduleRange } from "./useScheduleRange";
import { fromWallClock, toWallClock } from "./zone";
import "./calendar.css";
import "./texts";

/** A schedule is a moment, not a span: its time alone (the 30 minutes drawn are only its block's size). */
const formats: Formats = {
  eventTimeRangeFormat: ({ start }, culture, loc) => loc!.format(start, "HH:mm", culture),
  agendaTimeRangeFormat: ({ start }, culture, loc) => loc!.format(start, "HH:mm", culture),
  agendaDateFormat: (date, culture, loc) => loc!.format(date, "EEE dd/MM", culture),
  timeGutterFormat: (date, culture, loc) => loc!.format(date, "HH:mm", culture),
};

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { "pt-BR": ptBR, en: enUS, es } });

/** Phones get the agenda: a month's grid of 390 px has no room for a schedule's name. */
const PHONE_QUERY = "(max-width: 599.98px)";
/** A schedule is drawn as a 30-minute block in the week and day views. */
const EVENT_MINUTES = 30;

interface ScheduleEvent extends Event {
  schedule: ScheduleRow;
}

export interface ScheduleCalendarProps {
  search: string;
  status: ScheduleStatus | null;
  timeZone: string;
  /** A schedule was clicked: the page opens its edit dialog (or says why it cannot be edited). */
  onSelect: (schedule: ScheduleRow) => void;
  /** An empty slot was clicked: the page opens a new schedule at that instant. */
  onCreateAt: (at: Date) => void;
}

/**
 * The schedules page's calendar (react-big-calendar, ADR 0039): month, week, day and agenda in the company's time
 * zone, the same search and status filter as the list, live through `schedule` events.
 */
export function ScheduleCalendar({ search, status, timeZone, onSelect, onCreateAt }: ScheduleCalendarProps) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const [chosenView, setView] = useState<CalendarView>("month");
  const view: CalendarView = phone && chosenView !== "day" ? "agenda" : chosenView;
  const [date, setDate] = useState(() => toWallClock(new Date(), timeZone));
  const culture = i18n.language in { "pt-BR": 1, en: 1, es: 1 } ? i18n.language : "pt-BR";

  const range = useMemo(() => {
    const wall = visibleRange(view, date, dateLocale(culture));
    return { from: fromWallClock(wall.start, timeZone), to: fromWallClock(wall.end, timeZone) };
  }, [view, date, culture, timeZone]);
  const schedules = useScheduleRange(range, search, status);

  const events = useMemo<ScheduleEvent[]>(
    () =>
      schedules.items.map((s) => {
        const start = toWallClock(s.sendAt, timeZone);
        return { title: `${s.contact.name}: ${s.body}`, start, end: new Date(start.getTime() + EVENT_MINUTES * 60_000), schedule: s };
      }),
    [schedules.items, timeZone],
  );

  const messages = useMemo<Messages>(
    () => ({
      today: t("schedules.calendar.today"),
      previous: t("schedules.calendar.previous"),
      next: t("schedules.calendar.next"),
      month: t("schedules.calendar.month"),
      week: t("schedules.calendar.week"),
      day: t("schedules.calendar.day"),
      agenda: t("schedules.calendar.agenda"),
      date: t("schedules.calendar.date"),
      time: t("schedules.calendar.time"),
      event: t("schedules.calendar.event"),
      allDay: t("schedules.calendar.allDay"),
      noEventsInRange: t("schedules.calendar.noEventsInRange"),
      showMore: (count: number) => t("schedules.calendar.showMore", { count }),
    }),
    [t],
  );

  const onSelectSlot = (slot: SlotInfo) => {
    let wall = slot.start;
    if (view === "month") {
      // A day cell is its midnight: today at the next full hour, another day at 09:00.
      const now = toWallClock(new Date(), timeZone);
      const today = now.toDateString() === wall.toDateString();
      wall = new Date(wall.getFullYear(), wall.getMonth(), wall.getDate(), today ? now.getHours() + 1 : 9, 0);
    }
    onCreateAt(fromWallClock(wall, timeZone));
  };

  return (
    <div className="schedule-calendar flex min-h-0 flex-1 flex-col p-3 sm:p-4" aria-label={t("schedules.calendar.label")} role="region" data-calendar-view={view}>
      {schedules.truncated ? <p className="mb-2 text-xs text-muted">{t("schedules.calendar.tooMany", { count: schedules.items.length })}</p> : null}
      {!schedules.loaded ? <span className="sr-only" role="status">{t("schedules.calendar.loading")}</span> : null}
      <div className="min-h-[500px] flex-1">
        <Calendar<ScheduleEvent>
          localizer={localizer}
          culture={culture}
          events={events}
          view={view}
          views={phone ? ["day", "agenda"] : ["month", "week", "day", "agenda"]}
          onView={(v) => setView(v as CalendarView)}
          date={date}
          onNavigate={setDate}
          getNow={() => toWallClock(new Date(), timeZone)}
          messages={messages}
          formats={formats}
          selectable
          popup
          onSelectEvent={(e) => onSelect(e.schedule)}
          onSelectSlot={onSelectSlot}
          eventPropGetter={(e) => ({ className: `schedule-${e.schedule.status}` })}
          components={{ event: ({ event }) => <span data-schedule-event={event.schedule.id}>{event.title}</span> }}
          style={{ height: "100%", minHeight: 500 }}
        />
      </div>
    </div>
  );
}
