import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CardOverlay } from "./KanbanCardView";
import { KanbanLane } from "./KanbanLane";
import { laneKeyboardCoordinates } from "./keyboardLanes";
import { laneKey, type LaneKey } from "./rules";
import type { KanbanCard, Lane, LaneTag } from "./types";
import type { LanePaging } from "./useKanbanBoard";
import "./texts";

/** The lane under the pointer; for the keyboard (no pointer), the lane the lifted card overlaps most. */
const laneCollision: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length ? under : rectIntersection(args);
};

/**
 * The board: 'Em aberto' then the kanban lanes, side by side (scrolled sideways on phones), with drag and drop by
 * mouse, touch (after a short press, so a swipe still scrolls) and keyboard, announced to screen readers.
 */
export function KanbanBoard({
  lanes,
  byLane,
  now,
  onMove,
  pagingOf,
  onLoadMore,
}: {
  lanes: LaneTag[];
  byLane: Map<LaneKey, KanbanCard[]>;
  now: number;
  onMove: (cardId: number, toLaneId: number | null) => void;
  pagingOf: (key: LaneKey) => LanePaging;
  onLoadMore: (key: LaneKey) => void;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState<{ card: KanbanCard; laneId: number | null } | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  );
  const columns: Lane[] = useMemo(
    () => [{ id: null, name: t("kanban.openLane"), color: "var(--color-line-strong)" }, ...lanes.map(({ id, name, color }) => ({ id, name, color }))],
    [lanes, t],
  );
  const laneName = (id: unknown) => {
    const key = typeof id === "string" && id.startsWith("lane:") ? id.slice(5) : null;
    if (key === null) return "";
    return key === "open" ? t("kanban.openLane") : (lanes.find((l) => String(l.id) === key)?.name ?? "");
  };
  const cardLaneName = (laneId: number | null) => laneName(`lane:${laneKey(laneId)}`);
  const find = (id: unknown) => {
    for (const [key, cards] of byLane) {
      const card = cards.find((c) => c.id === id);
      if (card) return { card, laneId: key === "open" ? null : key };
    }
    return null;
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => t("kanban.dnd.start", { id: active.id, lane: cardLaneName(find(active.id)?.laneId ?? null) }),
    onDragOver: ({ active, over }) => (over ? t("kanban.dnd.over", { id: active.id, lane: laneName(over.id) }) : t("kanban.dnd.outside", { id: active.id })),
    onDragEnd: ({ active, over }) => (over ? t("kanban.dnd.end", { id: active.id, lane: laneName(over.id) }) : t("kanban.dnd.outside", { id: active.id })),
    onDragCancel: ({ active }) => t("kanban.dnd.cancel", { id: active.id, lane: cardLaneName(find(active.id)?.laneId ?? null) }),
  };

  const onDragStart = ({ active }: DragStartEvent) => setActive(find(active.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActive(null);
    if (!over) return;
    const to = (over.data.current as { laneId: number | null } | undefined)?.laneId;
    const from = (active.data.current as { laneId: number | null } | undefined)?.laneId;
    if (to === undefined || to === from) return;
    onMove(Number(active.id), to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={laneCollision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("kanban.dnd.instructions") } }}
    >
      <div className="flex min-h-0 flex-1 snap-x gap-3 overflow-x-auto overflow-y-hidden pb-2" data-kanban-board>
        {columns.map((lane) => (
          <KanbanLane
            key={laneKey(lane.id)}
            lane={lane}
            cards={byLane.get(laneKey(lane.id)) ?? []}
            lanes={lanes}
            now={now}
            onMove={onMove}
            paging={pagingOf(laneKey(lane.id))}
            onLoadMore={onLoadMore}
          />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {active ? <CardOverlay card={active.card} laneId={active.laneId} lanes={lanes} now={now} onMove={onMove} /> : null}
      </DragOverlay>
    </DndContext>
  );
}
