import { Layers, Paperclip, Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton } from "../../components/ui/Spinner";
import { Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
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
  if (loaded && queues.length === 0) {
    return (
      <EmptyState
        icon={Layers}
        title={t("queues.empty")}
        description={t("queues.emptyHint")}
        action={
          <Button variant="outline" onClick={onAdd}>
            {t("queues.add")}
          </Button>
        }
      />
    );
  }
  return (
    <Table>
      <THead>
        <Tr className="hover:bg-transparent">
          <Th className="hidden w-16 sm:table-cell">{t("queues.columns.id")}</Th>
          <Th className="md:w-1/4">{t("queues.columns.name")}</Th>
          <Th className="w-20 text-center">{t("queues.columns.color")}</Th>
          <Th className="hidden w-20 text-center md:table-cell">{t("queues.columns.order")}</Th>
          <Th className="hidden md:table-cell md:w-1/2">{t("queues.columns.greeting")}</Th>
          <Th className="w-24 text-right">{t("queues.columns.actions")}</Th>
        </Tr>
      </THead>
      <TBody>
        {!loaded
          ? Array.from({ length: 4 }, (_, i) => (
              <Tr key={i} aria-hidden>
                <Td className="hidden sm:table-cell">
                  <Skeleton className="h-4 w-6" />
                </Td>
                <Td>
                  <Skeleton className="h-4 w-32" />
                </Td>
                <Td>
                  <Skeleton className="mx-auto size-6 rounded-full" />
                </Td>
                <Td className="hidden md:table-cell">
                  <Skeleton className="mx-auto h-4 w-6" />
                </Td>
                <Td className="hidden md:table-cell">
                  <Skeleton className="h-4 w-64" />
                </Td>
                <Td>
                  <Skeleton className="ml-auto h-8 w-16" />
                </Td>
              </Tr>
            ))
          : queues.map((queue) => (
              <Tr key={queue.id}>
                <Td className="hidden text-muted tabular-nums sm:table-cell">{queue.id}</Td>
                <Td className="w-full max-w-0 md:w-1/4">
                  <div className="flex min-w-0 items-center gap-1.5">
                    <span className="truncate font-medium">{queue.name}</span>
                    {queue.mediaName ? <Paperclip className="size-3.5 shrink-0 text-subtle" aria-label={queue.mediaName} /> : null}
                  </div>
                  <p className="mt-0.5 truncate text-xs text-muted md:hidden">{queue.greetingMessage || t("queues.noGreeting")}</p>
                </Td>
                <Td className="text-center">
                  <span
                    className="inline-block size-6 rounded-full align-middle shadow-sm ring-1 ring-black/10 dark:ring-white/20"
                    style={{ backgroundColor: queue.color }}
                    title={queue.color}
                    role="img"
                    aria-label={queue.color}
                  />
                </Td>
                <Td className="hidden text-center text-muted tabular-nums md:table-cell">{queue.orderQueue ?? "—"}</Td>
                <Td className="hidden max-w-0 md:table-cell">
                  {queue.greetingMessage ? (
                    <p className="line-clamp-2 text-muted" title={queue.greetingMessage}>
                      {queue.greetingMessage}
                    </p>
                  ) : (
                    <span className="text-subtle">{t("queues.noGreeting")}</span>
                  )}
                </Td>
                <Td className="pl-0">
                  <div className="flex justify-end gap-0.5">
                    <Button variant="ghost" size="icon-sm" onClick={() => onEdit(queue)} aria-label={`${t("common.edit")} ${queue.name}`} title={t("common.edit")}>
                      <Pencil className="size-4" aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      onClick={() => onDelete(queue)}
                      aria-label={`${t("common.delete")} ${queue.name}`}
                      title={t("common.delete")}
                      className="hover:text-danger"
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </div>
                </Td>
              </Tr>
            ))}
      </TBody>
    </Table>
  );
}
