import { Check, Copy, RotateCw, ScrollText } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListTable, RowAction, type Column } from "../../../components/list";
import { Skeleton } from "../../../components/ui/Spinner";
import { toast } from "../../../lib/toast";
import { useCompanyTime } from "../../../lib/useCompanyTime";
import { eventTextKey } from "../eventGroups";
import { DeliveryStatusChip } from "../StatusChips";
import type { DeliveryRow } from "../types";
import "../texts";

/** "evt_3f2a…9c1d": enough of an event id to tell rows apart; the whole id is copied. */
export const shortEventId = (id: string) => (id.length > 16 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id);

export function DeliveriesTable({
  rows,
  loaded,
  loadingMore,
  filtered,
  resending,
  onOpen,
  onResend,
}: {
  rows: DeliveryRow[];
  loaded: boolean;
  loadingMore: boolean;
  filtered: boolean;
  resending: Set<number>;
  onOpen: (row: DeliveryRow) => void;
  onResend: (row: DeliveryRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const when = useCompanyTime();
  const ms = (n: number) => `${new Intl.NumberFormat(i18n.language).format(n)} ms`;
  const columns: Column<DeliveryRow>[] = [
    {
      header: t("webhooks.deliveries.columns.event"),
      cellClassName: "w-full max-w-0",
      skeleton: <Skeleton className="h-4 w-40" />,
      cell: (row) => (
        <div className="min-w-0">
          <button type="button" onClick={() => onOpen(row)} title={row.eventType} className="block min-h-6 max-w-full truncate text-left font-medium hover:underline">
            {t(eventTextKey(row.eventType, "label"), { defaultValue: row.eventType })}
          </button>
          <div className="-ml-1 text-xs text-muted">
            <EventIdCopy id={row.eventId} />
          </div>
          {/* On phones the other columns fold under the event. */}
          <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted md:hidden">
            <DeliveryStatusChip status={row.status} />
            {row.responseStatus !== null ? <span className="tabular-nums">HTTP {row.responseStatus}</span> : null}
            <span>{when.dateTime(row.createdAt)}</span>
          </div>
        </div>
      ),
    },
    {
      header: t("webhooks.deliveries.columns.status"),
      className: "hidden w-32 md:table-cell",
      skeleton: <Skeleton className="h-5 w-20 rounded-full" />,
      cell: (row) => <DeliveryStatusChip status={row.status} />,
    },
    {
      header: t("webhooks.deliveries.columns.code"),
      className: "hidden w-24 md:table-cell",
      cellClassName: "tabular-nums",
      cell: (row) => (row.responseStatus === null ? <span className="text-subtle">—</span> : row.responseStatus),
    },
    {
      header: t("webhooks.deliveries.columns.attempts"),
      className: "hidden w-24 text-right lg:table-cell",
      cellClassName: "tabular-nums",
      cell: (row) => row.attempts,
    },
    {
      header: t("webhooks.deliveries.columns.duration"),
      className: "hidden w-24 text-right lg:table-cell",
      cellClassName: "tabular-nums whitespace-nowrap text-muted",
      cell: (row) => (row.durationMs === null ? "—" : ms(row.durationMs)),
    },
    {
      header: t("webhooks.deliveries.columns.time"),
      className: "hidden w-36 md:table-cell",
      cellClassName: "whitespace-nowrap text-muted",
      cell: (row) => when.dateTime(row.createdAt),
    },
    {
      header: t("webhooks.deliveries.columns.next"),
      className: "hidden w-36 xl:table-cell",
      cellClassName: "whitespace-nowrap text-muted",
      cell: (row) => (row.nextAttemptAt && (row.status === "pending" || row.status === "retrying") ? when.dateTime(row.nextAttemptAt) : "—"),
    },
    {
      header: t("webhooks.deliveries.columns.actions"),
      className: "w-24 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (row) => (
        <div className="flex justify-end gap-0.5">
          <RowAction icon={ScrollText} label={t("webhooks.deliveries.drawer.title")} name={row.eventId} onClick={() => onOpen(row)} />
          <RowAction icon={RotateCw} label={t("webhooks.deliveries.resend")} name={row.eventId} onClick={() => onResend(row)} disabled={resending.has(row.id)} />
        </div>
      ),
    },
  ];
  return (
    <ListTable
      rows={rows}
      columns={columns}
      loaded={loaded}
      loadingMore={loadingMore}
      rowProps={(row) => ({ "data-testid": "delivery-row", "data-status": row.status, "data-event": row.eventType })}
      empty={{
        icon: ScrollText,
        title: filtered ? t("webhooks.deliveries.emptyFiltered") : t("webhooks.deliveries.empty"),
        description: filtered ? undefined : t("webhooks.deliveries.emptyHint"),
      }}
    />
  );
}

/** The short event id, copied whole on a click (a receiver deduplicates by it). */
export function EventIdCopy({ id }: { id: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
      toast.success(t("webhooks.deliveries.idCopied"));
    } catch {
      // no clipboard permission: the id is in the drawer, selectable
    }
  };
  return (
    <button
      type="button"
      onClick={copy}
      title={id}
      aria-label={`${shortEventId(id)} (${t("webhooks.deliveries.copyId")})`}
      className="inline-flex min-h-6 shrink-0 items-center gap-1 rounded px-1 font-mono hover:bg-surface-3 hover:text-fg"
    >
      {shortEventId(id)}
      {copied ? <Check className="size-3" aria-hidden /> : <Copy className="size-3" aria-hidden />}
    </button>
  );
}
