import { Layers, Plus } from "lucide-react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button";
import { PlainSwitch } from "../../../components/ui/PlainSwitch";
import type { QueueRef } from "../shared/types";
import { MultiSelect } from "./MultiSelect";

/** New ticket, the queue selector, (for those allowed) the show-all toggle, and admin controls (`children`). */
export function ListToolbar({
  onNewTicket,
  queues,
  selection,
  onToggleQueue,
  onAllQueues,
  showAllAllowed,
  showAll,
  onShowAll,
  children,
}: {
  onNewTicket: () => void;
  queues: QueueRef[];
  selection: number[] | null;
  onToggleQueue: (id: number) => void;
  onAllQueues: () => void;
  showAllAllowed: boolean;
  showAll: boolean;
  onShowAll: (value: boolean) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const switchId = useId();
  const chosen = selection ? queues.filter((q) => selection.includes(q.id)) : queues;
  const summary =
    queues.length === 0
      ? t("tickets.queues.none")
      : !selection
        ? t("tickets.queues.all")
        : chosen.length === 1
          ? chosen[0]!.name
          : t("tickets.queues.some", { count: chosen.length, total: queues.length });
  return (
    <div className="flex items-center gap-2 border-b border-line px-3 py-1.5 md:py-2">
      <Button size="sm" onClick={onNewTicket} className="px-2.5 max-sm:min-w-11 md:w-8 md:px-0" title={t("tickets.newTicket")} aria-label={t("tickets.newTicket")}>
        <Plus className="size-4" aria-hidden />
        {/* Not on the narrowest phones: the queue filter needs the room to read "Todas as filas". */}
        <span aria-hidden className="hidden min-[420px]:inline md:hidden">
          {t("tickets.newTicket")}
        </span>
      </Button>
      <MultiSelect
        label={t("tickets.queues.label")}
        summary={summary}
        icon={<Layers className="size-3.5 shrink-0 text-subtle" aria-hidden />}
        options={queues.map((q) => ({ id: q.id, label: q.name, color: q.color }))}
        isSelected={(id) => !selection || selection.includes(id)}
        onToggle={onToggleQueue}
        onClear={selection ? onAllQueues : undefined}
        clearLabel={t("tickets.queues.all")}
        className="flex-1"
      />
      {showAllAllowed ? (
        <label htmlFor={switchId} className="flex shrink-0 cursor-pointer items-center gap-1.5 text-xs font-medium text-muted" title={t("tickets.showAllHint")}>
          <PlainSwitch id={switchId} checked={showAll} onCheckedChange={onShowAll} aria-describedby={`${switchId}-hint`} />
          {t("tickets.showAll")}
          <span id={`${switchId}-hint`} className="sr-only">
            {t("tickets.showAllHint")}
          </span>
        </label>
      ) : null}
      {children}
    </div>
  );
}
