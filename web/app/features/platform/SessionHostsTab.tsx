import { formatDistanceStrict } from "date-fns";
import { ChevronRight, RefreshCw, Server, Unplug } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListFailed, ListTable, useWholeList, type Column } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { Dialog, DialogBody, DialogContent } from "../../components/ui/Dialog";
import { Skeleton } from "../../components/ui/Spinner";
import { dateLocale } from "../../lib/dateLocale";
import { StatusBadge } from "../connections/status";
import { listHostedConnections, listSessionHosts, type HostedConnectionView, type SessionHostView } from "./api";
import { hostLoad, hostState } from "./model";

type HostRow = Omit<SessionHostView, "id"> & { key: string; id: number };
type HostedRow = HostedConnectionView & { id: number };

const stateClass = {
  live: "bg-brand-soft text-brand-text",
  draining: "bg-warning-soft text-warning-fg",
  offline: "bg-danger-soft text-danger",
} as const;

/** "3 minutes ago" (or "in 40 seconds" for a lease), in the user's language. */
function useAgo() {
  const { i18n } = useTranslation();
  return useCallback((iso: string, now: number) => formatDistanceStrict(new Date(iso), new Date(now), { addSuffix: true, locale: dateLocale(i18n.language) }), [i18n.language]);
}

/**
 * Servidores de sessão (super users, issue 30): every session host that has registered, whether it is live, draining
 * (a deploy) or silent, how full it is, and, opened, the connections it runs now.
 */
export function SessionHostsTab() {
  const { t } = useTranslation();
  const ago = useAgo();
  const fetchAll = useCallback(async () => (await listSessionHosts()).map(({ id: key, ...h }, i): HostRow => ({ ...h, key, id: i + 1 })), []);
  const list = useWholeList<HostRow>(fetchAll, { quietFailure: true });
  const [now, setNow] = useState(() => Date.now());
  const [open, setOpen] = useState<HostRow | null>(null);
  // Heartbeats come every 5 seconds: the tab reads the hosts again every 10 while it is shown.
  const { refresh } = list;
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
      if (document.visibilityState === "visible") refresh();
    }, 10_000);
    return () => clearInterval(timer);
  }, [refresh]);

  const columns: Column<HostRow>[] = [
    {
      header: t("platform.hosts.columns.host"),
      cellClassName: "min-w-40",
      skeleton: <Skeleton className="h-4 w-40" />,
      cell: (h) => (
        <>
          <p className="font-mono text-sm font-medium break-all">{h.key}</p>
          <p className="text-xs break-all text-muted">{h.url}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2 sm:hidden">
            <HostStateBadge host={h} />
            <span className="text-xs text-muted tabular-nums">{t("platform.hosts.load", { connections: h.connections, capacity: h.capacity })}</span>
          </div>
        </>
      ),
    },
    { header: t("platform.hosts.columns.state"), className: "hidden sm:table-cell", skeleton: <Skeleton className="h-6 w-20 rounded-full" />, cell: (h) => <HostStateBadge host={h} /> },
    { header: t("platform.hosts.columns.load"), className: "hidden sm:table-cell", cellClassName: "min-w-36", skeleton: <Skeleton className="h-4 w-32" />, cell: (h) => <LoadBar host={h} /> },
    { header: t("platform.hosts.columns.running"), className: "hidden md:table-cell text-right", cellClassName: "tabular-nums", cell: (h) => h.running },
    {
      header: t("platform.hosts.columns.memory"),
      className: "hidden md:table-cell text-right",
      cellClassName: "tabular-nums whitespace-nowrap",
      cell: (h) => (h.memoryMb === null ? "—" : t("platform.hosts.memory", { mb: h.memoryMb })),
    },
    {
      header: t("platform.hosts.columns.heartbeat"),
      className: "hidden lg:table-cell",
      cellClassName: "whitespace-nowrap text-muted",
      cell: (h) => <time dateTime={h.lastHeartbeatAt} title={new Date(h.lastHeartbeatAt).toLocaleString()}>{ago(h.lastHeartbeatAt, now)}</time>,
    },
    {
      header: t("platform.hosts.columns.started"),
      // Beside the sidebar, a 1280-px screen leaves the table about 950 px: the start time waits for a wider one.
      className: "hidden 2xl:table-cell",
      cellClassName: "whitespace-nowrap text-muted",
      cell: (h) => (
        <>
          <time dateTime={h.startedAt} title={new Date(h.startedAt).toLocaleString()}>
            {ago(h.startedAt, now)}
          </time>
          {h.version ? <span className="block font-mono text-xs text-subtle">v{h.version}</span> : null}
        </>
      ),
    },
    {
      header: <span className="sr-only">{t("platform.hosts.open")}</span>,
      className: "w-12 text-right",
      cellClassName: "pl-0",
      cell: (h) => (
        <Button variant="ghost" size="sm" onClick={() => setOpen(h)} aria-label={t("platform.hosts.openHost", { host: h.key })}>
          <span className="hidden sm:inline">{t("platform.hosts.open")}</span>
          <ChevronRight className="size-4" aria-hidden />
        </Button>
      ),
    },
  ];

  const totals = useMemo(() => {
    const live = list.items.filter((h) => h.live);
    return { live: live.length, connections: live.reduce((n, h) => n + h.connections, 0), capacity: live.filter((h) => !h.draining).reduce((n, h) => n + Math.max(0, h.capacity - h.connections), 0) };
  }, [list.items]);

  return (
    <div className="flex flex-col gap-3" data-testid="session-hosts">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">
          {list.loaded && !list.failed && list.items.length > 0 ? t("platform.hosts.summary", { live: totals.live, connections: totals.connections, capacity: totals.capacity }) : t("platform.hosts.intro")}
        </p>
        <Button variant="outline" size="sm" onClick={list.reload} className="w-full sm:ml-auto sm:w-auto">
          <RefreshCw className="size-4" aria-hidden />
          {t("platform.hosts.refresh")}
        </Button>
      </div>
      <div className="overflow-auto rounded-xl border border-line">
        {list.failed ? (
          <ListFailed message={t("platform.hosts.loadFailed")} retryLabel={t("platform.hosts.refresh")} onRetry={list.reload} />
        ) : (
          <ListTable
            rows={list.items}
            columns={columns}
            loaded={list.loaded}
            loadingMore={false}
            skeletonRows={2}
            empty={{ icon: Server, title: t("platform.hosts.empty"), description: t("platform.hosts.emptyHint") }}
            rowProps={(h) => ({ "data-host": h.key })}
          />
        )}
      </div>
      <Dialog open={!!open} onOpenChange={(o) => !o && setOpen(null)}>
        <DialogContent title={t("platform.hosts.connectionsTitle", { host: open?.key ?? "" })} size="lg">
          {open ? <HostConnections host={open} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function HostStateBadge({ host }: { host: Pick<SessionHostView, "live" | "draining"> }) {
  const { t } = useTranslation();
  const state = hostState(host);
  return (
    <span className={cn("inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap", stateClass[state])} title={t(`platform.hosts.stateHint.${state}`)}>
      <span className={cn("size-1.5 rounded-full bg-current", state === "live" && "animate-pulse")} aria-hidden />
      {t(`platform.hosts.state.${state}`)}
    </span>
  );
}

/** Connections over capacity, as a bar (amber from 80 %, red when full). */
function LoadBar({ host }: { host: Pick<SessionHostView, "connections" | "capacity"> }) {
  const { t } = useTranslation();
  const load = hostLoad(host);
  const label = t("platform.hosts.load", { connections: host.connections, capacity: host.capacity });
  return (
    <div className="flex items-center gap-2">
      <div
        role="meter"
        aria-label={t("platform.hosts.columns.load")}
        aria-valuemin={0}
        aria-valuemax={host.capacity}
        aria-valuenow={host.connections}
        aria-valuetext={label}
        className="h-2 w-24 shrink-0 overflow-hidden rounded-full bg-surface-3"
      >
        <div className={cn("h-full rounded-full", load >= 100 ? "bg-danger" : load >= 80 ? "bg-warning-fg" : "bg-brand")} style={{ width: `${load}%` }} />
      </div>
      <span className="text-xs whitespace-nowrap text-muted tabular-nums">{label}</span>
    </div>
  );
}

/** The connections a host runs now (its unexpired leases): company, connection, status, until when its lease runs. */
function HostConnections({ host }: { host: HostRow }) {
  const { t } = useTranslation();
  const ago = useAgo();
  const fetchAll = useCallback(async () => (await listHostedConnections(host.key)).map((c): HostedRow => ({ ...c, id: c.whatsappId })), [host.key]);
  const list = useWholeList<HostedRow>(fetchAll, { quietFailure: true, sort: (a, b) => a.companyName.localeCompare(b.companyName) || a.name.localeCompare(b.name) });
  const now = Date.now();
  const columns: Column<HostedRow>[] = [
    {
      header: t("platform.hosts.connectionColumns.company"),
      skeleton: <Skeleton className="h-4 w-28" />,
      cell: (c) => (
        <>
          <p className="font-medium break-words">{c.companyName}</p>
          <p className="text-xs text-muted sm:hidden">{c.name}</p>
        </>
      ),
    },
    { header: t("platform.hosts.connectionColumns.connection"), className: "hidden sm:table-cell", cellClassName: "break-words", skeleton: <Skeleton className="h-4 w-24" />, cell: (c) => c.name },
    { header: t("platform.hosts.connectionColumns.status"), skeleton: <Skeleton className="h-6 w-20 rounded-full" />, cell: (c) => <StatusBadge status={c.status} /> },
    {
      header: t("platform.hosts.connectionColumns.lease"),
      className: "hidden sm:table-cell",
      cellClassName: "whitespace-nowrap text-muted",
      cell: (c) => <time dateTime={c.leaseExpiresAt}>{ago(c.leaseExpiresAt, now)}</time>,
    },
  ];
  return (
    <DialogBody className="p-0">
      {list.failed ? (
        <ListFailed message={t("platform.hosts.loadFailed")} retryLabel={t("platform.hosts.refresh")} onRetry={list.reload} />
      ) : (
        <ListTable rows={list.items} columns={columns} loaded={list.loaded} loadingMore={false} skeletonRows={3} empty={{ icon: Unplug, title: t("platform.hosts.noConnections") }} />
      )}
    </DialogBody>
  );
}
