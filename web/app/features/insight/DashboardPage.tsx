import { Link } from "@remix-run/react";
import { BarChart3, FileSpreadsheet, FileText, Filter as FilterIcon, Inbox, ListChecks } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { Button, buttonClasses } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Spinner } from "../../components/ui/Spinner";
import { TBody, THead, Table, Td, Th, Tr } from "../../components/ui/Table";
import { zoneLabel } from "../../lib/dates";
import { toastError } from "../../lib/errors";
import { formatNumber, formatPercent } from "../../lib/numbers";
import { DEFAULT_FILTER, fetchDashboard, filterQuery, type Attendant, type DashboardData, type Filter } from "./api";
import { downloadCsv, downloadXlsx, type SheetTable } from "./exportSheet";
import { Filters } from "./Filters";
import { ServiceLevelsPanel } from "./ServiceLevelsPanel";
import "./texts";

const PerDayChart = lazy(() => import("./Charts").then((m) => ({ default: m.PerDayChart })));
const PerAgentChart = lazy(() => import("./Charts").then((m) => ({ default: m.PerAgentChart })));


export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<Filter>(DEFAULT_FILTER);
  const query = useMemo(() => filterQuery(filter), [filter]);
  const [data, setData] = useState<DashboardData | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!query) return;
    const abort = new AbortController();
    setLoading(true);
    fetchDashboard(query, abort.signal)
      .then((d) => setData(d))
      .catch((err) => abort.signal.aborted || toastError(err))
      .finally(() => abort.signal.aborted || setLoading(false));
    return () => abort.abort();
  }, [query]);

  const tables = data ? exportTables(data, t) : [];
  const reportsHref = `/reports${query ? `?${new URLSearchParams(query)}` : ""}`;
  const empty = data && data.created === 0 && data.supportFinished === 0 && data.supportHappening === 0 && data.supportPending === 0;

  return (
    <PageFrame className="max-w-7xl">
      <PageHeader
        title={t("insight.title")}
        actions={
          <>
            <Link to={reportsHref} className={buttonClasses("outline", "md")}>
              <ListChecks className="size-4" aria-hidden />
              {t("insight.openReports")}
            </Link>
            <Button variant="outline" disabled={!data || !query} onClick={() => downloadCsv(tables, `dashboard-${data?.period.from}-${data?.period.to}`, i18n.language)}>
              <FileText className="size-4" aria-hidden />
              {t("insight.export.csv")}
            </Button>
            <Button
              variant="outline"
              disabled={!data || !query}
              onClick={() => downloadXlsx(tables, `dashboard-${data?.period.from}-${data?.period.to}`).catch(toastError)}
            >
              <FileSpreadsheet className="size-4" aria-hidden />
              {t("insight.export.xlsx")}
            </Button>
          </>
        }
      />
      <Card className="p-4">
        <Filters value={filter} onChange={setFilter}>
          {loading ? <Spinner label={t("insight.charts.loading")} /> : null}
        </Filters>
      </Card>
      {!query ? (
        <Card>
          <EmptyState icon={FilterIcon} title={t("insight.parametrize")} description={t("insight.parametrizeHint")} />
        </Card>
      ) : !data ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-6" label={t("insight.charts.loading")} />
        </div>
      ) : (
        <>
          <p className="text-xs text-muted" data-testid="dashboard-period">
            {periodText(data.period.from, data.period.to, i18n.language)} · {t("insight.timezone", { timezone: zoneLabel(data.period.timezone, i18n.language) })}
          </p>
          <Cards data={data} />
          {empty ? (
            <Card>
              <EmptyState icon={Inbox} title={t("insight.noData")} description={t("insight.noDataHint")} />
            </Card>
          ) : (
            <>
              <AttendantsTable rows={data.attendants} />
              {data.serviceLevels ? <ServiceLevelsPanel data={data.serviceLevels} /> : null}
              <div className="grid gap-4 lg:grid-cols-2">
                <ChartPanel
                  title={t("insight.charts.perDay")}
                  table={
                    <SimpleTable
                      header={[t("insight.charts.date"), t("insight.charts.created"), t("insight.charts.resolved")]}
                      rows={data.series.days.map((d) => [calendarDay(d.date, i18n.language), d.created, d.resolved])}
                    />
                  }
                >
                  <PerDayChart data={data.series.days} labels={{ created: t("insight.charts.created"), resolved: t("insight.charts.resolved") }} />
                </ChartPanel>
                <ChartPanel
                  title={t("insight.charts.perAgent")}
                  table={<SimpleTable header={[t("insight.charts.agent"), t("insight.attendants.tickets")]} rows={data.attendants.map((a) => [a.name, a.tickets])} />}
                >
                  <PerAgentChart data={data.attendants.filter((a) => a.tickets > 0)} label={t("insight.charts.resolved")} />
                </ChartPanel>
              </div>
              <Heatmap grid={data.series.heatmap} />
            </>
          )}
        </>
      )}
    </PageFrame>
  );
}

function Cards({ data }: { data: DashboardData }) {
  const { t, i18n } = useTranslation();
  // Every number in the reader's language (3,5 in pt-BR), not the browser's default.
  const n = (v: number | null | undefined) => formatNumber(v, i18n.language);
  const fmtMin = n;
  const time = (avg: number | null, median: number | null) => ({
    value: avg === null ? "–" : t("insight.minutes", { value: fmtMin(avg) }),
    detail: t("insight.cards.avgMedian", { avg: fmtMin(avg), median: fmtMin(median) }),
  });
  const r = data.ratings;
  const cards: { label: string; value: ReactNode; detail?: string; note?: string; testId: string }[] = [
    { label: t("insight.cards.inService"), value: n(data.supportHappening), detail: t("insight.cards.now"), testId: "card-in-service" },
    { label: t("insight.cards.waiting"), value: n(data.supportPending), detail: t("insight.cards.now"), testId: "card-waiting" },
    { label: t("insight.cards.resolved"), value: n(data.supportFinished), testId: "card-resolved" },
    { label: t("insight.cards.newContacts"), value: n(data.newContacts), testId: "card-new-contacts" },
    { label: t("insight.cards.waitTime"), ...time(data.avgWaitTime, data.medianWaitTime), testId: "card-wait" },
    { label: t("insight.cards.firstResponse"), ...time(data.avgFirstResponseTime, data.medianFirstResponseTime), testId: "card-first-response" },
    { label: t("insight.cards.resolution"), ...time(data.avgSupportTime, data.medianSupportTime), testId: "card-resolution" },
    {
      label: t("insight.cards.csat"),
      value: formatPercent(r.csat, i18n.language),
      // CSAT is the share of 3s (worker/domain/insight/stats.ts): a 3 and a 2 read 50 %, so the card says so.
      note: t("insight.cards.csatCounts", { top: n(r.distribution[3]), answered: n(r.answered) }),
      detail: t("insight.cards.csatDetail", { answered: n(r.answered), asked: n(r.asked), rate: formatPercent(r.responseRate, i18n.language) }),
      testId: "card-csat",
    },
  ];
  if (data.platform) {
    cards.push(
      { label: t("insight.cards.companies"), value: n(data.platform.totalCompanies), testId: "card-companies" },
      { label: t("insight.cards.sessions"), value: n(data.platform.totalWhatsappSessions), testId: "card-sessions" },
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {cards.map((c) => (
        <li key={c.testId} data-testid={c.testId}>
          <Card className="flex h-full flex-col gap-1 p-4">
            <span className="text-xs font-medium text-muted">{c.label}</span>
            <span className="text-2xl font-semibold tabular-nums text-fg">{c.value}</span>
            {c.note ? <span className="text-xs text-muted" data-testid={`${c.testId}-note`}>{c.note}</span> : null}
            {c.detail ? <span className="text-xs text-subtle">{c.detail}</span> : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}

type SortKey = "name" | "online" | "tickets" | "avgSupportTime" | "medianSupportTime" | "avgFirstResponseTime" | "rating";

function AttendantsTable({ rows }: { rows: Attendant[] }) {
  const { t, i18n } = useTranslation();
  const fmtMin = (v: number | null) => formatNumber(v, i18n.language);
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: "tickets", desc: true });
  const sorted = useMemo(() => {
    const value = (a: Attendant) => a[sort.key];
    return [...rows].sort((x, y) => {
      const a = value(x);
      const b = value(y);
      if (a === b) return 0;
      if (a === null) return 1;
      if (b === null) return -1;
      const cmp = typeof a === "string" ? a.localeCompare(b as string) : Number(a) - Number(b);
      return sort.desc ? -cmp : cmp;
    });
  }, [rows, sort]);
  const columns: { key: SortKey; label: string; numeric?: boolean }[] = [
    { key: "name", label: t("insight.attendants.name") },
    { key: "online", label: t("insight.attendants.online") },
    { key: "tickets", label: t("insight.attendants.tickets"), numeric: true },
    { key: "avgSupportTime", label: t("insight.attendants.avgTime"), numeric: true },
    { key: "medianSupportTime", label: t("insight.attendants.medianTime"), numeric: true },
    { key: "avgFirstResponseTime", label: t("insight.attendants.firstResponse"), numeric: true },
    { key: "rating", label: t("insight.attendants.rating"), numeric: true },
  ];
  return (
    <Card className="overflow-hidden">
      <h2 className="px-4 pt-4 text-sm font-semibold">{t("insight.attendants.title")}</h2>
      <div className="overflow-x-auto">
        <Table data-testid="attendants-table">
          <THead>
            <tr>
              {columns.map((c) => (
                <Th
                  key={c.key}
                  aria-sort={sort.key === c.key ? (sort.desc ? "descending" : "ascending") : "none"}
                  className={c.numeric ? "text-right" : undefined}
                >
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 uppercase hover:text-fg max-sm:min-h-11 max-sm:min-w-11"
                    aria-label={t("insight.attendants.sortBy", { column: c.label })}
                    onClick={() => setSort((s) => ({ key: c.key, desc: s.key === c.key ? !s.desc : c.key !== "name" }))}
                  >
                    {c.label}
                    {sort.key === c.key ? <span aria-hidden>{sort.desc ? "▼" : "▲"}</span> : null}
                  </button>
                </Th>
              ))}
            </tr>
          </THead>
          <TBody>
            {sorted.map((a) => (
              <Tr key={a.id}>
                <Td className="font-medium">{a.name}</Td>
                <Td>
                  <span className="inline-flex items-center gap-1.5">
                    <span aria-hidden className={`size-2 rounded-full ${a.online ? "bg-green-500" : "bg-surface-3"}`} />
                    {a.online ? t("insight.attendants.yes") : t("insight.attendants.no")}
                  </span>
                </Td>
                <Td className="text-right tabular-nums">{formatNumber(a.tickets, i18n.language)}</Td>
                <Td className="text-right tabular-nums">{fmtMin(a.avgSupportTime)}</Td>
                <Td className="text-right tabular-nums">{fmtMin(a.medianSupportTime)}</Td>
                <Td className="text-right tabular-nums">{fmtMin(a.avgFirstResponseTime)}</Td>
                <Td className="text-right tabular-nums">{a.rating === null ? "–" : `${formatNumber(a.rating, i18n.language, 2, 2)} (${formatNumber(a.ratings, i18n.language)})`}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
    </Card>
  );
}

/** A chart with a switch to the same figures as a table (the accessible view). */
function ChartPanel({ title, children, table }: { title: string; children: ReactNode; table: ReactNode }) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  return (
    <Card className="flex flex-col gap-2 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{title}</h2>
        <Button variant="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? <BarChart3 className="size-4" aria-hidden /> : <ListChecks className="size-4" aria-hidden />}
          {asTable ? t("insight.charts.showChart") : t("insight.charts.showTable")}
        </Button>
      </div>
      {asTable ? (
        <div className="max-h-72 overflow-auto">{table}</div>
      ) : (
        // Hidden from screen readers, who get the table below; recharts' own keyboard layer is off (Charts.tsx).
        <div aria-hidden>
          <Suspense fallback={<div className="flex h-64 items-center justify-center"><Spinner label={t("insight.charts.loading")} /></div>}>{children}</Suspense>
        </div>
      )}
      {/* Screen readers get the table whichever view is shown. */}
      {asTable ? null : <div className="sr-only">{table}</div>}
    </Card>
  );
}

function SimpleTable({ header, rows }: { header: string[]; rows: (string | number)[][] }) {
  const { i18n } = useTranslation();
  return (
    <Table>
      <THead>
        <tr>
          {header.map((h, i) => (
            <Th key={h} className={i > 0 ? "text-right" : undefined}>
              {h}
            </Th>
          ))}
        </tr>
      </THead>
      <TBody>
        {rows.map((r) => (
          <Tr key={String(r[0])}>
            {r.map((v, i) => (
              <Td key={i} className={i > 0 ? "text-right tabular-nums" : undefined}>
                {typeof v === "number" ? formatNumber(v, i18n.language) : v}
              </Td>
            ))}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/** Messages from contacts by weekday and hour: a grid of shaded cells that is itself a table. */
function Heatmap({ grid }: { grid: number[][] }) {
  const { t, i18n } = useTranslation();
  const weekdays = t("insight.charts.weekdays", { returnObjects: true }) as string[];
  const max = Math.max(1, ...grid.flat());
  return (
    <Card className="flex flex-col gap-2 p-4">
      <h2 className="text-sm font-semibold">{t("insight.charts.heatmap")}</h2>
      <div className="overflow-x-auto">
        <table className="border-separate border-spacing-0.5 text-[10px]" data-testid="heatmap">
          <caption className="sr-only">{t("insight.charts.heatmap")}</caption>
          <thead>
            <tr>
              <th scope="col" className="sr-only">
                {t("insight.charts.hour")}
              </th>
              {Array.from({ length: 24 }, (_, h) => (
                <th key={h} scope="col" className="w-6 font-normal text-muted">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.map((row, d) => (
              <tr key={d}>
                <th scope="row" className="pr-2 text-left font-medium text-muted">
                  {weekdays[d]}
                </th>
                {row.map((n, h) => (
                  <td
                    key={h}
                    title={`${weekdays[d]} ${h}h: ${formatNumber(n, i18n.language)}`}
                    className="size-6 rounded text-center tabular-nums"
                    style={{ background: n ? `color-mix(in oklab, var(--brand) ${Math.round(15 + (85 * n) / max)}%, transparent)` : "var(--surface-2)" }}
                  >
                    <span className="sr-only">{formatNumber(n, i18n.language)}</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function exportTables(d: DashboardData, t: TFunction): SheetTable[] {
  const weekdays = t("insight.charts.weekdays", { returnObjects: true }) as unknown as string[];
  return [
    {
      name: t("insight.export.attendants"),
      header: [
        t("insight.attendants.name"),
        t("insight.attendants.online"),
        t("insight.attendants.tickets"),
        `${t("insight.attendants.avgTime")} (min)`,
        `${t("insight.attendants.medianTime")} (min)`,
        `${t("insight.attendants.firstResponse")} (min)`,
        t("insight.attendants.rating"),
      ],
      rows: d.attendants.map((a) => [a.name, a.online ? 1 : 0, a.tickets, a.avgSupportTime, a.medianSupportTime, a.avgFirstResponseTime, a.rating]),
    },
    {
      name: t("insight.export.perDay"),
      header: [t("insight.charts.date"), t("insight.charts.created"), t("insight.charts.resolved")],
      rows: d.series.days.map((x) => [x.date, x.created, x.resolved]),
    },
    {
      name: t("insight.export.heatmap"),
      header: [t("insight.charts.hour"), ...Array.from({ length: 24 }, (_, h) => String(h))],
      rows: d.series.heatmap.map((row, i) => [weekdays[i] ?? String(i), ...row]),
    },
  ];
}

/** A calendar date ("2026-11-28") as the reader writes it (28/11/2026), no zone moving it a day. */
function calendarDay(date: string, language: string) {
  return new Intl.DateTimeFormat(language, { dateStyle: "short", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}

/** The period's first and last local days ("19 – 25 de nov. de 2026"), in the reader's language. */
function periodText(from: string, to: string, language: string) {
  // Calendar dates, not instants: read at noon UTC and written in UTC, so no time zone moves them a day.
  const day = (d: string) => new Date(`${d}T12:00:00Z`);
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).formatRange(day(from), day(to));
}
