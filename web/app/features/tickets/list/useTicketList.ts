import { useCallback, useEffect, useReducer, useRef } from "react";
import { toastError } from "../../../lib/errors";
import { realtime } from "../../../lib/realtime";
import { listTickets } from "../shared/api";
import type { ListTicket } from "../shared/types";
import { listSeedKey, type ListSeed } from "../seed";
import { belongsTo, queryFor, type ListFilter, type Viewer } from "./filters";
import { initialList, listReducer } from "./listState";
import type { TicketFeed, FeedEvent } from "./useTicketFeed";

/**
 * One list of the inbox: paged by pageNumber with hasMore, reloaded when its filter changes, and kept current
 * by the ticket feed (a ticket moves in, out or to the top as events arrive).
 */
export function useTicketList(filter: ListFilter, viewer: Viewer, feed: TicketFeed, enabled = true, seed: ListSeed | null = null) {
  // A first page the server read for this very list (the HTML shows it): the list starts from it, loaded.
  const seeded = useRef(seed && seed.key === listSeedKey(filter) ? { filterKey: JSON.stringify(filter), seed } : null);
  const [state, dispatch] = useReducer(listReducer, initialList, (initial) => {
    const page = seeded.current?.seed.page;
    return page ? listReducer(initial, { type: "page", page: 1, tickets: page.tickets, count: page.count, hasMore: page.hasMore }) : initial;
  });
  const stateRef = useRef(state);
  stateRef.current = state;
  const generation = useRef(0);
  const filterKey = JSON.stringify(filter);
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const viewerRef = useRef(viewer);
  viewerRef.current = viewer;

  /** When the latest page 1 was asked for: events the socket missed before it opened may be newer. */
  const firstPageAskedAt = useRef<number | null>(null);
  /** The hub's publish mark at page 1's read, once it has landed (undefined while it is on its way). */
  const firstPageMark = useRef<string | null | undefined>(undefined);
  /** The socket (by when it opened) whose accept page 1 was last checked against. */
  const checkedSocket = useRef(0);
  /**
   * Events heard while page 1 is on its way. The page may have been read before they happened, so they are played
   * again, in order, on top of it when it lands (each carries the ticket as it became, so the last one wins).
   */
  const heardDuringFirstPage = useRef<FeedEvent[] | null>(null);

  const apply = useCallback((event: FeedEvent) => {
    const current = filterRef.current;
    const who = viewerRef.current;
    const wasHere = (before: ListTicket | undefined) => (before ? belongsTo(before, current, who) === true : false);
    if (event.type === "ticket") {
      dispatch({ type: "ticket", ticket: event.ticket, now: belongsTo(event.ticket, current, who), before: wasHere(event.before) });
    } else if (event.type === "remove") {
      dispatch({ type: "remove", id: event.id, before: wasHere(event.before) });
    } else {
      dispatch({ type: "patch", id: event.id, patch: event.patch });
    }
  }, []);

  const loadRef = useRef<(page: number) => Promise<void>>(async () => undefined);
  /**
   * A page 1 asked for before the current socket opened (the first visit: both start together; or a reconnect) may
   * lack events published before the hub accepted the socket: it is asked for again, unless the hub's publish marks
   * show nothing was published between the read and the accept. Checked once both have landed, once per socket.
   */
  const checkAgainstSocket = useCallback(() => {
    const askedAt = firstPageAskedAt.current;
    const socket = realtime.openedSince();
    if (askedAt === null || firstPageMark.current === undefined || !realtime.isReady() || checkedSocket.current === socket) return;
    checkedSocket.current = socket;
    if (askedAt > socket || !realtime.missedBefore(firstPageMark.current)) return;
    generation.current++;
    void loadRef.current(1);
  }, []);

  const load = useCallback(
    async (page: number, signal?: AbortSignal) => {
      const mine = generation.current;
      if (page === 1) {
        firstPageAskedAt.current = Date.now();
        firstPageMark.current = undefined;
        heardDuringFirstPage.current = [];
      }
      dispatch({ type: "loading" });
      const askedAt = feed.position();
      try {
        const body = await listTickets(queryFor(JSON.parse(filterKey) as ListFilter, page), signal);
        if (mine !== generation.current) return; // a newer filter replaced this one
        feed.remember(body.tickets, askedAt);
        dispatch({ type: "page", page, tickets: body.tickets, count: body.count, hasMore: body.hasMore });
        if (page === 1) {
          const heard = heardDuringFirstPage.current ?? [];
          heardDuringFirstPage.current = null;
          heard.forEach(apply);
          firstPageMark.current = body.mark;
          checkAgainstSocket();
        }
      } catch (err) {
        if (mine !== generation.current) return;
        if (page === 1) heardDuringFirstPage.current = null; // nothing to play them on; the next load reads afresh
        dispatch({ type: "failed" });
        toastError(err);
      }
    },
    [filterKey, feed, apply, checkAgainstSocket],
  );
  loadRef.current = load;

  useEffect(() => {
    const fromServer = seeded.current;
    if (fromServer && fromServer.filterKey === filterKey) {
      // The server's page stands (it is what the HTML shows) until the list is enabled, which reads nothing more:
      // it was read before this tab's socket, so the socket's accept decides whether to read it again.
      if (!enabled) return;
      seeded.current = null;
      feed.remember(fromServer.seed.page.tickets, 0);
      firstPageAskedAt.current = 0;
      firstPageMark.current = fromServer.seed.mark;
      checkAgainstSocket();
      return;
    }
    seeded.current = null;
    generation.current++;
    dispatch({ type: "reset" });
    if (!enabled) return;
    const controller = new AbortController();
    void load(1, controller.signal);
    return () => controller.abort();
  }, [load, enabled, filterKey, feed, checkAgainstSocket]);

  useEffect(
    () =>
      feed.subscribe((event) => {
        heardDuringFirstPage.current?.push(event);
        // Until its first page arrives a list has nothing to keep current (what it heard is played on the page).
        if (stateRef.current.loaded) apply(event);
      }),
    [feed, apply],
  );

  // The socket being accepted (at first, or again after a drop) may come after events this list never heard of.
  useEffect(() => {
    if (!enabled) return;
    return realtime.subscribe("ready", checkAgainstSocket);
  }, [checkAgainstSocket, enabled]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.loading || !current.hasMore) return;
    void load(current.page + 1);
  }, [load]);

  return { ...state, loadMore };
}

export type TicketListModel = ReturnType<typeof useTicketList>;
