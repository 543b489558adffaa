import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "../../lib/api-error";
import { toastError } from "../../lib/errors";
import { useRealtimeEvent } from "../../lib/realtime";
import { loadBoard, loadLanePage, loadLanes, moveCard } from "./api";
import { belongsOnBoard, cardOfTicket, cardsByLane, laneKey, laneIdOf, laneOf, movedCard, type LaneKey } from "./rules";
import type { BoardPage, KanbanCard, LaneTag } from "./types";

export type BoardStatus = "loading" | "ready" | "error";

/**
 * A lane's cards not loaded yet: how many the server holds beyond those on the board (`tail`), whether it has
 * more to send and where its next page starts. A lane's count is its cards on the board plus its tail, so moves
 * and events keep it true without reloading.
 */
export interface LanePaging {
  tail: number;
  hasMore: boolean;
  cursor: string | null;
  loading: boolean;
  /** The last page asked for failed: the lane offers to try again rather than asking on every scroll. */
  failed: boolean;
}
const NO_MORE: LanePaging = { tail: 0, hasMore: false, cursor: null, loading: false, failed: false };

/**
 * The board's lanes and cards for the chosen queues (null: all the user may see; `ownQueues` null for admins,
 * whose board is not limited to their own), kept live by ticket and tag events, with moves shown at once and
 * undone when the server refuses them.
 */
export function useKanbanBoard(queueIds: number[] | null, ownQueues: number[] | null, ready: boolean) {
  const [lanes, setLanes] = useState<LaneTag[]>([]);
  const [cards, setCards] = useState<Map<number, KanbanCard>>(new Map());
  const [status, setStatus] = useState<BoardStatus>("loading");
  const [paging, setPaging] = useState<Map<LaneKey, LanePaging>>(new Map());
  /** When the board's first page was asked for: a card created before then may be one of a lane's tail. */
  const loadedAt = useRef(0);
  /** Counts the board's reads: a lane's page asked for before the latest read is dropped. */
  const boardRead = useRef(0);
  /** Lanes whose next page is on its way (a scroll fires many times before the page lands). */
  const pagesInFlight = useRef(new Set<LaneKey>());
  const [generation, setGeneration] = useState(0);
  const queueKey = queueIds ? queueIds.join(",") : "all";
  const filter = useRef({ queueIds, ownQueues });
  filter.current = { queueIds, ownQueues };

  useEffect(() => {
    if (!ready) return;
    const abort = new AbortController();
    setStatus((s) => (s === "ready" ? s : "loading"));
    loadedAt.current = Date.now();
    boardRead.current++;
    Promise.all([loadLanes(abort.signal), loadBoard(filter.current.queueIds, abort.signal)])
      .then(([lanes, board]) => {
        const cards = new Map(board.tickets.map((c) => [c.id, c]));
        setLanes(lanes);
        setCards(cards);
        setPaging(new Map(board.lanes.map((lane) => [laneKey(lane.laneTagId), pagingAfter(lane, cards.values(), lanes)])));
        setStatus("ready");
      })
      .catch((err) => {
        if (abort.signal.aborted) return;
        // Spec 002: a kanban failure empties the board (and is told, here, rather than only logged).
        console.error("kanban: the board could not be loaded", err);
        setCards(new Map());
        setPaging(new Map());
        setStatus("error");
        toastError(err);
      });
    return () => abort.abort();
  }, [queueKey, ready, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  const laneOrder = useMemo(() => lanes.map((l) => l.id), [lanes]);
  const byLane = useMemo(() => cardsByLane(cards.values(), laneOrder), [cards, laneOrder]);
  const latest = useRef({ cards, lanes, laneOrder, paging });
  latest.current = { cards, lanes, laneOrder, paging };

  const putCard = useCallback((card: KanbanCard) => {
    const { cards, laneOrder } = latest.current;
    const lane = laneKey(laneOf(card, laneOrder));
    // A card the board did not hold, older than the board: most likely one of its lane's tail (a message to an older
    // ticket), now on the board itself. Anything else is new to the board and adds to the lane's count.
    if (!cards.has(card.id) && Date.parse(card.createdAt) < loadedAt.current) {
      setPaging((current) => {
        const lanePaging = current.get(lane);
        if (!lanePaging || lanePaging.tail === 0 || !belongsOnBoard(card, filter.current.queueIds, filter.current.ownQueues)) return current;
        return new Map(current).set(lane, { ...lanePaging, tail: lanePaging.tail - 1 });
      });
    }
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

  /** The next page of a lane scrolled to its end; cards the board already holds (told by events) stay as they are. */
  const loadMore = useCallback(async (key: LaneKey) => {
    const lanePaging = latest.current.paging.get(key);
    if (!lanePaging?.hasMore || !lanePaging.cursor || pagesInFlight.current.has(key)) return;
    const readAsked = boardRead.current;
    pagesInFlight.current.add(key);
    setPaging((current) => new Map(current).set(key, { ...lanePaging, loading: true, failed: false }));
    try {
      const page = await loadLanePage(filter.current.queueIds, laneIdOf(key), lanePaging.cursor);
      if (readAsked !== boardRead.current) return; // the board was read again meanwhile
      const { cards, lanes } = latest.current;
      const merged = new Map(cards);
      for (const card of page.tickets) if (!merged.has(card.id)) merged.set(card.id, card);
      setCards((current) => {
        const next = new Map(current);
        for (const card of page.tickets) if (!next.has(card.id)) next.set(card.id, card);
        return next;
      });
      const lane = page.lanes[0];
      setPaging((current) => new Map(current).set(key, lane ? pagingAfter(lane, merged.values(), lanes) : NO_MORE));
    } catch (err) {
      if (readAsked !== boardRead.current) return;
      setPaging((current) => new Map(current).set(key, { ...lanePaging, loading: false, failed: true }));
      toastError(err);
    } finally {
      pagesInFlight.current.delete(key);
    }
  }, []);

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

  const count = useMemo(() => cards.size + [...paging.values()].reduce((sum, p) => sum + p.tail, 0), [cards, paging]);
  const pagingOf = useCallback((key: LaneKey) => paging.get(key) ?? NO_MORE, [paging]);

  return { lanes, byLane, count, pagingOf, loadMore, status, move, reload };
}

/** A lane's paging once a page of it came: its tail is what the server counts beyond the board's cards of it. */
function pagingAfter(lane: BoardPage["lanes"][number], cards: Iterable<KanbanCard>, lanes: readonly LaneTag[]): LanePaging {
  const order = lanes.map((l) => l.id);
  let onBoard = 0;
  for (const card of cards) if (laneOf(card, order) === lane.laneTagId) onBoard++;
  return { tail: Math.max(0, lane.count - onBoard), hasMore: lane.hasMore, cursor: lane.cursor, loading: false, failed: false };
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
