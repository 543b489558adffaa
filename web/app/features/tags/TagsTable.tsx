import { Pencil, SquareKanban, Tags, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton, Spinner } from "../../components/ui/Spinner";
import { Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
import { TagChip } from "./TagChip";
import type { TagRow } from "./types";
import "./texts";

export function TagsTable({
  tags,
  loaded,
  loadingMore,
  searching,
  mayManage,
  onEdit,
  onDelete,
}: {
  tags: TagRow[];
  loaded: boolean;
  loadingMore: boolean;
  searching: boolean;
  mayManage: (tag: TagRow) => boolean;
  onEdit: (tag: TagRow) => void;
  onDelete: (tag: TagRow) => void;
}) {
  const { t, i18n } = useTranslation();
  if (loaded && tags.length === 0) {
    return (
      <EmptyState
        icon={Tags}
        title={searching ? t("tags.emptySearch") : t("tags.empty")}
        description={searching ? t("tags.emptySearchHint") : t("tags.emptyHint")}
      />
    );
  }
  return (
    <Table>
      <THead>
        <Tr className="hover:bg-transparent">
          <Th>{t("tags.columns.name")}</Th>
          <Th className="hidden w-40 text-right sm:table-cell">{t("tags.columns.tickets")}</Th>
          <Th className="w-24 text-right">{t("tags.columns.actions")}</Th>
        </Tr>
      </THead>
      <TBody>
        {!loaded
          ? Array.from({ length: 6 }, (_, i) => (
              <Tr key={i} aria-hidden>
                <Td>
                  <Skeleton className="h-6 w-36 rounded-full" />
                </Td>
                <Td className="hidden sm:table-cell">
                  <Skeleton className="ml-auto h-4 w-8" />
                </Td>
                <Td>
                  <Skeleton className="ml-auto h-8 w-16" />
                </Td>
              </Tr>
            ))
          : tags.map((tag) => {
              const manageable = mayManage(tag);
              return (
                <Tr key={tag.id}>
                  <Td className="w-full max-w-0 sm:max-w-none">
                    <div className="flex min-w-0 items-center gap-2">
                      <TagChip name={tag.name} color={tag.color} />
                      {tag.kanban ? (
                        <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-line px-2 py-0.5 text-xs text-muted" title={t("tags.kanbanLane")}>
                          <SquareKanban className="size-3.5" aria-hidden />
                          <span className="hidden sm:inline">{t("tags.kanban")}</span>
                          <span className="sr-only sm:hidden">{t("tags.kanbanLane")}</span>
                        </span>
                      ) : null}
                    </div>
                    <p className="mt-1 text-xs text-muted sm:hidden">{t("tags.ticketsCount", { count: tag.ticketsCount, formatted: new Intl.NumberFormat(i18n.language).format(tag.ticketsCount) })}</p>
                  </Td>
                  <Td className="hidden text-right whitespace-nowrap text-muted tabular-nums sm:table-cell">
                    {new Intl.NumberFormat(i18n.language).format(tag.ticketsCount)}
                    <span className="sr-only"> {t("tags.ticketsSuffix", { count: tag.ticketsCount })}</span>
                  </Td>
                  <Td className="pl-0">
                    {manageable ? (
                      <div className="flex justify-end gap-0.5">
                        <Button variant="ghost" size="icon-sm" onClick={() => onEdit(tag)} aria-label={`${t("common.edit")} ${tag.name}`} title={t("common.edit")}>
                          <Pencil className="size-4" aria-hidden />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          onClick={() => onDelete(tag)}
                          aria-label={`${t("common.delete")} ${tag.name}`}
                          title={t("common.delete")}
                          className="hover:text-danger"
                        >
                          <Trash2 className="size-4" aria-hidden />
                        </Button>
                      </div>
                    ) : null}
                  </Td>
                </Tr>
              );
            })}
        {loadingMore && loaded ? (
          <tr>
            <td colSpan={3} className="py-4 text-center text-muted">
              <Spinner label={t("common.loading")} />
            </td>
          </tr>
        ) : null}
      </TBody>
    </Table>
  );
}
