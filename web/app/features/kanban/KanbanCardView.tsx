import { useDraggable } from "@dnd-kit/core";
import { Link } from "@remix-run/react";
import { ArrowRightLeft, Clock, GripVertical, MessageSquareText, UserRound } from "lucide-react";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { buttonClasses } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { Menu, MenuContent, MenuItem, MenuLabel, MenuTrigger } from "../../components/ui/Menu";
import { TagChip } from "../tags/TagChip";
import { formatPhone } from "../../lib/phone";
import { FormattedPreview } from "../tickets/shared/Formatted";
import { TicketAvatar } from "../tickets/list/TicketAvatar";
import { timeInLane } from "./rules";
import type { KanbanCard, LaneTag } from "./types";
import "./texts";

export interface CardProps {
  card: KanbanCard;
  laneId: number | null;
  lanes: LaneTag[];
  now: number;
  onMove: (cardId: number, toLaneId: number | null) => void;
}

/**
 * A card on the board: ticket number, contact name and number, last message, agent, queue, its other tags and
 * the time in its lane; 'Ver Ticket' opens the chat. Dragged by mouse or touch anywhere, by keyboard from its
 * handle (space, the arrows, space), or moved through its menu.
 */
export const DraggableCard = memo(function DraggableCard(props: CardProps) {
  const { t } = useTranslation();
  const { card } = props;
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: card.id,
    data: { laneId: props.laneId },
  });
  return (
    <div ref={setNodeRef} {...listeners} className={cn("h-full touch-manipulation", isDragging && "opacity-40")} data-card-id={card.id}>
      <CardBody
        {...props}
        handle={
          <button
            ref={setActivatorNodeRef}
            {...attributes}
            type="button"
            aria-label={t("kanban.dragHandle", { id: card.id, name: card.contact.name })}
            className="-ml-1 inline-flex size-7 max-sm:size-11 shrink-0 cursor-grab items-center justify-center rounded-md text-subtle hover:bg-surface-3 hover:text-fg focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none active:cursor-grabbing"
            data-drag-handle
          >
            <GripVertical className="size-4" aria-hidden />
          </button>
        }
      />
    </div>
  );
});

/** The card as it follows the pointer while dragged. */
export function CardOverlay(props: CardProps) {
  return (
    <div className="rotate-2 cursor-grabbing shadow-2xl">
      <CardBody {...props} handle={<span className="-ml-1 inline-flex size-7 items-center justify-center text-subtle"><GripVertical className="size-4" aria-hidden /></span>} />
    </div>
  );
}

function CardBody({ card, laneId, lanes, now, onMove, handle }: CardProps & { handle: React.ReactNode }) {
  const { t } = useTranslation();
  const time = timeInLane(card, now);
  const laneIds = new Set(lanes.map((l) => l.id));
  const otherTags = card.tags.filter((tag) => !laneIds.has(tag.id));
  const inLane = time.unit === "days" ? t("kanban.inLane.days", { count: time.value }) : t(`kanban.inLane.${time.unit}`, { value: time.value });
  return (
    <article
      aria-label={t("kanban.ticketNumber", { id: card.id })}
      className="flex h-full flex-col gap-2 rounded-xl border border-line bg-surface p-3 text-sm shadow-sm transition-shadow hover:shadow-md"
    >
      <header className="flex items-start gap-2">
        {handle}
        <TicketAvatar name={card.contact.name} src={card.contact.profilePicUrl || null} isGroup={card.isGroup} className="size-9 text-xs" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-fg" title={card.contact.name}>
            {card.contact.name}
          </p>
          <p className="truncate text-xs text-muted tabular-nums">{formatPhone(card.contact.number)}</p>
        </div>
        <span className="shrink-0 rounded-md bg-surface-3 px-1.5 py-0.5 text-[11px] font-medium text-muted tabular-nums">#{card.id}</span>
      </header>
      <p className={cn("line-clamp-2 min-h-[2lh] text-xs leading-snug", card.lastMessage ? "text-fg/80" : "text-subtle italic")}>
        <MessageSquareText className="mr-1 inline size-3.5 align-[-2px] text-subtle" aria-hidden />
        {card.lastMessage ? <FormattedPreview text={card.lastMessage} /> : t("kanban.noMessage")}
      </p>
      <div className="flex h-5 min-w-0 items-center gap-1 overflow-hidden">
        {card.queue ? (
          <span className="inline-flex max-w-[45%] shrink-0 items-center gap-1 truncate rounded-full border border-line px-2 py-0.5 text-[11px] text-muted">
            <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: card.queue.color }} aria-hidden />
            <span className="truncate">{card.queue.name}</span>
          </span>
        ) : null}
        {otherTags.slice(0, 3).map((tag) => (
          <TagChip key={tag.id} name={tag.name} color={tag.color} className="max-w-24 px-2 text-[11px]" />
        ))}
      </div>
      <footer className="mt-auto flex items-center gap-2 border-t border-line pt-2 text-[11px] text-muted">
        <span className="flex min-w-0 flex-1 items-center gap-1 truncate" title={card.user ? t("kanban.agent", { name: card.user.name }) : t("kanban.noAgent")}>
          <UserRound className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{card.user?.name ?? t("kanban.noAgent")}</span>
        </span>
        <span className="flex shrink-0 items-center gap-1 tabular-nums" data-time-in-lane>
          <Clock className="size-3.5" aria-hidden />
          {inLane}
        </span>
      </footer>
      <div className="flex items-center gap-2">
        <Link
          to={`/tickets/${card.uuid}`}
          className={buttonClasses("outline", "sm", "h-7 flex-1 text-xs")}
          onPointerDown={(e) => e.stopPropagation()}
        >
          {t("kanban.viewTicket")}
        </Link>
        <Menu>
          <MenuTrigger
            aria-label={t("kanban.moveMenu", { id: card.id })}
            className={buttonClasses("ghost", "icon-sm", "size-7")}
            onPointerDown={(e) => e.stopPropagation()}
          >
            <ArrowRightLeft className="size-3.5" aria-hidden />
          </MenuTrigger>
          <MenuContent>
            <MenuLabel>{t("kanban.moveTo")}</MenuLabel>
            {[null, ...lanes.map((l) => l.id)]
              .filter((id) => id !== laneId)
              .map((id) => {
                const lane = lanes.find((l) => l.id === id);
                return (
                  <MenuItem key={id ?? "open"} onSelect={() => onMove(card.id, id)}>
                    <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: lane?.color ?? "var(--color-line-strong)" }} aria-hidden />
                    {lane?.name ?? t("kanban.openLane")}
                  </MenuItem>
                );
              })}
          </MenuContent>
        </Menu>
      </div>
    </article>
  );
}
