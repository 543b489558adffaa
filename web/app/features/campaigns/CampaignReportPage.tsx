import { Link } from "@remix-run/react";
import { ArrowLeft, FileDown, Users } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { ListTable, type Column } from "../../components/list";
import { Button, buttonClasses } from "../../components/ui/Button";
import { Skeleton } from "../../components/ui/Spinner";
import { ZoneNote } from "../../components/ui/ZoneNote";
import { useCompanyTime } from "../../lib/useCompanyTime";
import { describeErrorCode, toastError } from "../../lib/errors";
import { useRealtimeEvent } from "../../lib/realtime";
import { useRouteId } from "../../lib/routeIds";
import { downloadFile } from "../../lib/upload";
import { formatPhone } from "../../lib/phone";
import { campaignReport } from "./api";
import { StatusBadge } from "./CampaignsPage";
import type { CampaignCounts, CampaignReport, RecipientRow } from "./types";
import "./texts";

const COUNTS: (keyof CampaignCounts)[] = ["valid", "delivered", "failed", "invalid", "confirmationRequested", "confirmed", "replied", "optedOut", "skipped"];

/** /campaign/{id}/report (spec 002): the counts live, progress (delivered over valid), estimated finish, failures by reason, recipients, CSV. */
export function CampaignReportPage() {
  const { t, i18n } = useTranslation();
  const id = useRouteId("campaignId");
  const clock = useCompanyTime();
  const [report, setReport] = useState<CampaignReport | null>(null);
  const [recipients, setRecipients] = useState<RecipientRow[]>([]);
  const [page, setPage] = useState(1);
  const refresh = useCallback(async () => {
    try {
      const next = await campaignReport(id);
      setReport(next);
      setRecipients(next.records);
      setPage(1);
    } catch (err) {
      toastError(err);
    }
  }, [id]);
  useEffect(() => void refresh(), [refresh]);
  // Recipients' rows follow the counts a moment later (one read per burst of events, not one per send).
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useRealtimeEvent("campaign", (event) => {
    if (event.action === "progress" && event.campaignId === id) {
      const counts = event.counts;
      setReport((r) => (r ? { ...r, counts, progress: counts.valid ? Math.round((counts.delivered / counts.valid) * 1000) / 10 : 0 } : r));
      if (!pending.current) pending.current = setTimeout(() => ((pending.current = null), void refresh()), 2000);
    } else if (event.action === "update" && event.campaign.id === id) {
      // Spec 002: the report refreshes 5 s after the campaign finishes.
      setTimeout(() => void refresh(), event.campaign.status === "FINALIZADA" ? 5000 : 0);
    }
  });
  useEffect(() => () => void (pending.current && clearTimeout(pending.current)), []);
  const more = async () => {
    const next = await campaignReport(id, page + 1);
    setRecipients((r) => [...r, ...next.records]);
    setPage(page + 1);
  };
  const recipientColumns: Column<RecipientRow>[] = [
    {
      header: t("campaigns.report.columns.name"),
      cellClassName: "max-w-0",
      cell: (r) => (
        <>
          <span className="block truncate">{r.name || formatPhone(r.number)}</span>
          <span className="block truncate text-xs text-subtle sm:hidden">{formatPhone(r.number)}</span>
        </>
      ),
    },
    { header: t("campaigns.report.columns.number"), className: "hidden sm:table-cell", cellClassName: "tabular-nums", cell: (r) => formatPhone(r.number) },
    {
      header: t("campaigns.report.columns.status"),
      cell: (r) => (
        <>
          {/* Still sending, with a reason: Meta held the message back and it is tried again later (131049). */}
          {r.status === "sending" && r.error ? t("campaigns.report.retryScheduled") : t(`campaigns.report.recipientStatus.${r.status}`)}
          {r.error ? <span className="block text-xs text-danger">{describeErrorCode(r.error, t)}</span> : null}
        </>
      ),
    },
    {
      header: t("campaigns.report.columns.deliveredAt"),
      className: "hidden md:table-cell",
      cellClassName: "whitespace-nowrap",
      cell: (r) => (r.deliveredAt ? clock.dateTime(r.deliveredAt) : "—"),
    },
  ];
  const exportCsv = () => downloadFile(`/campaigns/${id}/report.csv?lang=${encodeURIComponent(i18n.language)}`, `campaign-${id}.csv`).catch(toastError);

  return (
    <PageFrame className="max-w-5xl">
      <Link to="/campaigns" className="inline-flex items-center gap-1 text-sm text-muted hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        {t("campaigns.report.back")}
      </Link>
      <PageHeader
        title={report ? t("campaigns.report.title", { name: report.campaign.name }) : <Skeleton className="h-7 w-64" />}
        actions={
          <Button variant="outline" onClick={exportCsv}>
            <FileDown className="size-4" aria-hidden />
            {t("campaigns.report.exportCsv")}
          </Button>
        }
      />
      {!report ? (
        <Card className="p-6">
          <Skeleton className="h-24 w-full" />
        </Card>
      ) : (
        <div className="space-y-4 pb-8">
          <Card className="space-y-3 p-4 sm:p-6">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex flex-wrap items-center gap-2">
                <StatusBadge status={report.campaign.status} />
                {report.campaign.templateName ? (
                  <span className="text-sm text-muted" data-testid="campaign-template">
                    {t("campaigns.dialog.cloud.templateName", { name: report.campaign.templateName })}
                  </span>
                ) : null}
              </span>
              {report.estimatedFinishAt ? (
                <span className="text-sm text-muted" data-testid="estimated-finish">
                  {t("campaigns.report.estimatedFinish", { at: clock.dateTime(report.estimatedFinishAt) })}
                </span>
              ) : null}
            </div>
            <ZoneNote />
            <div>
              <div className="mb-1 flex justify-between text-sm">
                <span id="campaign-progress-label">{t("campaigns.report.progress")}</span>
                <span className="tabular-nums">{report.progress}%</span>
              </div>
              <div role="progressbar" aria-labelledby="campaign-progress-label" aria-valuemin={0} aria-valuemax={100} aria-valuenow={report.progress} className="h-3 overflow-hidden rounded-full bg-line">
                <div className="h-full rounded-full bg-brand transition-all" style={{ width: `${Math.min(100, report.progress)}%` }} />
              </div>
            </div>
          </Card>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {COUNTS.map((key) => (
              <Card key={key} className="p-4">
                <div data-count={key}>
                  <p className="text-sm text-muted">{t(`campaigns.report.counts.${key}`)}</p>
                  <p className="text-2xl font-semibold tabular-nums">{report.counts[key].toLocaleString(i18n.language)}</p>
                </div>
              </Card>
            ))}
          </div>
          {report.failures.length ? (
            <Card className="p-4 sm:p-6">
              <h2 className="mb-2 font-semibold">{t("campaigns.report.failures")}</h2>
              <ul className="space-y-1 text-sm">
                {report.failures.map((f) => (
                  <li key={f.error} className="flex justify-between gap-4">
                    <span>{describeErrorCode(f.error, t)}</span>
                    <span className="tabular-nums">{f.count}</span>
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
          <Card className="overflow-hidden">
            <h2 className="px-4 pt-4 font-semibold sm:px-6">{t("campaigns.report.recipients")}</h2>
            <ListTable
              rows={recipients}
              columns={recipientColumns}
              loaded
              loadingMore={false}
              rowProps={(r) => ({ "data-recipient": r.number })}
              empty={{ icon: Users, title: t("campaigns.report.noRecipients") }}
            />
            {recipients.length < report.count ? (
              <div className="p-3 text-center">
                <button type="button" className={buttonClasses("ghost", "sm")} onClick={() => void more()}>
                  {t("campaigns.report.loadMore")}
                </button>
              </div>
            ) : null}
          </Card>
        </div>
      )}
    </PageFrame>
  );
}
