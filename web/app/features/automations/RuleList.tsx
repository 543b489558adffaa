import { DndContext, MouseSensor, TouchSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { useTranslation } from "react-i18next";
import { RuleCard, type RuleCardHandlers } from "./RuleCard";
import type { RuleLookups } from "./lookups";
import type { RuleRow } from "./types";
import "./texts";

/**
 * The rules in the order they run. A rule is dragged by its handle onto another's place (mouse, or a long press on a
 * touch screen); the keyboard uses each card's up and down buttons.
 */
export function RuleList({ rules, lookups, busy, ...handlers }: { rules: RuleRow[]; lookups: RuleLookups; busy: Set<number> } & RuleCardHandlers) {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(MouseSensor, { activationConstraint: { distance: 6 } }), useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }));
  const indexOf = (id: unknown) => rules.findIndex((rule) => rule.id === id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) handlers.onMove(indexOf(active.id), indexOf(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: () => "",
          onDragOver: () => "",
          onDragCancel: () => "",
          onDragEnd: ({ active, over }) => {
            const rule = rules[indexOf(active.id)];
            return rule && over ? t("automations.dragMoved", { name: rule.name, position: indexOf(over.id) + 1, total: rules.length }) : "";
          },
        },
      }}
    >
      <ol className="flex flex-col gap-3" data-testid="rule-list">
        {rules.map((rule, index) => (
          <SortableRule key={rule.id} rule={rule} index={index} total={rules.length} lookups={lookups} busy={busy.has(rule.id)} {...handlers} />
        ))}
      </ol>
    </DndContext>
  );
}

function SortableRule(props: Omit<Parameters<typeof RuleCard>[0], "nodeRef" | "handle" | "style" | "dragging" | "over">) {
  const drag = useDraggable({ id: props.rule.id });
  const drop = useDroppable({ id: props.rule.id });
  const setNodeRef = (node: HTMLLIElement | null) => {
    drag.setNodeRef(node);
    drop.setNodeRef(node);
  };
  const style = drag.transform ? { transform: `translate3d(0, ${drag.transform.y}px, 0)` } : undefined;
  return (
    <RuleCard
      {...props}
      nodeRef={setNodeRef}
      handle={{ ...drag.listeners, ref: drag.setActivatorNodeRef }}
      style={style}
      dragging={drag.isDragging}
      over={drop.isOver}
    />
  );
}
