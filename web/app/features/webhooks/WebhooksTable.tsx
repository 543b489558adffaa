import { Link } from "@remix-run/react";
import { KeyRound, MoreVertical, Pause, Pencil, Play, ScrollText, Send, Trash2, Webhook } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListTable, RowAction, RowActions, type Column } from "../../components/list";
import { buttonClasses } from "../../components/ui/Button";
import { Menu, MenuContent, MenuItem, MenuTrigger } from "../../components/ui/Menu";
import { Skeleton } from "../../components/ui/Spinner";
import { useCompanyTime } from "../../lib/useCompanyTime";
import { EventsSummary } from "./EventsSummary";
import { SubscriptionStatusChip } from "./StatusChips";
import type { WebhookRow } from "./types";
import "./texts";

export interface WebhookRowHandlers {
  onEdit: (webhook: WebhookRow) => void;
  onTest: (webhook: WebhookRow) => void;
  onToggle: (webhook: WebhookRow) => void;
  onRotate: (webhook: WebhookRow) => void;
  onDelete: (webhook: WebhookRow) => void;
}

export const logPath = (webhook: Pick<WebhookRow, "id">) => `/webhooks/${webhook.id}`;

export function WebhooksTable({ rows, loaded, busy, ...handlers }: { rows: WebhookRow[]; loaded: boolean; busy: Set<number> } & WebhookRowHandlers) {
  const { t } = useTranslation();
  const when = useCompanyTime();
  const columns: Column<WebhookRow>[] = [
    {
      header: t("webhooks.columns.url"),
      cellClassName: "w-full max-w-0",
      skeleton: <Skeleton className="h-4 w-56" />,
      cell: (w) => (
        <div className="min-w-0">
          <Link to={logPath(w)} className="block truncate font-medium hover:underline" title={w.url}>
            {w.url}
          </Link>
          {w.description ? <p className="truncate text-xs text-muted">{w.description}</p> : null}
          {w.status === "paused" && w.pausedReason ? (
            <p className="mt-0.5 text-xs text-warning-fg" title={w.pausedReason}>
              {t("webhooks.pausedByFailures")}
            </p>
          ) : null}
          {/* On phones the other columns fold under the URL. */}
          <div className="mt-1 flex flex-wrap items-center gap-1.5 md:hidden">
            <SubscriptionStatusChip webhook={w} />
            <EventsSummary events={w.events} />
            {w.consecutiveFailures > 0 ? <span className="text-xs text-danger">{t("webhooks.failuresInRow", { count: w.consecutiveFailures })}</span> : null}
          </div>
        </div>
      ),
    },
    {
      header: t("webhooks.columns.events"),
      className: "hidden w-32 md:table-cell",
      skeleton: <Skeleton className="h-5 w-20 rounded-full" />,
      cell: (w) => <EventsSummary events={w.events} />,
    },
    {
      header: t("webhooks.columns.status"),
      className: "hidden w-28 md:table-cell",
      skeleton: <Skeleton className="h-5 w-16 rounded-full" />,
      cell: (w) => <SubscriptionStatusChip webhook={w} />,
    },
    {
      header: t("webhooks.columns.failures"),
      className: "hidden w-24 text-right lg:table-cell",
      cellClassName: "tabular-nums",
      skeleton: <Skeleton className="ml-auto h-4 w-6" />,
      cell: (w) => <span className={w.consecutiveFailures > 0 ? "font-medium text-danger" : "text-muted"}>{w.consecutiveFailures}</span>,
    },
    {
      header: t("webhooks.columns.lastDelivery"),
      className: "hidden w-40 whitespace-nowrap lg:table-cell",
      cellClassName: "text-muted",
      cell: (w) => (w.lastDeliveryAt ? when.dateTime(w.lastDeliveryAt) : t("webhooks.never")),
    },
    {
      header: t("webhooks.columns.actions"),
      className: "w-36 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-28" />,
      cell: (w) => <WebhookActions webhook={w} busy={busy.has(w.id)} {...handlers} />,
    },
  ];
  return (
    <ListTable
      rows={rows}
      columns={columns}
      loaded={loaded}
      loadingMore={false}
      skeletonRows={3}
      rowProps={(w) => ({ "data-testid": "webhook-row", "data-status": w.status })}
      empty={{ icon: Webhook, title: t("webhooks.empty"), description: t("webhooks.emptyHint") }}
    />
  );
}

/** Testar, pause or resume, edit; the log, a new secret and delete in the row's menu. */
function WebhookActions({ webhook, busy, onEdit, onTest, onToggle, onRotate, onDelete }: { webhook: WebhookRow; busy: boolean } & WebhookRowHandlers) {
  const { t } = useTranslation();
  const name = webhook.url;
  const paused = webhook.status === "paused";
  return (
    <RowActions name={name}>
      <RowAction icon={Send} label={t("webhooks.actions.test")} name={name} onClick={() => onTest(webhook)} disabled={busy} />
      <RowAction icon={paused ? Play : Pause} label={t(paused ? "webhooks.actions.resume" : "webhooks.actions.pause")} name={name} onClick={() => onToggle(webhook)} disabled={busy} />
      <RowAction icon={Pencil} label={t("common.edit")} name={name} onClick={() => onEdit(webhook)} />
      <Menu>
        <MenuTrigger className={buttonClasses("ghost", "icon-sm")} aria-label={`${t("webhooks.actions.more")} ${name}`} title={t("webhooks.actions.more")}>
          <MoreVertical className="size-4" aria-hidden />
        </MenuTrigger>
        <MenuContent align="end">
          <MenuItem asChild>
            <Link to={logPath(webhook)}>
              <ScrollText className="size-4" aria-hidden />
              {t("webhooks.actions.log")}
            </Link>
          </MenuItem>
          <MenuItem onSelect={() => onRotate(webhook)}>
            <KeyRound className="size-4" aria-hidden />
            {t("webhooks.actions.rotate")}
          </MenuItem>
          <MenuItem onSelect={() => onDelete(webhook)} className="text-danger">
            <Trash2 className="size-4" aria-hidden />
            {t("common.delete")}
          </MenuItem>
        </MenuContent>
      </Menu>
    </RowActions>
  );
}
