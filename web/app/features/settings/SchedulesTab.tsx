import { Clock } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { WeekdaySchedule } from "../../../../worker/contracts/companies";
import { useContractForm } from "../../components/form/useContractForm";
import { Button } from "../../components/ui/Button";
import { Skeleton } from "../../components/ui/Spinner";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { SchedulesEditor } from "../queues/SchedulesEditor";
import { getCompanySchedules, saveCompanySchedules } from "./api";
import { weekSchema, withAllWeekdays } from "./schedules";

/** The company's week, with the API's rules for each day. */
const companyHoursForm = z.object({ schedules: weekSchema });

/** Company service hours (spec 001: seven weekdays, start and end as ##:##). */
export function SchedulesTab({ companyId }: { companyId: number }) {
  const [saved, setSaved] = useState<WeekdaySchedule[] | null>(null);

  useEffect(() => {
    let live = true;
    getCompanySchedules(companyId)
      .then((list) => live && setSaved(withAllWeekdays(list)))
      .catch((err) => {
        if (!live) return;
        toastError(err);
        setSaved(withAllWeekdays([]));
      });
    return () => {
      live = false;
    };
  }, [companyId]);

  if (!saved) {
    return (
      <div className="flex flex-col gap-3" aria-busy>
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  return <SchedulesForm companyId={companyId} saved={saved} />;
}

function SchedulesForm({ companyId, saved }: { companyId: number; saved: WeekdaySchedule[] }) {
  const { t } = useTranslation();
  const { form, fields, saving } = useContractForm({
    id: `company-schedules-${companyId}`,
    schema: companyHoursForm,
    defaultValue: { schedules: saved },
    // As before: the rows are checked when saved, then again as they are typed.
    shouldValidate: "onSubmit",
    fields: (name) => name.startsWith("schedules["),
    async save({ schedules }) {
      await saveCompanySchedules(companyId, schedules);
      toast.success(t("toasts.schedulesSaved"));
    },
  });

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-sm text-muted">
        <Clock className="size-4" aria-hidden />
        {t("settings.schedules.hint")}
      </p>
      <SchedulesEditor meta={fields.schedules} of="company" />
      <div className="flex justify-end">
        <Button type="submit" loading={saving} className="w-full sm:w-auto">
          {t("settings.schedules.save")}
        </Button>
      </div>
    </form>
  );
}
