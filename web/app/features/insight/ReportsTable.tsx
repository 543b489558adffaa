import { Link } from "@remix-run/react";
import { ExternalLink, History, Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListTable, type Column } from "../../components/list";
import { Button, buttonClasses } from "../../components/ui/Button";
import { Skeleton } from "../../components/ui/Spinner";
import { DEFAULT_TIME_ZONE, formatDateTime } from "../../lib/dates";
import { formatPhone } from "../../lib/phone";
import { TagChip } from "../tags/TagChip";
import type { ReportRow } from "./api";
import "./texts";

const minutes = (v: number | null, lang: string) => (v === null ? "–" : v.toLocaleString(lang, { maximumFractionDigits: 1 }));

/** Columns a phone leaves out: their values move under the contact's name in the first cell. */
const WIDE = "hidden md:table-cell";

/**
 * The reports' rows: a table on wide screens; on phones each row is a card (contact, status, queue and agent,
 * times) with the same two actions, the ticket's history and its chat.
 */
export function ReportsTable({
  rows,
  loaded,
  loadingMore,
  timeZone,
  onHistory,
}: {
  rows: ReportRow[];
  loaded: boolean;
  loadingMore: boolean;
  timeZone: string | undefined;
  onHistory: (row: ReportRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const dateTime = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, timeZone ?? DEFAULT_TIME_ZONE) : "–");
  const min = (v: number | null) => minutes(v, i18n.language);
  const wide = (header: string, cell: (r: ReportRow) => ReactNode, cellClassName?: string): Column<ReportRow> => ({
    header,
    className: cellClassName?.includes("text-right") ? `${WIDE} text-right` : WIDE,
    cellClassName,
    skeleton: <Skeleton className="h-4 w-12" />,
    cell,
  });
  const columns: Column<ReportRow>[] = [
    {
      header: t("insight.reports.contact"),
      cellClassName: "max-w-0 md:max-w-none",
      skeleton: (
        <>
          <Skeleton className="h-4 w-32" />
          <Skeleton className="mt-1 h-3 w-24" />
        </>
      ),
      cell: (r) => (
        <>
          <div className="truncate font-medium">{r.contact.name}</div>
          <div className="text-xs text-muted">
            #{r.ticketId} · {formatPhone(r.contact.number)}
          </div>
          <div className="mt-1 space-y-0.5 text-xs text-muted md:hidden">
            <p>
              {t(`insight.reports.statuses.${r.status}`)} · {r.queue?.name ?? "–"} · {r.user?.name ?? "–"}
            </p>
            <p>
              {dateTime(r.startedAt)} → {dateTime(r.finishedAt)}
            </p>
            <p className="tabular-nums">
              {t("insight.reports.wait")} {min(r.waitTime)} · {t("insight.reports.firstResponse")} {min(r.firstResponseTime)} ·{" "}
              {t("insight.reports.resolution")} {min(r.resolutionTime)}
              {r.rate !== null ? ` · ${t("insight.reports.rating")} ${r.rate}` : ""}
            </p>
          </div>
        </>
      ),
    },
    wide(t("insight.reports.queue"), (r) => r.queue?.name ?? "–"),
    wide(t("insight.reports.agent"), (r) => r.user?.name ?? "–"),
    wide(t("insight.reports.status"), (r) => t(`insight.reports.statuses.${r.status}`)),
    wide(t("insight.reports.started"), (r) => dateTime(r.startedAt), "whitespace-nowrap"),
    wide(t("insight.reports.finished"), (r) => dateTime(r.finishedAt), "whitespace-nowrap"),
    wide(t("insight.reports.wait"), (r) => min(r.waitTime), "text-right tabular-nums"),
    wide(t("insight.reports.firstResponse"), (r) => min(r.firstResponseTime), "text-right tabular-nums"),
    wide(t("insight.reports.resolution"), (r) => min(r.resolutionTime), "text-right tabular-nums"),
    wide(t("insight.reports.rating"), (r) => r.rate ?? "–", "text-right tabular-nums"),
    wide(t("insight.reports.tags"), (r) => (
      <div className="flex flex-wrap gap-1">
        {r.tags.map((tag) => (
          <TagChip key={tag.name} name={tag.name} color={tag.color} />
        ))}
      </div>
    )),
    {
      header: <span className="sr-only">{t("insight.reports.open")}</span>,
      className: "w-20",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (r) => (
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="icon-sm" aria-label={t("insight.reports.historyOf", { id: r.ticketId })} onClick={() => onHistory(r)}>
            <History className="size-4" aria-hidden />
          </Button>
          <Link to={`/tickets/${r.uuid}`} className={buttonClasses("ghost", "icon-sm")} aria-label={t("insight.reports.open")}>
            <ExternalLink className="size-4" aria-hidden />
          </Link>
        </div>
      ),
    },
  ];
  return (
    <ListTable
      testId="reports-table"
      rows={rows}
      columns={columns}
      loaded={loaded}
      loadingMore={loadingMore}
      skeletonRows={8}
      empty={{ icon: Inbox, title: t("insight.reports.empty") }}
    />
  );
}
