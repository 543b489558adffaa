import { CalendarClock, MessageSquareText, Paperclip, Repeat, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListTable, RowAction, RowActions, type Column } from "../../components/list";
import { Skeleton } from "../../components/ui/Spinner";
import { formatDateTime } from "../../lib/dates";
import { formatPhone } from "../../lib/phone";
import { ScheduleStatusBadge } from "./ScheduleStatusBadge";
import type { ScheduleRow } from "./types";
import "./texts";

export interface ScheduleActions {
  mayEdit: (schedule: ScheduleRow) => boolean;
  onEdit: (schedule: ScheduleRow) => void;
  onDelete: (schedule: ScheduleRow) => void;
  onRetry: (schedule: ScheduleRow) => void;
}

/** How a schedule repeats, in a few words ("Toda semana: Seg, Qua até 30/11/2026"). */
export function useRecurrenceLabel() {
  const { t, i18n } = useTranslation();
  const days = t("schedules.weekdaysShort", { returnObjects: true }) as string[];
  return (r: ScheduleRow["recurrence"]) => {
    if (!r) return null;
    const base = t(`schedules.recurrence.${r.frequency}`);
    const on = r.frequency === "weekly" && r.weekdays?.length ? `: ${r.weekdays.map((d) => days[d]).join(", ")}` : "";
    const until = r.until ? ` ${t("schedules.recurrence.until", { date: new Date(`${r.until}T12:00:00Z`).toLocaleDateString(i18n.language, { timeZone: "UTC" }) })}` : "";
    return `${base}${on}${until}`;
  };
}

function ScheduleRowActions({ schedule, actions }: { schedule: ScheduleRow; actions: ScheduleActions }) {
  const { t } = useTranslation();
  const name = schedule.contact.name;
  const mayEdit = actions.mayEdit(schedule);
  return (
    <RowActions
      name={name}
      onEdit={mayEdit && schedule.status === "PENDENTE" ? () => actions.onEdit(schedule) : undefined}
      onDelete={mayEdit && schedule.status !== "AGENDADA" ? () => actions.onDelete(schedule) : undefined}
    >
      {schedule.ticket ? <RowAction icon={MessageSquareText} label={t("schedules.openTicket")} name={name} to={`/tickets/${schedule.ticket.uuid}`} /> : null}
      {mayEdit && schedule.status === "ERRO" ? <RowAction icon={RotateCcw} label={t("schedules.retry")} name={name} onClick={() => actions.onRetry(schedule)} /> : null}
    </RowActions>
  );
}

/** The schedules as a table (cards' worth of lines on phones), soonest first. */
export function SchedulesTable({
  records,
  loaded,
  loadingMore,
  filtered,
  timeZone,
  actions,
}: {
  records: ScheduleRow[];
  loaded: boolean;
  loadingMore: boolean;
  filtered: boolean;
  timeZone: string;
  actions: ScheduleActions;
}) {
  const { t, i18n } = useTranslation();
  const recurrence = useRecurrenceLabel();
  const columns: Column<ScheduleRow>[] = [
    {
      header: t("schedules.columns.sendAt"),
      className: "w-32 sm:w-40",
      cellClassName: "align-top tabular-nums",
      skeleton: <Skeleton className="h-4 w-28" />,
      cell: (s) => {
        const repeats = recurrence(s.recurrence);
        return (
          <>
            <p className="font-medium">{formatDateTime(s.sendAt, i18n.language, timeZone)}</p>
            {repeats ? (
              <p className="mt-0.5 flex items-center gap-1 text-xs text-subtle" title={t("schedules.repeats")}>
                <Repeat className="size-3 shrink-0" aria-hidden />
                <span className="truncate" title={repeats}>{repeats}</span>
              </p>
            ) : null}
            <p className="mt-1 sm:hidden">
              <ScheduleStatusBadge schedule={s} />
            </p>
          </>
        );
      },
    },
    {
      header: t("schedules.columns.contact"),
      cellClassName: "max-w-0 align-top",
      skeleton: (
        <>
          <Skeleton className="h-4 w-32" />
          <Skeleton className="mt-1.5 h-3 w-24" />
        </>
      ),
      cell: (s) => (
        <>
          {/* Cut on a phone's narrow column: the pointer shows each whole (title). */}
          <p className="truncate font-medium" title={s.contact.name}>{s.contact.name}</p>
          <p className="truncate text-xs text-subtle tabular-nums" title={formatPhone(s.contact.number)}>{formatPhone(s.contact.number)}</p>
          {s.marketing ? (
            <p className="mt-0.5">
              <span className="rounded-full bg-surface-3 px-1.5 text-[0.6875rem] font-medium text-muted">{t("schedules.marketingTag")}</span>
            </p>
          ) : null}
          {s.status === "ERRO" && s.error === "ERR_MARKETING_OPTED_OUT" ? (
            <p className="mt-0.5 text-xs text-danger" data-testid="schedule-skipped-opt-out">{t("schedules.skippedOptOut")}</p>
          ) : null}
          <p className="mt-0.5 truncate text-xs text-muted md:hidden" title={s.body}>{s.body}</p>
        </>
      ),
    },
    {
      header: t("schedules.columns.message"),
      className: "hidden md:table-cell",
      cellClassName: "max-w-0 align-top",
      skeleton: <Skeleton className="h-4 w-56" />,
      cell: (s) => (
        <>
          <p className="line-clamp-2 text-sm break-words text-muted">{s.body}</p>
          {s.mediaName ? (
            <p className="mt-0.5 flex items-center gap-1 text-xs text-subtle">
              <Paperclip className="size-3 shrink-0" aria-hidden />
              <span className="truncate" title={s.mediaName}>{s.mediaName}</span>
            </p>
          ) : null}
        </>
      ),
    },
    {
      header: t("schedules.columns.status"),
      className: "hidden w-28 sm:table-cell",
      cellClassName: "align-top",
      skeleton: <Skeleton className="h-5 w-16 rounded-full" />,
      cell: (s) => <ScheduleStatusBadge schedule={s} />,
    },
    {
      header: t("schedules.columns.actions"),
      className: "w-20 text-right sm:w-28",
      cellClassName: "pl-0 align-top",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (s) => <ScheduleRowActions schedule={s} actions={actions} />,
    },
  ];
  return (
    <ListTable
      rows={records}
      columns={columns}
      loaded={loaded}
      loadingMore={loadingMore}
      skeletonRows={5}
      rowProps={(s) => ({ "data-schedule-id": s.id })}
      empty={{
        icon: CalendarClock,
        title: filtered ? t("schedules.emptySearch") : t("schedules.empty"),
        description: filtered ? t("schedules.emptySearchHint") : t("schedules.emptyHint"),
      }}
    />
  );
}
