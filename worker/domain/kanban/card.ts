import type { PresentedTicket } from "../tickets/presentTicket";
import type { KanbanBoardPage, KanbanCard } from "../../contracts/views/kanban";

export type { KanbanBoardPage, KanbanCard };

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
