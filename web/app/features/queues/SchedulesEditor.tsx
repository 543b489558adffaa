import type { FieldMetadata } from "@conform-to/react";
import { Clock, Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DEFAULT_QUEUE_SCHEDULES } from "../../../../worker/contracts/queues";
import type { WeekdaySchedule } from "../../../../worker/contracts/companies";
import { cn } from "../../components/ui/cn";
import { describedBy, Input } from "../../components/ui/Input";
import { maskTime } from "../settings/schedules";
import type { QueueSchedule } from "./types";
import "./texts";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The queue's hours over the seven weekdays: saved days as they are, never-saved days closed (00:00-00:00). */
export function withAllWeekdays(saved: WeekdaySchedule[]): QueueSchedule[] {
  if (saved.length === 0) return DEFAULT_QUEUE_SCHEDULES.map((d) => ({ ...d }));
  return DEFAULT_QUEUE_SCHEDULES.map((day) => {
    const found = saved.find((s) => s.weekdayEn === day.weekdayEn);
    return { ...day, startTime: found?.startTime ?? "00:00", endTime: found?.endTime ?? "00:00" };
  });
}

/** A row as the form holds it (a company's empty times are absent). */
type WeekdayHours = Partial<WeekdaySchedule>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form holding the hours
type Any = any;

/** Whose hours: a queue's (its texts, and a note on closed and overnight days) or the company's. */
export type HoursOf = "queue" | "company";

const TEXTS: Record<HoursOf, string> = { queue: "queues.schedules", company: "settings.schedules" };

/**
 * The hours of the seven weekdays as a conform field list (`schedules`, parsed with the contract's weekdayHours):
 * each row's start and end are the form's inputs, typed through the ##:## mask, with the contract's errors ("Give
 * both times or neither") under the row's input they name. `formId` ties the inputs to a form they sit outside of.
 */
export function SchedulesEditor({ meta, formId, of }: { meta: FieldMetadata<WeekdayHours[], Any, string[]>; formId?: string; of: HoursOf }) {
  const { t } = useTranslation();
  const texts = TEXTS[of];
  const table = (
    <div className="overflow-hidden rounded-xl border border-line">
      <div className={cn("hidden gap-4 bg-surface-2 px-4 py-2.5 text-xs font-semibold tracking-wide text-muted uppercase sm:grid", columns(of))}>
        <span>{t(`${texts}.weekday`)}</span>
        <span>{t(`${texts}.start`)}</span>
        <span>{t(`${texts}.end`)}</span>
      </div>
      <ul className="divide-y divide-line">
        {meta.getFieldList().map((day) => (
          <DayRow key={day.key} meta={day} formId={formId} of={of} />
        ))}
      </ul>
    </div>
  );
  if (of === "company") return table;
  // 'Horários de atendimento' of a queue (spec 002): kept in the dialog and saved with the queue.
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-2 rounded-xl bg-warning-soft px-3 py-2 text-sm text-warning-fg" role="note">
        <Info className="size-4 shrink-0" aria-hidden />
        {t("queues.schedules.hint")}
      </p>
      {table}
      <p className="flex items-center gap-2 text-xs text-subtle">
        <Clock className="size-3.5" aria-hidden />
        {t("queues.schedules.closedHint")}
      </p>
    </div>
  );
}

const columns = (of: HoursOf) => (of === "queue" ? "sm:grid-cols-[1fr_8rem_8rem]" : "sm:grid-cols-[1fr_10rem_10rem]");

function DayRow({ meta, formId, of }: { meta: FieldMetadata<WeekdayHours, Any, string[]>; formId?: string; of: HoursOf }) {
  const { t } = useTranslation();
  const texts = TEXTS[of];
  const day = meta.getFieldset();
  const weekday = t(`settings.weekdays.${day.weekdayEn.initialValue}`);
  const start = day.startTime.value ?? "";
  const end = day.endTime.value ?? "";
  const valid = TIME.test(start) && TIME.test(end);
  // A queue's day: equal times or none are closed; an end before the start runs past midnight (how the chatbot reads it).
  const closed = (valid && start === end) || (start === "" && end === "");
  const note = of !== "queue" ? null : closed ? t("queues.schedules.closed") : valid && end < start ? t("queues.schedules.overnight") : null;
  return (
    <li className={cn("grid grid-cols-2 items-start gap-x-3 px-4 py-3 sm:items-center sm:gap-4", of === "queue" ? "gap-y-2" : "gap-y-3", columns(of))}>
      <span className="col-span-2 flex items-center gap-2 text-sm font-medium sm:col-span-1">
        {weekday}
        {note ? <span className="rounded-full bg-surface-3 px-2 py-0.5 text-xs font-normal text-muted">{note}</span> : null}
      </span>
      <input type="hidden" name={day.weekday.name} defaultValue={day.weekday.initialValue} form={formId} />
      <input type="hidden" name={day.weekdayEn.name} defaultValue={day.weekdayEn.initialValue} form={formId} />
      {([day.startTime, day.endTime] as const).map((field, i) => {
        const error = field.errors?.[0];
        return (
          <div key={field.name} className="flex flex-col gap-1">
            <span className="text-xs text-subtle sm:hidden" aria-hidden>
              {t(i === 0 ? `${texts}.start` : `${texts}.end`)}
            </span>
            <Input
              id={field.id}
              name={field.name}
              key={field.key}
              form={formId}
              defaultValue={field.initialValue}
              aria-label={t(i === 0 ? `${texts}.startOf` : `${texts}.endOf`, { weekday })}
              inputMode="numeric"
              placeholder="00:00"
              maxLength={5}
              // The ##:## mask, applied before the form reads the input.
              onChange={(e) => (e.target.value = maskTime(e.target.value))}
              invalid={!!error}
              aria-describedby={describedBy(field.id, error)}
              className="tabular-nums"
            />
            {error ? (
              <span id={`${field.id}-error`} role="alert" className="text-xs font-medium text-danger">
                {error}
              </span>
            ) : null}
          </div>
        );
      })}
    </li>
  );
}
