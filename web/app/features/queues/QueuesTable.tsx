import { Layers, Paperclip } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListTable, RowActions, type Column } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { Skeleton } from "../../components/ui/Spinner";
import type { QueueRow } from "./types";
import "./texts";

/** spec 002: id, name, colour swatch, orderQueue, greeting and actions. On phones, the greeting goes under the name. */
export function QueuesTable({
  queues,
  loaded,
  onAdd,
  onEdit,
  onDelete,
}: {
  queues: QueueRow[];
  loaded: boolean;
  onAdd: () => void;
  onEdit: (queue: QueueRow) => void;
  onDelete: (queue: QueueRow) => void;
}) {
  const { t } = useTranslation();
  const columns: Column<QueueRow>[] = [
    {
      header: t("queues.columns.id"),
      className: "hidden w-16 sm:table-cell",
      cellClassName: "text-muted tabular-nums",
      skeleton: <Skeleton className="h-4 w-6" />,
      cell: (queue) => queue.id,
    },
    {
      header: t("queues.columns.name"),
      className: "md:w-1/4",
      cellClassName: "w-full max-w-0",
      skeleton: <Skeleton className="h-4 w-32" />,
      cell: (queue) => (
        <>
          <div className="flex min-w-0 items-center gap-1.5">
            <span className="truncate font-medium">{queue.name}</span>
            {queue.mediaName ? <Paperclip className="size-3.5 shrink-0 text-subtle" aria-label={queue.mediaName} /> : null}
          </div>
          <p className="mt-0.5 truncate text-xs text-muted md:hidden">{queue.greetingMessage || t("queues.noGreeting")}</p>
        </>
      ),
    },
    {
      header: t("queues.columns.color"),
      className: "w-20 text-center",
      skeleton: <Skeleton className="mx-auto size-6 rounded-full" />,
      cell: (queue) => (
        <span
          className="inline-block size-6 rounded-full align-middle shadow-sm ring-1 ring-black/10 dark:ring-white/20"
          style={{ backgroundColor: queue.color }}
          title={queue.color}
          role="img"
          aria-label={queue.color}
        />
      ),
    },
    {
      header: t("queues.columns.order"),
      className: "hidden w-20 text-center md:table-cell",
      cellClassName: "text-muted tabular-nums",
      skeleton: <Skeleton className="mx-auto h-4 w-6" />,
      cell: (queue) => queue.orderQueue ?? "—",
    },
    {
      header: t("queues.columns.greeting"),
      className: "hidden md:table-cell md:w-1/2",
      cellClassName: "max-w-0",
      skeleton: <Skeleton className="h-4 w-64" />,
      cell: (queue) =>
        queue.greetingMessage ? (
          <p className="line-clamp-2 text-muted" title={queue.greetingMessage}>
            {queue.greetingMessage}
          </p>
        ) : (
          <span className="text-subtle">{t("queues.noGreeting")}</span>
        ),
    },
    {
      header: t("queues.columns.actions"),
      className: "w-24 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (queue) => <RowActions name={queue.name} onEdit={() => onEdit(queue)} onDelete={() => onDelete(queue)} />,
    },
  ];
  return (
    <ListTable
      rows={queues}
      columns={columns}
      loaded={loaded}
      loadingMore={false}
      skeletonRows={4}
      empty={{
        icon: Layers,
        title: t("queues.empty"),
        description: t("queues.emptyHint"),
        action: (
          <Button variant="outline" onClick={onAdd}>
            {t("queues.add")}
          </Button>
        ),
      }}
    />
  );
}
