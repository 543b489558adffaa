import { api } from "../../lib/api";
import type { BoardPage, KanbanCard, LaneTag } from "./types";

/** The board's cards; `queueIds` null sends no filter (all the queues the user may see). */
export function loadBoard(queueIds: number[] | null, signal?: AbortSignal) {
  return api<BoardPage>("/ticket/kanban", { query: { queueIds: queueIds ? JSON.stringify(queueIds) : undefined }, signal });
}

export async function loadLanes(signal?: AbortSignal) {
  return (await api<{ lista: LaneTag[] }>("/tags/kanban", { signal })).lista;
}

/** One command: the card leaves `fromTagId` (as the mover saw it) for `toTagId` (null: 'Em aberto'). */
export function moveCard(ticketId: number, toTagId: number | null, fromTagId: number | null) {
  return api<KanbanCard>(`/ticket/kanban/${ticketId}`, { method: "PUT", body: { toTagId, fromTagId } });
}

export async function orderLanes(tagIds: number[]) {
  return (await api<{ lista: LaneTag[] }>("/tags/kanban/order", { method: "PUT", body: { tagIds } })).lista;
}
