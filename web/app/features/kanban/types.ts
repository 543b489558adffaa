import type { KanbanBoardPage, KanbanCard as ServerCard } from "../../../../worker/contracts/views/kanban";
import type { TagRow } from "../../../../worker/contracts/views/tag";
import type { Wire } from "../../../../worker/contracts/views/wire";

/** A card as the board receives it (JSON: times as ISO strings). */
export type KanbanCard = Wire<ServerCard>;

/** A lane of the board: a kanban tag, or 'Em aberto' (id null) for tickets with no kanban tag. */
export interface Lane {
  id: number | null;
  name: string;
  color: string;
}

/** A kanban tag as GET /tags/kanban lists it. */
export type LaneTag = Omit<TagRow, "userId">;

/** GET /ticket/kanban's answer as the board receives it: a page of each lane asked, and each lane's paging. */
export type BoardPage = Wire<KanbanBoardPage>;
