import { ScrollText } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { AuditEntryView, PlatformAuditEntryView } from "../../../../worker/contracts/audit";
import { ListTable, type Column } from "../../components/list";
import { buttonClasses } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/Popover";
import { Skeleton } from "../../components/ui/Spinner";
import { useCompanyTime } from "../../lib/useCompanyTime";
import { actionName } from "./actionNames";
import { deviceLabel as deviceName } from "../../../../worker/lib/device";
import "./texts";

export type AuditRow = AuditEntryView & Partial<Pick<PlatformAuditEntryView, "companyId" | "companyName">>;

/**
 * The log's rows, newest first: when (the company's clock), who, what (a refused attempt marked), on what, from where
 * (address and browser), and the entry's detail behind a button. The platform's log adds the company.
 */
export function AuditTable({ rows, loaded, loadingMore, filtered, platform }: { rows: AuditRow[]; loaded: boolean; loadingMore: boolean; filtered: boolean; platform: boolean }) {
  const { t } = useTranslation();
  const when = useCompanyTime();
  const columns: (Column<AuditRow> | false)[] = [
    {
      header: t("audit.columns.when"),
      // On phones the date and the time take two lines, leaving "what" its room.
      className: "w-24 sm:w-36 sm:whitespace-nowrap",
      cellClassName: "text-muted tabular-nums text-sm",
      skeleton: <Skeleton className="h-4 w-28" />,
      cell: (row) => <time dateTime={row.createdAt}>{when.dateTime(row.createdAt)}</time>,
    },
    platform && {
      header: t("audit.columns.company"),
      className: "hidden w-40 lg:table-cell",
      skeleton: <Skeleton className="h-4 w-24" />,
      cell: (row) => <span className="block truncate text-sm">{row.companyName ?? (row.companyId ? `#${row.companyId}` : "—")}</span>,
    },
    {
      header: t("audit.columns.who"),
      className: "hidden w-44 md:table-cell",
      skeleton: <Skeleton className="h-4 w-28" />,
      cell: (row) => <Actor row={row} platform={platform} />,
    },
    {
      header: t("audit.columns.what"),
      cellClassName: "w-full max-w-0",
      skeleton: <Skeleton className="h-4 w-48" />,
      cell: (row) => (
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium" data-testid="audit-action">
              {actionName(row.action, t)}
            </span>
            {row.outcome === "failed" ? (
              <span className="rounded-full bg-danger-soft px-2 py-0.5 text-xs font-medium text-danger" data-testid="audit-failed">
                {t("audit.outcomes.failed")}
              </span>
            ) : null}
          </span>
          <Target row={row} />
          {/* On narrower screens who and from where fold under what. */}
          <span className="text-xs text-muted md:hidden">
            <Actor row={row} platform={platform} inline />
          </span>
          <span className="text-xs text-subtle lg:hidden">{origin(row, t)}</span>
        </div>
      ),
    },
    {
      header: t("audit.columns.origin"),
      className: "hidden w-52 lg:table-cell",
      skeleton: <Skeleton className="h-4 w-32" />,
      cell: (row) => (
        <div className="flex min-w-0 flex-col text-xs text-muted">
          <span className="truncate tabular-nums">{row.ip ?? "—"}</span>
          <span className="truncate" title={row.userAgent ?? undefined}>
            {row.userAgent ? (deviceName(row.userAgent) ?? t("audit.unknownDevice")) : ""}
          </span>
        </div>
      ),
    },
    {
      header: <span className="sr-only">{t("audit.details")}</span>,
      className: "w-14 text-right",
      skeleton: <Skeleton className="ml-auto size-8 rounded-full" />,
      cell: (row) => <Details row={row} />,
    },
  ];
  return (
    <ListTable
      rows={rows}
      columns={columns}
      loaded={loaded}
      loadingMore={loadingMore}
      rowProps={(row) => ({ "data-testid": "audit-row", "data-action": row.action, "data-outcome": row.outcome })}
      empty={{ icon: ScrollText, title: t(filtered ? "audit.emptyFiltered" : "audit.empty"), description: t("audit.emptyHint") }}
    />
  );
}

/** "Suporte da plataforma" for a super admin acting in the company (their name beside it), the system, a token. */
function Actor({ row, platform, inline }: { row: AuditRow; platform: boolean; inline?: boolean }) {
  const { t } = useTranslation();
  const { main, sub } = actorOf(row, platform, t);
  if (inline) return <span data-testid="audit-actor-inline">{sub ? `${main} · ${sub}` : main}</span>;
  return (
    <div className="flex min-w-0 flex-col" data-testid="audit-actor">
      <span className={cn("truncate text-sm", row.actorKind === "super" && !platform && "font-medium text-warning-fg")}>{main}</span>
      {sub ? <span className="truncate text-xs text-muted">{sub}</span> : null}
    </div>
  );
}

export function actorOf(row: Pick<AuditRow, "actorKind" | "actorName" | "actorId">, platform: boolean, t: TFunction): { main: string; sub: string | null } {
  switch (row.actorKind) {
    case "super":
      return platform ? { main: row.actorName ?? t("audit.actors.super"), sub: null } : { main: t("audit.actors.super"), sub: row.actorName };
    case "system":
      return { main: t("audit.actors.system"), sub: null };
    case "api":
      return { main: t("audit.actors.api"), sub: row.actorName };
    default:
      return { main: row.actorName ?? (row.actorId ? `#${row.actorId}` : t("audit.actors.unknown")), sub: null };
  }
}

function Target({ row }: { row: AuditRow }) {
  const label = row.targetLabel ?? (row.targetId ? `#${row.targetId}` : null);
  if (!label) return null;
  return (
    <span className="truncate text-sm text-muted" title={label} data-testid="audit-target">
      {label}
    </span>
  );
}

function origin(row: AuditRow, t: TFunction): string {
  const device = row.userAgent ? (deviceName(row.userAgent) ?? t("audit.unknownDevice")) : null;
  return [row.ip, device].filter(Boolean).join(" · ");
}

/** The entry's facts (what changed, from → to), behind a button; none: the button is not there. */
function Details({ row }: { row: AuditRow }) {
  const { t } = useTranslation();
  const facts = Object.entries(row.detail);
  if (facts.length === 0) return null;
  const label = t("audit.detailsOf", { action: actionName(row.action, t) });
  return (
    <Popover>
      <PopoverTrigger className={buttonClasses("ghost", "sm", "px-2 text-xs")} aria-label={label} data-testid="audit-details">
        {t("audit.details")}
      </PopoverTrigger>
      <PopoverContent className="max-w-sm p-3" aria-label={label}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="audit-detail-list">
          {facts.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-mono text-xs text-muted">{key}</dt>
              <dd className="min-w-0 break-words">{value === null ? "—" : String(value)}</dd>
            </div>
          ))}
        </dl>
      </PopoverContent>
    </Popover>
  );
}
