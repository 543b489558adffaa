import { useDroppable } from "@dnd-kit/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import { Inbox, LoaderCircle } from "lucide-react";
import { memo, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../components/ui/cn";
import { DraggableCard } from "./KanbanCardView";
import { Button } from "../../components/ui/Button";
import { laneKey, type LaneKey } from "./rules";
import type { KanbanCard, Lane, LaneTag } from "./types";
import type { LanePaging } from "./useKanbanBoard";
import "./texts";

/** A card's height with the gap under it; the virtualiser measures the real one. */
const CARD_ESTIMATE_PX = 196;
/** The next page is asked for this many cards before the lane's end, so scrolling seldom meets the loader. */
const LOAD_AHEAD_CARDS = 6;

/**
 * One lane: its name, colour and count (of all its cards, loaded or not), and its cards in a virtualised list (only
 * those in view are in the page, so a lane of 2,000 tickets stays as quick as one of ten); scrolled near its end,
 * it loads its next page. The whole lane is the drop target.
 */
export const KanbanLane = memo(function KanbanLane({
  lane,
  cards,
  lanes,
  now,
  onMove,
  paging,
  onLoadMore,
}: {
  lane: Lane;
  cards: KanbanCard[];
  lanes: LaneTag[];
  now: number;
  onMove: (cardId: number, toLaneId: number | null) => void;
  paging: LanePaging;
  onLoadMore: (key: LaneKey) => void;
}) {
  const { t } = useTranslation();
  const key = laneKey(lane.id);
  const { setNodeRef, isOver } = useDroppable({ id: `lane:${key}`, data: { laneId: lane.id } });
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_ESTIMATE_PX,
    overscan: 4,
    getItemKey: (index) => cards[index]!.id,
  });
  const headingId = `kanban-lane-${key}`;
  const count = cards.length + paging.tail;
  const lastShown = virtualizer.getVirtualItems().at(-1)?.index ?? -1;
  const nearEnd = lastShown >= cards.length - 1 - LOAD_AHEAD_CARDS;
  useEffect(() => {
    if (nearEnd && paging.hasMore && !paging.loading && !paging.failed) onLoadMore(key);
  }, [nearEnd, paging.hasMore, paging.loading, paging.failed, onLoadMore, key]);

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-lane-id={key}
      className={cn(
        "flex h-full w-[85vw] max-w-80 shrink-0 snap-start flex-col rounded-2xl border border-line bg-surface-2 transition-colors sm:w-80",
        isOver && "border-brand bg-brand-soft/60",
      )}
    >
      <header className="flex items-center gap-2 border-b border-line px-3 py-2.5" style={{ boxShadow: `inset 0 3px 0 ${lane.color}` }}>
        <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: lane.color }} aria-hidden />
        <h2 id={headingId} className="min-w-0 flex-1 truncate text-sm font-semibold">
          {lane.name}
        </h2>
        <span className="rounded-full bg-surface-3 px-2 py-0.5 text-xs font-medium text-muted tabular-nums" data-lane-count aria-label={t("kanban.laneCount", { count })}>
          {count}
        </span>
      </header>
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2" data-lane-scroller data-lane-has-more={paging.hasMore || undefined}>
        {cards.length === 0 && !paging.hasMore ? (
          <div className="flex h-32 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-line-strong text-xs text-subtle">
            <Inbox className="size-5" aria-hidden />
            {t("kanban.emptyLane")}
          </div>
        ) : (
          <ul className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const card = cards[item.index]!;
              return (
                <li
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="absolute top-0 left-0 w-full pb-2"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <DraggableCard card={card} laneId={lane.id} lanes={lanes} now={now} onMove={onMove} />
                </li>
              );
            })}
          </ul>
        )}
        {paging.hasMore ? (
          <div className="flex min-h-12 items-center justify-center gap-2 text-xs text-muted" role="status" data-lane-more>
            {paging.failed ? (
              <>
                <span>{t("kanban.loadMoreFailed")}</span>
                <Button variant="outline" size="sm" className="h-7 text-xs" onClick={() => onLoadMore(key)}>
                  {t("kanban.retry")}
                </Button>
              </>
            ) : (
              <>
                <LoaderCircle className="size-4 animate-spin" aria-hidden />
                {t("kanban.loadingMore")}
              </>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
});
