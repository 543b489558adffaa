import type { PresentedTicket } from "../tickets/presentTicket";
import type { KanbanLanePage } from "../../contracts/kanban";

/**
 * A card of the kanban board (spec 002's "Kanban ticket": id, uuid, tags, contact, lastMessage; and the agent,
 * the queue and when it entered its lane). Its fields are a subset of the ticket as events carry it, so the board
 * follows ticket events with the same shape it loads.
 */
export interface KanbanCard {
  id: number;
  uuid: string;
  status: PresentedTicket["status"];
  lastMessage: string;
  isGroup: boolean;
  userId: number | null;
  queueId: number | null;
  createdAt: Date;
  updatedAt: Date;
  kanbanLaneAt: Date | null;
  contact: { id: number; name: string; number: string; profilePicUrl: string };
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
  tags: { id: number; name: string; color: string; kanban: number }[];
}

export function kanbanCardOf(t: PresentedTicket): KanbanCard {
  return {
    id: t.id,
    uuid: t.uuid,
    status: t.status,
    lastMessage: t.lastMessage,
    isGroup: t.isGroup,
    userId: t.userId,
    queueId: t.queueId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    kanbanLaneAt: t.kanbanLaneAt,
    contact: { id: t.contact.id, name: t.contact.name, number: t.contact.number, profilePicUrl: t.contact.profilePicUrl },
    user: t.user ? { id: t.user.id, name: t.user.name } : null,
    queue: t.queue ? { id: t.queue.id, name: t.queue.name, color: t.queue.color } : null,
    tags: t.tags,
  };
}

/** GET /ticket/kanban's answer: cards (a page of each lane asked, the most recently active first) and each lane's paging. */
export interface KanbanBoardPage {
  tickets: KanbanCard[];
  /** Some lane holds more cards than were sent. */
  hasMore: boolean;
  lanes: KanbanLanePage[];
}
