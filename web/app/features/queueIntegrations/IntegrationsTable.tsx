import { Bot, Plug, Webhook, Workflow, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListTable, RowActions, type Column } from "../../components/list";
import { Skeleton } from "../../components/ui/Spinner";
import type { IntegrationRow, IntegrationType } from "./types";
import "./texts";

const ICONS: Record<IntegrationType, LucideIcon> = { dialogflow: Bot, n8n: Workflow, webhook: Webhook, typebot: Plug };

/** Spec 002's table: an icon by type, id, name, and edit/delete. */
export function IntegrationsTable({
  rows,
  loaded,
  loadingMore,
  searching,
  onEdit,
  onDelete,
}: {
  rows: IntegrationRow[];
  loaded: boolean;
  loadingMore: boolean;
  searching: boolean;
  onEdit: (row: IntegrationRow) => void;
  onDelete: (row: IntegrationRow) => void;
}) {
  const { t } = useTranslation();
  const columns: Column<IntegrationRow>[] = [
    {
      header: t("queueIntegrations.columns.type"),
      className: "w-16",
      skeleton: <Skeleton className="size-6 rounded-md" />,
      cell: (row) => {
        const Icon = ICONS[row.type];
        return (
          <span className="inline-flex size-8 items-center justify-center rounded-lg bg-surface-3 text-muted" title={t(`queueIntegrations.types.${row.type}`)}>
            <Icon className="size-4" aria-hidden />
            <span className="sr-only">{t(`queueIntegrations.types.${row.type}`)}</span>
          </span>
        );
      },
    },
    {
      header: t("queueIntegrations.columns.id"),
      className: "hidden w-20 sm:table-cell",
      cellClassName: "tabular-nums text-muted",
      skeleton: <Skeleton className="h-4 w-8" />,
      cell: (row) => row.id,
    },
    {
      header: t("queueIntegrations.columns.name"),
      cellClassName: "w-full max-w-0 sm:max-w-none",
      skeleton: <Skeleton className="h-5 w-40" />,
      cell: (row) => (
        <>
          <p className="truncate font-medium">{row.name}</p>
          <p className="truncate text-xs text-muted">{row.type === "dialogflow" ? row.projectName : row.urlN8N}</p>
        </>
      ),
    },
    {
      header: t("queueIntegrations.columns.actions"),
      className: "w-24 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (row) => <RowActions name={row.name} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />,
    },
  ];
  return (
    <ListTable
      rows={rows}
      columns={columns}
      loaded={loaded}
      loadingMore={loadingMore}
      skeletonRows={5}
      rowProps={() => ({ "data-testid": "integration-row" })}
      empty={{
        icon: Workflow,
        title: searching ? t("queueIntegrations.emptySearch") : t("queueIntegrations.empty"),
        description: searching ? t("queueIntegrations.emptySearchHint") : t("queueIntegrations.emptyHint"),
      }}
    />
  );
}
