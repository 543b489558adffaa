import { useCallback, useEffect, useReducer, useRef } from "react";
import { toastError } from "./errors";

/**
 * The state of a searchable, infinite-scroll list (contacts, tags, quick messages): pages by pageNumber with
 * hasMore, kept current by the page's realtime handlers through upsert/patch/remove/refresh. Generic twin of
 * features/users/useUserList, shared by this area's three pages.
 */
export interface Page<T> {
  items: T[];
  count: number;
  hasMore: boolean;
}

export type FetchPage<T> = (params: { searchParam: string; pageNumber: number }) => Promise<Page<T>>;

interface State<T> {
  items: T[];
  count: number;
  hasMore: boolean;
  page: number;
  loading: boolean;
  /** The first page has arrived (before that the table shows skeletons). */
  loaded: boolean;
}

type Action<T> =
  | { type: "reset" }
  | { type: "loading" }
  | { type: "page"; page: number; items: T[]; count: number; hasMore: boolean }
  | { type: "failed" }
  | { type: "upsert"; item: T; atTop: boolean }
  | { type: "patch"; id: number; patch: Partial<T> }
  | { type: "remove"; ids: number[] };

interface Identified {
  id: number;
}

function initial<T>(): State<T> {
  return { items: [], count: 0, hasMore: false, page: 0, loading: true, loaded: false };
}

function reducer<T extends Identified>(state: State<T>, action: Action<T>): State<T> {
  switch (action.type) {
    case "reset":
      return initial<T>();
    case "loading":
      return { ...state, loading: true };
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
      };
    }
    case "failed":
      return { ...state, loading: false, loaded: true, hasMore: false };
    case "upsert": {
      if (state.items.some((i) => i.id === action.item.id)) {
        return { ...state, items: state.items.map((i) => (i.id === action.item.id ? { ...i, ...action.item } : i)) };
      }
      const items = action.atTop ? [action.item, ...state.items] : [...state.items, action.item];
      return { ...state, items, count: state.count + 1 };
    }
    case "patch":
      return { ...state, items: state.items.map((i) => (i.id === action.id ? { ...i, ...action.patch } : i)) };
    case "remove": {
      const gone = new Set(action.ids);
      const items = state.items.filter((i) => !gone.has(i.id));
      const removed = state.items.length - items.length;
      return removed > 0 ? { ...state, items, count: Math.max(0, state.count - removed) } : state;
    }
  }
}

export function usePagedList<T extends Identified>(search: string, fetchPage: FetchPage<T>) {
  const [state, dispatch] = useReducer(reducer<T>, undefined, initial<T>);
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
        const body = await fetchRef.current({ searchParam: search, pageNumber: page });
        if (mine !== generation.current) return; // a newer search replaced this one
        dispatch({ type: "page", page, items: body.items, count: body.count, hasMore: body.hasMore });
      } catch (err) {
        if (mine !== generation.current) return;
        dispatch({ type: "failed" });
        toastError(err);
      }
    },
    [search],
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

  const upsert = useCallback((item: T, atTop = false) => dispatch({ type: "upsert", item, atTop }), []);
  const patch = useCallback((id: number, changes: Partial<T>) => dispatch({ type: "patch", id, patch: changes }), []);
  const remove = useCallback((...ids: number[]) => dispatch({ type: "remove", ids }), []);
  const has = useCallback((id: number) => stateRef.current.items.some((i) => i.id === id), []);

  return { ...state, loadMore, refresh, upsert, patch, remove, has };
}
