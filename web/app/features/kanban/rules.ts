import type { KanbanCard, LaneTag } from "./types";

/**
 * The board's rules, pure: which lane a card is in, the lanes' cards in order, a move as the board shows it at
 * once, and the time in lane. The server decides the same way (worker/domain/kanban).
 */

/** The key of a lane in maps and droppable ids: a tag id, or "open" for 'Em aberto'. */
export type LaneKey = number | "open";
export const laneKey = (id: number | null): LaneKey => id ?? "open";
export const laneIdOf = (key: LaneKey): number | null => (key === "open" ? null : key);

/** A card's lane: its first kanban tag in board order, or null ('Em aberto'). */
export function laneOf(card: Pick<KanbanCard, "tags">, laneOrder: readonly number[]): number | null {
  let best: number | null = null;
  let bestIndex = Infinity;
  for (const tag of card.tags) {
    const index = laneOrder.indexOf(tag.id);
    if (index !== -1 && index < bestIndex) {
      best = tag.id;
      bestIndex = index;
    }
  }
  return best;
}

/** Every lane's cards, the most recently active first. */
export function cardsByLane(cards: Iterable<KanbanCard>, laneOrder: readonly number[]): Map<LaneKey, KanbanCard[]> {
  const lanes = new Map<LaneKey, KanbanCard[]>([["open", []]]);
  for (const id of laneOrder) lanes.set(id, []);
  for (const card of cards) lanes.get(laneKey(laneOf(card, laneOrder)))!.push(card);
  for (const list of lanes.values()) list.sort(byRecentActivity);
  return lanes;
}

function byRecentActivity(a: KanbanCard, b: KanbanCard) {
  return b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;
}

/** The card as it will be once moved: out of every lane, into `to` (as the server does it), entering it now. */
export function movedCard(card: KanbanCard, to: LaneTag | null, lanes: readonly LaneTag[], now: Date): KanbanCard {
  const laneIds = new Set(lanes.map((l) => l.id));
  const kept = card.tags.filter((tag) => !laneIds.has(tag.id));
  const tags = to ? [...kept, { id: to.id, name: to.name, color: to.color, kanban: 1 }] : kept;
  return { ...card, tags, kanbanLaneAt: now.toISOString() };
}

export type LaneTime = { unit: "minutes" | "hours" | "days"; value: number };

/** How long the card has been in its lane (since it entered it, or since the ticket was created). */
export function timeInLane(card: Pick<KanbanCard, "kanbanLaneAt" | "createdAt">, now: number): LaneTime {
  const since = new Date(card.kanbanLaneAt ?? card.createdAt).getTime();
  const minutes = Number.isNaN(since) ? 0 : Math.max(0, Math.floor((now - since) / 60_000));
  if (minutes < 60) return { unit: "minutes", value: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: "hours", value: hours };
  return { unit: "days", value: Math.floor(hours / 24) };
}

/** The card fields of a ticket as events carry it; null when the event lacks them. */
export function cardOfTicket(ticket: Record<string, unknown>): KanbanCard | null {
  const t = ticket as Partial<KanbanCard> & { contact?: KanbanCard["contact"] };
  if (typeof t.id !== "number" || !t.contact || !Array.isArray(t.tags) || typeof t.updatedAt !== "string") return null;
  return {
    id: t.id,
    uuid: t.uuid ?? "",
    status: t.status ?? "pending",
    lastMessage: t.lastMessage ?? "",
    isGroup: t.isGroup ?? false,
    userId: t.userId ?? null,
    queueId: t.queueId ?? null,
    createdAt: t.createdAt ?? t.updatedAt,
    updatedAt: t.updatedAt,
    kanbanLaneAt: t.kanbanLaneAt ?? null,
    contact: { id: t.contact.id, name: t.contact.name, number: t.contact.number, profilePicUrl: t.contact.profilePicUrl ?? "" },
    user: t.user ? { id: t.user.id, name: t.user.name } : null,
    queue: t.queue ? { id: t.queue.id, name: t.queue.name, color: t.queue.color } : null,
    tags: t.tags.map(({ id, name, color, kanban }) => ({ id, name, color, kanban })),
  };
}

/** Whether a card belongs on this board: open or pending, and in the chosen queues (null: all). */
export function belongsOnBoard(card: Pick<KanbanCard, "status" | "queueId">, queueIds: readonly number[] | null, ownQueues: readonly number[] | null) {
  if (card.status === "closed") return false;
  const allowed = queueIds ?? ownQueues;
  if (!allowed) return true;
  return card.queueId !== null && allowed.includes(card.queueId);
}
