import { api } from "../../lib/api";
import type { BoardPage, KanbanCard, LaneTag } from "./types";

const queueQuery = (queueIds: number[] | null) => (queueIds ? JSON.stringify(queueIds) : undefined);

/** The first page of every lane; `queueIds` null sends no filter (all the queues the user may see). */
export function loadBoard(queueIds: number[] | null, signal?: AbortSignal) {
  return api<BoardPage>("/ticket/kanban", { query: { queueIds: queueQuery(queueIds) }, signal });
}

/** A lane's next page (null: 'Em aberto'), after the card its last page ended with (`cursor`). */
export function loadLanePage(queueIds: number[] | null, laneId: number | null, cursor: string, signal?: AbortSignal) {
  return api<BoardPage>("/ticket/kanban", { query: { queueIds: queueQuery(queueIds), lane: laneId ?? "open", cursor }, signal });
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
