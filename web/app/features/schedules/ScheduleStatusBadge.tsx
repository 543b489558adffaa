import { useTranslation } from "react-i18next";
import { cn } from "../../components/ui/cn";
import type { ScheduleRow } from "./types";
import "./texts";

const tones: Record<ScheduleRow["status"], string> = {
  PENDENTE: "bg-surface-3 text-muted",
  AGENDADA: "bg-warning-soft text-warning-fg",
  ENVIADA: "bg-brand-soft text-brand-text",
  ERRO: "bg-danger-soft text-danger",
};

/** A schedule's status as a chip; an ERRO one says why on hover and to screen readers. */
export function ScheduleStatusBadge({ schedule }: { schedule: Pick<ScheduleRow, "status" | "error"> }) {
  const { t } = useTranslation();
  const reason = schedule.status === "ERRO" && schedule.error ? t(`errors.${schedule.error}`, { defaultValue: schedule.error }) : null;
  return (
    <span className={cn("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap", tones[schedule.status])} title={reason ?? undefined}>
      {t(`schedules.status.${schedule.status}`)}
      {reason ? <span className="sr-only">: {reason}</span> : null}
    </span>
  );
}
