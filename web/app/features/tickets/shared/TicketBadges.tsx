import { AlertTriangle, Clock, Flag } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { TicketPriority } from "../../../../../worker/contracts/automation/actions";
import { cn } from "../../../components/ui/cn";
import { formatDateTime } from "../../../lib/dates";
import { slaClockOf, timeLeftParts } from "./serviceLevel";
import type { ListTicket } from "./types";

const chip = "inline-flex h-5 shrink-0 items-center gap-1 rounded-full px-2 text-[11px] leading-none font-semibold whitespace-nowrap";

const priorityClass: Record<Exclude<TicketPriority, "normal">, string> = {
  low: "bg-surface-3 text-muted",
  high: "bg-[#fff7ed] text-[#c2410c] dark:bg-[#431407] dark:text-[#fdba74]",
  urgent: "bg-danger-soft text-danger",
};

/** A ticket's priority when it is not normal (issue 26): Baixa, Alta, Urgente. */
export function PriorityChip({ priority, className }: { priority: TicketPriority; className?: string }) {
  const { t } = useTranslation();
  if (!priority || priority === "normal") return null;
  return (
    <span className={cn(chip, priorityClass[priority], className)} title={`${t("tickets.priority.label")}: ${t(`tickets.priority.${priority}`)}`} data-testid="ticket-priority">
      <Flag className="size-3" aria-hidden />
      <span className="sr-only">{t("tickets.priority.label")}: </span>
      {t(`tickets.priority.${priority}`)}
    </span>
  );
}

const slaClass = {
  running: "bg-surface-3 text-muted",
  low: "bg-[#fef3c7] text-[#92400e] dark:bg-[#451a03] dark:text-[#fcd34d]",
  late: "bg-danger-soft text-danger",
};

/** The time left on the ticket's running service-level target, amber near the end, red "Atrasado" after it. */
export function SlaChip({ ticket, now, timeZone }: { ticket: ListTicket; now: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const clock = slaClockOf(ticket, now);
  if (!clock) return null;
  const target = t(`tickets.sla.${clock.target}`);
  const date = formatDateTime(clock.dueAt, i18n.language, timeZone);
  const left = timeLeftParts(clock.leftMs);
  const time = t(`tickets.sla.${left.key}`, left.values);
  const late = clock.state === "late";
  const title = late ? t("tickets.sla.lateTitle", { target, date }) : t("tickets.sla.leftTitle", { target, time, date });
  return (
    <span className={cn(chip, slaClass[clock.state])} title={title} data-testid="ticket-sla" data-state={clock.state}>
      {late ? <AlertTriangle className="size-3" aria-hidden /> : <Clock className="size-3" aria-hidden />}
      <span className="sr-only">{title}</span>
      <span aria-hidden>{late ? t("tickets.sla.late") : time}</span>
    </span>
  );
}
