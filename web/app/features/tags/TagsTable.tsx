import { SquareKanban, Tags } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListTable, RowActions, type Column } from "../../components/list";
import { Skeleton } from "../../components/ui/Spinner";
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
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const columns: Column<TagRow>[] = [
    {
      header: t("tags.columns.name"),
      cellClassName: "w-full max-w-0 sm:max-w-none",
      skeleton: <Skeleton className="h-6 w-36 rounded-full" />,
      cell: (tag) => (
        <>
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
          <p className="mt-1 text-xs text-muted sm:hidden">{t("tags.ticketsCount", { count: tag.ticketsCount, formatted: format(tag.ticketsCount) })}</p>
        </>
      ),
    },
    {
      header: t("tags.columns.tickets"),
      className: "hidden w-40 text-right sm:table-cell",
      cellClassName: "whitespace-nowrap text-muted tabular-nums",
      skeleton: <Skeleton className="ml-auto h-4 w-8" />,
      cell: (tag) => (
        <>
          {format(tag.ticketsCount)}
          <span className="sr-only"> {t("tags.ticketsSuffix", { count: tag.ticketsCount })}</span>
        </>
      ),
    },
    {
      header: t("tags.columns.actions"),
      className: "w-24 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (tag) => (mayManage(tag) ? <RowActions name={tag.name} onEdit={() => onEdit(tag)} onDelete={() => onDelete(tag)} /> : null),
    },
  ];
  return (
    <ListTable
      rows={tags}
      columns={columns}
      loaded={loaded}
      loadingMore={loadingMore}
      empty={{
        icon: Tags,
        title: searching ? t("tags.emptySearch") : t("tags.empty"),
        description: searching ? t("tags.emptySearchHint") : t("tags.emptyHint"),
      }}
    />
  );
}
