import { Link, useSearchParams } from "@remix-run/react";
import { ArrowLeft, ExternalLink, FileSpreadsheet, FileText, Filter as FilterIcon, Inbox } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { Button, buttonClasses } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Input } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Spinner } from "../../components/ui/Spinner";
import { TBody, THead, Table, Td, Th, Tr } from "../../components/ui/Table";
import { useDebouncedValue } from "../../lib/hooks";
import { toastError } from "../../lib/errors";
import { DEFAULT_FILTER, fetchReports, filterQuery, PERIODS, type Filter, type ReportsPage as Page } from "./api";
import { downloadCsvAsXlsx } from "./exportSheet";
import { Filters } from "./Filters";
import "./texts";

const ALL = "all";

/** The filter a link from the dashboard carries (?days= or ?date_from=&date_to=, queueId, userId). */
function filterFrom(params: URLSearchParams): Filter {
  const days = Number(params.get("days"));
  const from = params.get("date_from") ?? "";
  const to = params.get("date_to") ?? "";
  return {
    days: from && to ? "range" : (PERIODS as readonly number[]).includes(days) ? days : DEFAULT_FILTER.days,
    from,
    to,
    queueId: params.get("queueId") ?? "",
    userId: params.get("userId") ?? "",
  };
}

const minutes = (v: number | null) => (v === null ? "–" : v.toLocaleString(undefined, { maximumFractionDigits: 1 }));

export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<Filter>(() => filterFrom(params));
  const [status, setStatus] = useState("");
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim(), 500);
  const [pageNumber, setPageNumber] = useState(1);
  const [page, setPage] = useState<Page | null>(null);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const base = useMemo(() => filterQuery(filter), [filter]);
  const query = useMemo(
    () => (base ? { ...base, ...(status ? { status } : {}), ...(search ? { searchParam: search } : {}) } : null),
    [base, status, search],
  );
  useEffect(() => setPageNumber(1), [query]);
  useEffect(() => {
    if (!query) return;
    const abort = new AbortController();
    setLoading(true);
    fetchReports({ ...query, pageNumber, pageSize: 20 }, abort.signal)
      .then(setPage)
      .catch((err) => abort.signal.aborted || toastError(err))
      .finally(() => abort.signal.aborted || setLoading(false));
    return () => abort.abort();
  }, [query, pageNumber]);

  const csvHref = query ? `/api/ticket/reports?${new URLSearchParams({ ...query, format: "csv" })}` : undefined;
  const exportXlsx = async () => {
    if (!csvHref) return;
    setExporting(true);
    try {
      const res = await fetch(csvHref, { credentials: "same-origin" });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      await downloadCsvAsXlsx(await res.text(), t("insight.export.reports"), "tickets-report");
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };
  const dateTime = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { timeZone: page?.timezone, dateStyle: "short", timeStyle: "short" }) : "–";

  return (
    <PageFrame className="max-w-7xl">
      <PageHeader
        title={t("insight.reportsTitle")}
        count={page?.count}
        actions={
          <>
            <Link to="/" className={buttonClasses("ghost", "md")}>
              <ArrowLeft className="size-4" aria-hidden />
              {t("insight.backToDashboard")}
            </Link>
            <a href={csvHref} download className={buttonClasses("outline", "md", !csvHref ? "pointer-events-none opacity-60" : undefined)}>
              <FileText className="size-4" aria-hidden />
              {t("insight.export.csv")}
            </a>
            <Button variant="outline" loading={exporting} disabled={!csvHref} onClick={exportXlsx}>
              <FileSpreadsheet className="size-4" aria-hidden />
              {t("insight.export.xlsx")}
            </Button>
          </>
        }
      />
      <Card className="p-4">
        <Filters value={filter} onChange={setFilter}>
          <label className="flex flex-col gap-1 text-xs font-medium text-muted sm:w-40">
            {t("insight.filters.status")}
            <Select
              aria-label={t("insight.filters.status")}
              value={status || ALL}
              onValueChange={(v) => setStatus(v === ALL ? "" : v)}
              options={[
                { value: ALL, label: t("insight.filters.all") },
                ...(["open", "pending", "closed"] as const).map((s) => ({ value: s, label: t(`insight.reports.statuses.${s}`) })),
              ]}
            />
          </label>
          <label className="col-span-2 flex flex-col gap-1 text-xs font-medium text-muted sm:w-56">
            {t("insight.filters.search")}
            <Input type="search" value={searchInput} onChange={(e) => setSearchInput(e.target.value)} />
          </label>
          {loading ? <Spinner label={t("insight.charts.loading")} /> : null}
        </Filters>
      </Card>
      {!query ? (
        <Card>
          <EmptyState icon={FilterIcon} title={t("insight.parametrize")} description={t("insight.parametrizeHint")} />
        </Card>
      ) : page && page.reports.length === 0 ? (
        <Card>
          <EmptyState icon={Inbox} title={t("insight.reports.empty")} />
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <div className="overflow-x-auto">
            <Table data-testid="reports-table">
              <THead>
                <tr>
                  <Th>{t("insight.reports.contact")}</Th>
                  <Th>{t("insight.reports.queue")}</Th>
                  <Th>{t("insight.reports.agent")}</Th>
                  <Th>{t("insight.reports.status")}</Th>
                  <Th>{t("insight.reports.started")}</Th>
                  <Th>{t("insight.reports.finished")}</Th>
                  <Th className="text-right">{t("insight.reports.wait")}</Th>
                  <Th className="text-right">{t("insight.reports.firstResponse")}</Th>
                  <Th className="text-right">{t("insight.reports.resolution")}</Th>
                  <Th className="text-right">{t("insight.reports.rating")}</Th>
                  <Th>{t("insight.reports.tags")}</Th>
                  <Th>
                    <span className="sr-only">{t("insight.reports.open")}</span>
                  </Th>
                </tr>
              </THead>
              <TBody>
                {(page?.reports ?? []).map((r) => (
                  <Tr key={r.id}>
                    <Td>
                      <div className="font-medium">{r.contact.name}</div>
                      <div className="text-xs text-muted">{r.contact.number}</div>
                    </Td>
                    <Td>{r.queue?.name ?? "–"}</Td>
                    <Td>{r.user?.name ?? "–"}</Td>
                    <Td>{t(`insight.reports.statuses.${r.status}`)}</Td>
                    <Td className="whitespace-nowrap">{dateTime(r.startedAt)}</Td>
                    <Td className="whitespace-nowrap">{dateTime(r.finishedAt)}</Td>
                    <Td className="text-right tabular-nums">{minutes(r.waitTime)}</Td>
                    <Td className="text-right tabular-nums">{minutes(r.firstResponseTime)}</Td>
                    <Td className="text-right tabular-nums">{minutes(r.resolutionTime)}</Td>
                    <Td className="text-right tabular-nums">{r.rate ?? "–"}</Td>
                    <Td>
                      <div className="flex flex-wrap gap-1">
                        {r.tags.map((tag) => (
                          <span key={tag.name} className="rounded-full px-2 py-0.5 text-xs text-white" style={{ background: tag.color || "#888" }}>
                            {tag.name}
                          </span>
                        ))}
                      </div>
                    </Td>
                    <Td>
                      <Link to={`/tickets/${r.uuid}`} className={buttonClasses("ghost", "icon-sm")} aria-label={t("insight.reports.open")}>
                        <ExternalLink className="size-4" aria-hidden />
                      </Link>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
          <div className="flex items-center justify-between gap-2 border-t border-line p-3 text-sm">
            <Button variant="outline" size="sm" disabled={pageNumber <= 1} onClick={() => setPageNumber((n) => n - 1)}>
              {t("insight.reports.previous")}
            </Button>
            <span className="text-muted">{t("insight.reports.page", { page: pageNumber })}</span>
            <Button variant="outline" size="sm" disabled={!page?.hasMore} onClick={() => setPageNumber((n) => n + 1)}>
              {t("insight.reports.next")}
            </Button>
          </div>
        </Card>
      )}
    </PageFrame>
  );
}
