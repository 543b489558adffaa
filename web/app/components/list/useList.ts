import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { toastError } from "../../lib/errors";

/**
 * The state of every list page: a paged list (pageNumber with hasMore, searched) or an unpaged one (the whole list in
 * one response), kept current by the page's realtime handlers through upsert/patch/remove/refresh.
 */
export interface Page<T> {
  items: T[];
  count: number;
  hasMore: boolean;
}

export type FetchPage<T> = (params: { searchParam: string; pageNumber: number }) => Promise<Page<T>>;

/**
 * A FetchPage over an API that pages by cursor (`{ items, cursor }`, cursor null on the last page): each next page
 * asks from the cursor the page before it answered. Make one per list (it remembers those cursors).
 */
export function cursorPaged<T>(
  fetchFrom: (params: { searchParam: string; cursor: number | null }) => Promise<{ items: T[]; cursor: number | null }>,
): FetchPage<T> {
  const cursors = new Map<string, number | null>();
  return async ({ searchParam, pageNumber }) => {
    const cursor = pageNumber === 1 ? null : (cursors.get(`${searchParam}|${pageNumber}`) ?? null);
    const page = await fetchFrom({ searchParam, cursor });
    cursors.set(`${searchParam}|${pageNumber + 1}`, page.cursor);
    return { items: page.items, count: page.items.length, hasMore: page.cursor !== null };
  };
}

export interface ListState<T> {
  items: T[];
  count: number;
  hasMore: boolean;
  page: number;
  loading: boolean;
  /** The first page has arrived (before that the table shows skeletons). */
  loaded: boolean;
  /** The last load failed (a page may offer to try again). */
  failed: boolean;
}

export type ListAction<T> =
  | { type: "reset" }
  | { type: "loading" }
  | { type: "page"; page: number; items: T[]; count: number; hasMore: boolean }
  | { type: "failed" }
  | { type: "upsert"; item: T; atTop: boolean }
  | { type: "patch"; id: number; patch: Partial<T> }
  | { type: "patchAll"; change: (item: T) => T }
  | { type: "remove"; ids: number[] };

interface Identified {
  id: number;
}

export function initialList<T>(): ListState<T> {
  return {
    items: [],
    count: 0,
    hasMore: false,
    page: 0,
    loading: true,
    loaded: false,
    failed: false,
  };
}

export function listReducer<T extends Identified>(state: ListState<T>, action: ListAction<T>): ListState<T> {
  switch (action.type) {
    case "reset":
      return initialList<T>();
    case "loading":
      return { ...state, loading: true, failed: false };
    case "page": {
      // A row that arrived live may show up again in a later page: keep one.
      const base = action.page === 1 ? [] : state.items;
      const seen = new Set(base.map((i) => i.id));
      return {
        items: [...base, ...action.items.filter((i) => !seen.has(i.id))],
        count: action.count,
        hasMore: action.hasMore,
        page: action.page,
        loading: false,
        loaded: true,
        failed: false,
      };
    }
    case "failed":
      return {
        ...state,
        loading: false,
        loaded: true,
        hasMore: false,
        failed: true,
      };
    case "upsert": {
      if (state.items.some((i) => i.id === action.item.id)) {
        return {
          ...state,
          items: state.items.map((i) => (i.id === action.item.id ? { ...i, ...action.item } : i)),
        };
      }
      const items = action.atTop ? [action.item, ...state.items] : [...state.items, action.item];
      return { ...state, items, count: state.count + 1 };
    }
    case "patch":
      return {
        ...state,
        items: state.items.map((i) => (i.id === action.id ? { ...i, ...action.patch } : i)),
      };
    case "patchAll":
      return { ...state, items: state.items.map(action.change) };
    case "remove": {
      const gone = new Set(action.ids);
      const items = state.items.filter((i) => !gone.has(i.id));
      const removed = state.items.length - items.length;
      return removed > 0 ? { ...state, items, count: Math.max(0, state.count - removed) } : state;
    }
  }
}

export interface ListOptions<T> {
  /** Whatever makes the list load again from its first page (the search, a filter). */
  key?: string;
  /** Rows in the page's order (an unpaged list kept sorted while rows arrive live). */
  sort?: (a: T, b: T) => number;
  /** Load failures show in the page (`failed`) instead of a toast. */
  quietFailure?: boolean;
}

/** A paged list: `fetchPage` is called with the key as searchParam and each pageNumber. */
export function usePagedList<T extends Identified>(search: string, fetchPage: FetchPage<T>, options: Omit<ListOptions<T>, "key"> = {}) {
  return useList<T>(fetchPage, { ...options, key: search });
}

/** An unpaged list: the whole list in one response. */
export function useWholeList<T extends Identified>(fetchAll: () => Promise<T[]>, options: ListOptions<T> = {}) {
  const fetchPage = useCallback(async () => {
    const items = await fetchAll();
    return { items, count: items.length, hasMore: false };
  }, [fetchAll]);
  return useList<T>(fetchPage, options);
}

function useList<T extends Identified>(fetchPage: FetchPage<T>, { key = "", sort, quietFailure = false }: ListOptions<T>) {
  const [state, dispatch] = useReducer(listReducer<T>, undefined, initialList<T>);
  const generation = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const load = useCallback(
    async (page: number, quiet = false) => {
      const mine = generation.current;
      if (!quiet) dispatch({ type: "loading" });
      try {
        const body = await fetchRef.current({
          searchParam: key,
          pageNumber: page,
        });
        if (mine !== generation.current) return; // a newer search replaced this one
        dispatch({
          type: "page",
          page,
          items: body.items,
          count: body.count,
          hasMore: body.hasMore,
        });
      } catch (err) {
        if (mine !== generation.current) return;
        dispatch({ type: "failed" });
        if (!quietFailure) toastError(err);
      }
    },
    [key, quietFailure]
  );

  useEffect(() => {
    generation.current++;
    dispatch({ type: "reset" });
    void load(1);
  }, [load]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.loading || !current.hasMore) return;
    void load(current.page + 1);
  }, [load]);

  /** Many rows changed at once (an import): the first page again, without blanking what is shown meanwhile. */
  const refresh = useCallback(() => {
    generation.current++;
    void load(1, true);
  }, [load]);

  /** Loads again from scratch (a "try again" after a failure). */
  const reload = useCallback(() => {
    generation.current++;
    void load(1);
  }, [load]);

  const upsert = useCallback((item: T, atTop = false) => dispatch({ type: "upsert", item, atTop }), []);
  const patch = useCallback((id: number, changes: Partial<T>) => dispatch({ type: "patch", id, patch: changes }), []);
  const patchAll = useCallback((change: (item: T) => T) => dispatch({ type: "patchAll", change }), []);
  const remove = useCallback((...ids: number[]) => dispatch({ type: "remove", ids }), []);
  const has = useCallback((id: number) => stateRef.current.items.some((i) => i.id === id), []);
  /**
   * A row that changed live: updated in place when shown; otherwise it goes on top when the list is not searched or
   * its `searchable` text holds the search (as the server's search by name would find it).
   */
  const upsertLive = useCallback(
    (item: T, searchable: string) => {
      if (stateRef.current.items.some((i) => i.id === item.id)) dispatch({ type: "upsert", item, atTop: false });
      else if (!key || searchable.toLowerCase().includes(key.toLowerCase())) dispatch({ type: "upsert", item, atTop: true });
    },
    [key],
  );

  const items = useMemo(() => (sort ? [...state.items].sort(sort) : state.items), [state.items, sort]);
  return {
    ...state,
    items,
    loadMore,
    refresh,
    reload,
    upsert,
    patch,
    patchAll,
    remove,
    has,
    upsertLive,
  };
}

export type List<T extends Identified> = ReturnType<typeof useList<T>>;
