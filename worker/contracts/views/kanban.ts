import type { KanbanLanePage } from "../kanban";
import type { TicketStatus } from "./ticket";

/**
 * A card of the kanban board (spec 002's "Kanban ticket": id, uuid, tags, contact, lastMessage; and the agent,
 * the queue and when it entered its lane). Its fields are a subset of the ticket as events carry it, so the board
 * follows ticket events with the same shape it loads.
 */
export type KanbanCard = {
  id: number;
  uuid: string;
  status: TicketStatus;
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
};

/** GET /ticket/kanban's answer: cards (a page of each lane asked, the most recently active first) and each lane's paging. */
export type KanbanBoardPage = {
  tickets: KanbanCard[];
  /** Some lane holds more cards than were sent. */
  hasMore: boolean;
  lanes: KanbanLanePage[];
};
