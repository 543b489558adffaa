import { Link } from "@remix-run/react";
import { CalendarClock, MessageSquareText, Paperclip, Pencil, Repeat, RotateCcw, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton } from "../../components/ui/Spinner";
import { LoadingMoreRow, Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
import { formatDateTime } from "../../lib/dates";
import { ScheduleStatusBadge } from "./ScheduleStatusBadge";
import type { ScheduleRow } from "./types";
import "./texts";
import { formatPhone } from "../../lib/phone";

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

function RowActions({ schedule, actions }: { schedule: ScheduleRow; actions: ScheduleActions }) {
  const { t } = useTranslation();
  const name = schedule.contact.name;
  return (
    <div className="flex justify-end gap-0.5">
      {schedule.ticket ? (
        <Link to={`/tickets/${schedule.ticket.uuid}`} className={buttonClasses("ghost", "icon-sm")} aria-label={`${t("schedules.openTicket")}: ${name}`} title={t("schedules.openTicket")}>
          <MessageSquareText className="size-4" aria-hidden />
        </Link>
      ) : null}
      {actions.mayEdit(schedule) && schedule.status === "ERRO" ? (
        <Button variant="ghost" size="icon-sm" onClick={() => actions.onRetry(schedule)} aria-label={`${t("schedules.retry")}: ${name}`} title={t("schedules.retry")}>
          <RotateCcw className="size-4" aria-hidden />
        </Button>
      ) : null}
      {actions.mayEdit(schedule) && schedule.status === "PENDENTE" ? (
        <Button variant="ghost" size="icon-sm" onClick={() => actions.onEdit(schedule)} aria-label={`${t("common.edit")}: ${name}`} title={t("common.edit")}>
          <Pencil className="size-4" aria-hidden />
        </Button>
      ) : null}
      {actions.mayEdit(schedule) && schedule.status !== "AGENDADA" ? (
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={() => actions.onDelete(schedule)}
          aria-label={`${t("common.delete")}: ${name}`}
          title={t("common.delete")}
          className="hover:text-danger"
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      ) : null}
    </div>
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
  if (loaded && records.length === 0) {
    return (
      <EmptyState
        icon={CalendarClock}
        title={filtered ? t("schedules.emptySearch") : t("schedules.empty")}
        description={filtered ? t("schedules.emptySearchHint") : t("schedules.emptyHint")}
      />
    );
  }
  return (
    <Table>
      <THead>
        <Tr className="hover:bg-transparent">
          <Th className="w-32 sm:w-40">{t("schedules.columns.sendAt")}</Th>
          <Th>{t("schedules.columns.contact")}</Th>
          <Th className="hidden md:table-cell">{t("schedules.columns.message")}</Th>
          <Th className="hidden w-28 sm:table-cell">{t("schedules.columns.status")}</Th>
          <Th className="w-20 text-right sm:w-28">{t("schedules.columns.actions")}</Th>
        </Tr>
      </THead>
      <TBody>
        {!loaded
          ? Array.from({ length: 5 }, (_, i) => (
              <Tr key={i} aria-hidden>
                <Td>
                  <Skeleton className="h-4 w-28" />
                </Td>
                <Td>
                  <Skeleton className="h-4 w-32" />
                  <Skeleton className="mt-1.5 h-3 w-24" />
                </Td>
                <Td className="hidden md:table-cell">
                  <Skeleton className="h-4 w-56" />
                </Td>
                <Td className="hidden sm:table-cell">
                  <Skeleton className="h-5 w-16 rounded-full" />
                </Td>
                <Td>
                  <Skeleton className="ml-auto h-8 w-16" />
                </Td>
              </Tr>
            ))
          : records.map((s) => {
              const repeats = recurrence(s.recurrence);
              return (
                <Tr key={s.id} data-schedule-id={s.id}>
                  <Td className="align-top tabular-nums">
                    <p className="font-medium">{formatDateTime(s.sendAt, i18n.language, timeZone)}</p>
                    {repeats ? (
                      <p className="mt-0.5 flex items-center gap-1 text-xs text-subtle" title={t("schedules.repeats")}>
                        <Repeat className="size-3 shrink-0" aria-hidden />
                        <span className="truncate">{repeats}</span>
                      </p>
                    ) : null}
                    <p className="mt-1 sm:hidden">
                      <ScheduleStatusBadge schedule={s} />
                    </p>
                  </Td>
                  <Td className="max-w-0 align-top">
                    <p className="truncate font-medium">{s.contact.name}</p>
                    <p className="truncate text-xs text-subtle tabular-nums">{formatPhone(s.contact.number)}</p>
                    <p className="mt-0.5 truncate text-xs text-muted md:hidden">{s.body}</p>
                  </Td>
                  <Td className="hidden max-w-0 align-top md:table-cell">
                    <p className="line-clamp-2 text-sm break-words text-muted">{s.body}</p>
                    {s.mediaName ? (
                      <p className="mt-0.5 flex items-center gap-1 text-xs text-subtle">
                        <Paperclip className="size-3 shrink-0" aria-hidden />
                        <span className="truncate">{s.mediaName}</span>
                      </p>
                    ) : null}
                  </Td>
                  <Td className="hidden align-top sm:table-cell">
                    <ScheduleStatusBadge schedule={s} />
                  </Td>
                  <Td className="pl-0 align-top">
                    <RowActions schedule={s} actions={actions} />
                  </Td>
                </Tr>
              );
            })}
        {loadingMore && loaded ? <LoadingMoreRow colSpan={5} label={t("common.loading")} /> : null}
      </TBody>
    </Table>
  );
}
