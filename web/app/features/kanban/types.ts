import type { KanbanBoardPage, KanbanCard as ServerCard } from "../../../../worker/contracts/views/kanban";

/** A card as the board receives it (JSON: times as ISO strings). */
export type KanbanCard = Omit<ServerCard, "createdAt" | "updatedAt" | "kanbanLaneAt"> & {
  createdAt: string;
  updatedAt: string;
  kanbanLaneAt: string | null;
};

/** A lane of the board: a kanban tag, or 'Em aberto' (id null) for tickets with no kanban tag. */
export interface Lane {
  id: number | null;
  name: string;
  color: string;
}

/** A kanban tag as GET /tags/kanban lists it. */
export interface LaneTag {
  id: number;
  name: string;
  color: string;
  kanban: number;
}

/** GET /ticket/kanban's answer as the board receives it: a page of each lane asked, and each lane's paging. */
export type BoardPage = Omit<KanbanBoardPage, "tickets"> & { tickets: KanbanCard[] };
