import { Link, useSearchParams } from "@remix-run/react";
import { ArrowLeft, FileSpreadsheet, FileText, Filter as FilterIcon } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { InfiniteScroller, SEARCH_DEBOUNCE_MS, usePagedList } from "../../components/list";
import { Button, buttonClasses } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Input } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { useDebouncedValue } from "../../lib/hooks";
import { toastError } from "../../lib/errors";
import { DEFAULT_FILTER, fetchReports, filterQuery, PERIODS, type Filter, type ReportRow } from "./api";
import { downloadCsvAsXlsx } from "./exportSheet";
import { Filters } from "./Filters";
import { ReportHistoryDialog } from "./ReportHistoryDialog";
import { ReportsTable } from "./ReportsTable";
import "./texts";

const ALL = "all";
const PAGE_SIZE = 50;

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

export function ReportsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<Filter>(() => filterFrom(params));
  const [status, setStatus] = useState("");
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [exporting, setExporting] = useState(false);
  const [historyOf, setHistoryOf] = useState<ReportRow | null>(null);
  const [timeZone, setTimeZone] = useState<string>();
  const base = useMemo(() => filterQuery(filter), [filter]);
  const query = useMemo(
    () => (base ? { ...base, ...(status ? { status } : {}), ...(search ? { searchParam: search } : {}) } : null),
    [base, status, search],
  );
  // The list kit pages by one key: the whole query, so any filter change starts again at page 1.
  const fetchPage = useCallback(
    async ({ pageNumber }: { pageNumber: number }) => {
      if (!query) return { items: [], count: 0, hasMore: false };
      const page = await fetchReports({ ...query, pageNumber, pageSize: PAGE_SIZE });
      setTimeZone(page.timezone);
      return { items: page.reports, count: page.count, hasMore: page.hasMore };
    },
    [query],
  );
  const list = usePagedList<ReportRow>(JSON.stringify(query), fetchPage);

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

  return (
    <PageFrame className="h-full min-h-0 max-w-7xl">
      <PageHeader
        title={t("insight.reportsTitle")}
        count={query && list.loaded ? list.count : undefined}
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
        </Filters>
      </Card>
      {!query ? (
        <Card>
          <EmptyState icon={FilterIcon} title={t("insight.parametrize")} description={t("insight.parametrizeHint")} />
        </Card>
      ) : (
        <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
          <InfiniteScroller list={list}>
            <ReportsTable rows={list.items} loaded={list.loaded} loadingMore={list.loading} timeZone={timeZone} onHistory={setHistoryOf} />
          </InfiniteScroller>
        </Card>
      )}
      <ReportHistoryDialog row={historyOf} timeZone={timeZone} onClose={() => setHistoryOf(null)} />
    </PageFrame>
  );
}
