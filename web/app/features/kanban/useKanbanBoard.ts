import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "../../lib/api-error";
import { toastError } from "../../lib/errors";
import { useRealtimeEvent } from "../../lib/realtime";
import { loadBoard, loadLanes, moveCard } from "./api";
import { belongsOnBoard, cardOfTicket, cardsByLane, laneOf, movedCard } from "./rules";
import type { KanbanCard, LaneTag } from "./types";

export type BoardStatus = "loading" | "ready" | "error";

/**
 * The board's lanes and cards for the chosen queues (null: all the user may see; `ownQueues` null for admins,
 * whose board is not limited to their own), kept live by ticket and tag events, with moves shown at once and
 * undone when the server refuses them.
 */
export function useKanbanBoard(queueIds: number[] | null, ownQueues: number[] | null, ready: boolean) {
  const [lanes, setLanes] = useState<LaneTag[]>([]);
  const [cards, setCards] = useState<Map<number, KanbanCard>>(new Map());
  const [status, setStatus] = useState<BoardStatus>("loading");
  const [hasMore, setHasMore] = useState(false);
  const [generation, setGeneration] = useState(0);
  const queueKey = queueIds ? queueIds.join(",") : "all";
  const filter = useRef({ queueIds, ownQueues });
  filter.current = { queueIds, ownQueues };

  useEffect(() => {
    if (!ready) return;
    const abort = new AbortController();
    setStatus((s) => (s === "ready" ? s : "loading"));
    Promise.all([loadLanes(abort.signal), loadBoard(filter.current.queueIds, abort.signal)])
      .then(([lanes, board]) => {
        setLanes(lanes);
        setCards(new Map(board.tickets.map((c) => [c.id, c])));
        setHasMore(board.hasMore);
        setStatus("ready");
      })
      .catch((err) => {
        if (abort.signal.aborted) return;
        // Spec 002: a kanban failure empties the board (and is told, here, rather than only logged).
        console.error("kanban: the board could not be loaded", err);
        setCards(new Map());
        setStatus("error");
        toastError(err);
      });
    return () => abort.abort();
  }, [queueKey, ready, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  const laneOrder = useMemo(() => lanes.map((l) => l.id), [lanes]);
  const byLane = useMemo(() => cardsByLane(cards.values(), laneOrder), [cards, laneOrder]);

  const putCard = useCallback((card: KanbanCard) => {
    setCards((current) => {
      const next = new Map(current);
      if (belongsOnBoard(card, filter.current.queueIds, filter.current.ownQueues)) next.set(card.id, card);
      else next.delete(card.id);
      return next;
    });
  }, []);

  const dropCard = useCallback((id: number) => {
    setCards((current) => {
      if (!current.has(id)) return current;
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  }, []);

  useRealtimeEvent("ticket", (event) => {
    if (event.action === "update") {
      const card = cardOfTicket(event.ticket);
      if (card) putCard(card);
    } else if (event.action === "delete") dropCard(event.ticketId);
  });

  useRealtimeEvent("tag", (event) => {
    if (event.action === "order") {
      setLanes((current) => {
        const place = new Map(event.tagIds.map((id, i) => [id, i]));
        return [...current].sort((a, b) => (place.get(a.id) ?? Infinity) - (place.get(b.id) ?? Infinity));
      });
      return;
    }
    if (event.action === "delete") {
      setLanes((current) => current.filter((l) => l.id !== event.tagId));
      setCards((current) => patchTags(current, event.tagId, null));
      return;
    }
    const { id, name, color, kanban } = event.tag;
    setLanes((current) => {
      const others = current.filter((l) => l.id !== id);
      if (kanban !== 1) return others;
      const lane = { id, name, color, kanban };
      // A new lane takes the right end, as the server orders it.
      return current.some((l) => l.id === id) ? current.map((l) => (l.id === id ? lane : l)) : [...others, lane];
    });
    if (event.action === "update") setCards((current) => patchTags(current, id, { name, color, kanban }));
  });

  // A socket (re)accepted may have missed events while it was away: read the board again.
  const sawReady = useRef(false);
  useRealtimeEvent("ready", () => {
    if (sawReady.current) reload();
    sawReady.current = true;
  });

  const latest = useRef({ cards, lanes, laneOrder });
  latest.current = { cards, lanes, laneOrder };

  /** Moves a card to a lane (null: 'Em aberto'): shown at once, undone if the server refuses. */
  const move = useCallback(
    async (cardId: number, toLaneId: number | null) => {
      const { cards, lanes, laneOrder } = latest.current;
      const card = cards.get(cardId);
      if (!card) return;
      const from = laneOf(card, laneOrder);
      if (from === toLaneId) return;
      const to = toLaneId === null ? null : (lanes.find((l) => l.id === toLaneId) ?? null);
      const optimistic = movedCard(card, to, lanes, new Date());
      setCards((current) => new Map(current).set(cardId, optimistic));
      try {
        putCard(await moveCard(cardId, toLaneId, from));
      } catch (err) {
        // Undone only if nothing newer (another's move, told by an event) replaced the card meanwhile.
        setCards((current) => (current.get(cardId) === optimistic ? new Map(current).set(cardId, card) : current));
        toastError(err);
        if (err instanceof ApiError && err.status === 404) dropCard(cardId);
      }
    },
    [putCard, dropCard],
  );

  return { lanes, byLane, count: cards.size, hasMore, status, move, reload };
}

function patchTags(cards: Map<number, KanbanCard>, tagId: number, patch: { name: string; color: string; kanban: number } | null) {
  let next: Map<number, KanbanCard> | null = null;
  for (const card of cards.values()) {
    if (!card.tags.some((t) => t.id === tagId)) continue;
    next ??= new Map(cards);
    const tags = patch ? card.tags.map((t) => (t.id === tagId ? { ...t, ...patch } : t)) : card.tags.filter((t) => t.id !== tagId);
    next.set(card.id, { ...card, tags });
  }
  return next ?? cards;
}
