import { Clock } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { WeekdaySchedule } from "../../../../worker/contracts/companies";
import { Button } from "../../components/ui/Button";
import { Input } from "../../components/ui/Input";
import { Skeleton } from "../../components/ui/Spinner";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { getCompanySchedules, saveCompanySchedules } from "./api";
import { isValidTime, maskTime, withAllWeekdays } from "./schedules";

type TimeField = "startTime" | "endTime";

/** Company service hours (spec 001: seven weekdays, start and end as ##:##). */
export function SchedulesTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<WeekdaySchedule[] | null>(null);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    getCompanySchedules(companyId)
      .then((saved) => live && setDays(withAllWeekdays(saved)))
      .catch((err) => {
        if (!live) return;
        toastError(err);
        setDays(withAllWeekdays([]));
      });
    return () => {
      live = false;
    };
  }, [companyId]);

  if (!days) {
    return (
      <div className="flex flex-col gap-3" aria-busy>
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full rounded-xl" />
        ))}
      </div>
    );
  }

  const update = (index: number, field: TimeField, raw: string) =>
    setDays((prev) => prev && prev.map((d, i) => (i === index ? { ...d, [field]: maskTime(raw) } : d)));
  const invalid = days.some((d) => !isValidTime(d.startTime) || !isValidTime(d.endTime));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid) return;
    setSaving(true);
    try {
      await saveCompanySchedules(companyId, days);
      toast.success(t("toasts.schedulesSaved"));
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-sm text-muted">
        <Clock className="size-4" aria-hidden />
        {t("settings.schedules.hint")}
      </p>
      <div className="overflow-hidden rounded-xl border border-line">
        <div className="hidden grid-cols-[1fr_10rem_10rem] gap-4 bg-surface-2 px-4 py-2.5 text-xs font-semibold tracking-wide text-muted uppercase sm:grid">
          <span>{t("settings.schedules.weekday")}</span>
          <span>{t("settings.schedules.start")}</span>
          <span>{t("settings.schedules.end")}</span>
        </div>
        <ul className="divide-y divide-line">
          {days.map((day, index) => {
            const weekday = t(`settings.weekdays.${day.weekdayEn}`);
            return (
              <li key={day.weekdayEn} className="grid grid-cols-2 items-start gap-3 px-4 py-3 sm:grid-cols-[1fr_10rem_10rem] sm:items-center sm:gap-4">
                <span className="col-span-2 text-sm font-medium sm:col-span-1">{weekday}</span>
                {(["startTime", "endTime"] as const).map((field) => {
                  const value = day[field];
                  const bad = touched && !isValidTime(value);
                  const id = `${day.weekdayEn}-${field}`;
                  const label = field === "startTime" ? t("settings.schedules.startOf", { weekday }) : t("settings.schedules.endOf", { weekday });
                  return (
                    <div key={field} className="flex flex-col gap-1">
                      <span className="text-xs text-subtle sm:hidden" aria-hidden>
                        {field === "startTime" ? t("settings.schedules.start") : t("settings.schedules.end")}
                      </span>
                      <Input
                        id={id}
                        aria-label={label}
                        inputMode="numeric"
                        placeholder="00:00"
                        maxLength={5}
                        value={value}
                        onChange={(e) => update(index, field, e.target.value)}
                        invalid={bad}
                        aria-describedby={bad ? `${id}-error` : undefined}
                        className="tabular-nums"
                      />
                      {bad ? (
                        <span id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
                          {t("validation.invalidTime")}
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
      <div className="flex justify-end">
        <Button type="submit" loading={saving} className="w-full sm:w-auto">
          {t("settings.schedules.save")}
        </Button>
      </div>
    </form>
  );
}
