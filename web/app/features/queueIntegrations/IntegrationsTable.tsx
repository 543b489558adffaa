import { Bot, Pencil, Plug, Trash2, Webhook, Workflow, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton, Spinner } from "../../components/ui/Spinner";
import { Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
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
  if (loaded && rows.length === 0) {
    return (
      <EmptyState
        icon={Workflow}
        title={searching ? t("queueIntegrations.emptySearch") : t("queueIntegrations.empty")}
        description={searching ? t("queueIntegrations.emptySearchHint") : t("queueIntegrations.emptyHint")}
      />
    );
  }
  return (
    <Table>
      <THead>
        <Tr className="hover:bg-transparent">
          <Th className="w-16">{t("queueIntegrations.columns.type")}</Th>
          <Th className="hidden w-20 sm:table-cell">{t("queueIntegrations.columns.id")}</Th>
          <Th>{t("queueIntegrations.columns.name")}</Th>
          <Th className="w-24 text-right">{t("queueIntegrations.columns.actions")}</Th>
        </Tr>
      </THead>
      <TBody>
        {!loaded
          ? Array.from({ length: 5 }, (_, i) => (
              <Tr key={i} aria-hidden>
                <Td>
                  <Skeleton className="size-6 rounded-md" />
                </Td>
                <Td className="hidden sm:table-cell">
                  <Skeleton className="h-4 w-8" />
                </Td>
                <Td>
                  <Skeleton className="h-5 w-40" />
                </Td>
                <Td>
                  <Skeleton className="ml-auto h-8 w-16" />
                </Td>
              </Tr>
            ))
          : rows.map((row) => {
              const Icon = ICONS[row.type];
              return (
                <Tr key={row.id} data-testid="integration-row">
                  <Td>
                    <span className="inline-flex size-8 items-center justify-center rounded-lg bg-surface-3 text-muted" title={t(`queueIntegrations.types.${row.type}`)}>
                      <Icon className="size-4" aria-hidden />
                      <span className="sr-only">{t(`queueIntegrations.types.${row.type}`)}</span>
                    </span>
                  </Td>
                  <Td className="hidden tabular-nums text-muted sm:table-cell">{row.id}</Td>
                  <Td className="w-full max-w-0 sm:max-w-none">
                    <p className="truncate font-medium">{row.name}</p>
                    <p className="truncate text-xs text-muted">{row.type === "dialogflow" ? row.projectName : row.urlN8N}</p>
                  </Td>
                  <Td className="pl-0">
                    <div className="flex justify-end gap-0.5">
                      <Button variant="ghost" size="icon-sm" onClick={() => onEdit(row)} aria-label={`${t("common.edit")} ${row.name}`} title={t("common.edit")}>
                        <Pencil className="size-4" aria-hidden />
                      </Button>
                      <Button variant="ghost" size="icon-sm" onClick={() => onDelete(row)} aria-label={`${t("common.delete")} ${row.name}`} title={t("common.delete")} className="hover:text-danger">
                        <Trash2 className="size-4" aria-hidden />
                      </Button>
                    </div>
                  </Td>
                </Tr>
              );
            })}
        {loadingMore && loaded ? (
          <tr>
            <td colSpan={4} className="py-4 text-center text-muted">
              <Spinner label={t("common.loading")} />
            </td>
          </tr>
        ) : null}
      </TBody>
    </Table>
  );
}
