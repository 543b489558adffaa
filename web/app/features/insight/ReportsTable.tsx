import { ExternalLink, History, Inbox } from "lucide-react";
import { DEFAULT_TIME_ZONE, formatDateTime } from "../../lib/dates";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClasses, Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton, Spinner } from "../../components/ui/Spinner";
import { TBody, THead, Table, Td, Th, Tr } from "../../components/ui/Table";
import { TagChip } from "../tags/TagChip";
import type { ReportRow } from "./api";
import "./texts";
import { formatPhone } from "../../lib/phone";

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
  if (loaded && rows.length === 0) return <EmptyState icon={Inbox} title={t("insight.reports.empty")} />;
  const dateTime = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, timeZone ?? DEFAULT_TIME_ZONE) : "–");
  const min = (v: number | null) => minutes(v, i18n.language);
  return (
    <Table data-testid="reports-table">
      <THead>
        <tr>
          <Th>{t("insight.reports.contact")}</Th>
          <Th className={WIDE}>{t("insight.reports.queue")}</Th>
          <Th className={WIDE}>{t("insight.reports.agent")}</Th>
          <Th className={WIDE}>{t("insight.reports.status")}</Th>
          <Th className={WIDE}>{t("insight.reports.started")}</Th>
          <Th className={WIDE}>{t("insight.reports.finished")}</Th>
          <Th className={`${WIDE} text-right`}>{t("insight.reports.wait")}</Th>
          <Th className={`${WIDE} text-right`}>{t("insight.reports.firstResponse")}</Th>
          <Th className={`${WIDE} text-right`}>{t("insight.reports.resolution")}</Th>
          <Th className={`${WIDE} text-right`}>{t("insight.reports.rating")}</Th>
          <Th className={WIDE}>{t("insight.reports.tags")}</Th>
          <Th className="w-20">
            <span className="sr-only">{t("insight.reports.open")}</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {!loaded
          ? Array.from({ length: 8 }, (_, i) => (
              <Tr key={i} aria-hidden>
                <Td>
                  <Skeleton className="h-4 w-32" />
                  <Skeleton className="mt-1 h-3 w-24" />
                </Td>
                {Array.from({ length: 10 }, (_, j) => (
                  <Td key={j} className={WIDE}>
                    <Skeleton className="h-4 w-12" />
                  </Td>
                ))}
                <Td>
                  <Skeleton className="ml-auto h-8 w-16" />
                </Td>
              </Tr>
            ))
          : rows.map((r) => (
              <Tr key={r.id}>
                <Td className="max-w-0 md:max-w-none">
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
                </Td>
                <Td className={WIDE}>{r.queue?.name ?? "–"}</Td>
                <Td className={WIDE}>{r.user?.name ?? "–"}</Td>
                <Td className={WIDE}>{t(`insight.reports.statuses.${r.status}`)}</Td>
                <Td className={`${WIDE} whitespace-nowrap`}>{dateTime(r.startedAt)}</Td>
                <Td className={`${WIDE} whitespace-nowrap`}>{dateTime(r.finishedAt)}</Td>
                <Td className={`${WIDE} text-right tabular-nums`}>{min(r.waitTime)}</Td>
                <Td className={`${WIDE} text-right tabular-nums`}>{min(r.firstResponseTime)}</Td>
                <Td className={`${WIDE} text-right tabular-nums`}>{min(r.resolutionTime)}</Td>
                <Td className={`${WIDE} text-right tabular-nums`}>{r.rate ?? "–"}</Td>
                <Td className={WIDE}>
                  <div className="flex flex-wrap gap-1">
                    {r.tags.map((tag) => (
                      <TagChip key={tag.name} name={tag.name} color={tag.color} />
                    ))}
                  </div>
                </Td>
                <Td>
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="icon-sm" aria-label={t("insight.reports.historyOf", { id: r.ticketId })} onClick={() => onHistory(r)}>
                      <History className="size-4" aria-hidden />
                    </Button>
                    <Link to={`/tickets/${r.uuid}`} className={buttonClasses("ghost", "icon-sm")} aria-label={t("insight.reports.open")}>
                      <ExternalLink className="size-4" aria-hidden />
                    </Link>
                  </div>
                </Td>
              </Tr>
            ))}
        {loadingMore && loaded ? (
          <tr>
            <td colSpan={12} className="p-3">
              <Spinner label={t("insight.reports.loadingMore")} />
            </td>
          </tr>
        ) : null}
      </TBody>
    </Table>
  );
}
