import { Clock, Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DEFAULT_QUEUE_SCHEDULES } from "../../../../worker/contracts/queues";
import type { WeekdaySchedule } from "../../../../worker/contracts/companies";
import { Input } from "../../components/ui/Input";
import { maskTime } from "../settings/schedules";
import type { QueueSchedule } from "./types";
import "./texts";

type TimeField = "startTime" | "endTime";
/** Errors by "index.field" ("2.endTime"), as the API names them under schedules. */
export type ScheduleErrors = Record<string, string>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The queue's hours over the seven weekdays: saved days as they are, never-saved days closed (00:00-00:00). */
export function withAllWeekdays(saved: WeekdaySchedule[]): QueueSchedule[] {
  if (saved.length === 0) return DEFAULT_QUEUE_SCHEDULES.map((d) => ({ ...d }));
  return DEFAULT_QUEUE_SCHEDULES.map((day) => {
    const found = saved.find((s) => s.weekdayEn === day.weekdayEn);
    return { ...day, startTime: found?.startTime ?? "00:00", endTime: found?.endTime ?? "00:00" };
  });
}

/** Real HH:MM times on every day (the page always shows both; the API also takes a day without times). */
export function scheduleErrors(days: QueueSchedule[], invalid: string): ScheduleErrors {
  const errors: ScheduleErrors = {};
  days.forEach((day, i) => {
    if (!TIME.test(day.startTime)) errors[`${i}.startTime`] = invalid;
    if (!TIME.test(day.endTime)) errors[`${i}.endTime`] = invalid;
  });
  return errors;
}

/** 'Horários de atendimento' (spec 002): kept in the dialog and saved with the queue. */
export function SchedulesEditor({ days, onChange, errors }: { days: QueueSchedule[]; onChange: (days: QueueSchedule[]) => void; errors: ScheduleErrors }) {
  const { t } = useTranslation();
  const update = (index: number, field: TimeField, raw: string) => onChange(days.map((d, i) => (i === index ? { ...d, [field]: maskTime(raw) } : d)));

  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-2 rounded-xl bg-warning-soft px-3 py-2 text-sm text-warning-fg" role="note">
        <Info className="size-4 shrink-0" aria-hidden />
        {t("queues.schedules.hint")}
      </p>
      <div className="overflow-hidden rounded-xl border border-line">
        <div className="hidden grid-cols-[1fr_8rem_8rem] gap-4 bg-surface-2 px-4 py-2.5 text-xs font-semibold tracking-wide text-muted uppercase sm:grid">
          <span>{t("queues.schedules.weekday")}</span>
          <span>{t("queues.schedules.start")}</span>
          <span>{t("queues.schedules.end")}</span>
        </div>
        <ul className="divide-y divide-line">
          {days.map((day, index) => {
            const weekday = t(`settings.weekdays.${day.weekdayEn}`);
            const valid = TIME.test(day.startTime) && TIME.test(day.endTime);
            const closed = valid && day.startTime === day.endTime;
            // An end before the start runs past midnight (how the chatbot reads it).
            const overnight = valid && day.endTime < day.startTime;
            return (
              <li key={day.weekdayEn} className="grid grid-cols-2 items-start gap-x-3 gap-y-2 px-4 py-3 sm:grid-cols-[1fr_8rem_8rem] sm:items-center sm:gap-4">
                <span className="col-span-2 flex items-center gap-2 text-sm font-medium sm:col-span-1">
                  {weekday}
                  {closed || overnight ? (
                    <span className="rounded-full bg-surface-3 px-2 py-0.5 text-xs font-normal text-muted">
                      {closed ? t("queues.schedules.closed") : t("queues.schedules.overnight")}
                    </span>
                  ) : null}
                </span>
                {(["startTime", "endTime"] as const).map((field) => {
                  const id = `queue-schedule-${day.weekdayEn}-${field}`;
                  const error = errors[`${index}.${field}`];
                  const label = field === "startTime" ? t("queues.schedules.startOf", { weekday }) : t("queues.schedules.endOf", { weekday });
                  return (
                    <div key={field} className="flex flex-col gap-1">
                      <span className="text-xs text-subtle sm:hidden" aria-hidden>
                        {field === "startTime" ? t("queues.schedules.start") : t("queues.schedules.end")}
                      </span>
                      <Input
                        id={id}
                        aria-label={label}
                        inputMode="numeric"
                        placeholder="00:00"
                        maxLength={5}
                        value={day[field]}
                        onChange={(e) => update(index, field, e.target.value)}
                        invalid={!!error}
                        aria-describedby={error ? `${id}-error` : undefined}
                        className="tabular-nums"
                      />
                      {error ? (
                        <span id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
                          {error}
                        </span>
                      ) : null}
                    </div>
                  );
                })}
              </li>
            );
          })}
        </ul>
      </div>
      <p className="flex items-center gap-2 text-xs text-subtle">
        <Clock className="size-3.5" aria-hidden />
        {t("queues.schedules.closedHint")}
      </p>
    </div>
  );
}
