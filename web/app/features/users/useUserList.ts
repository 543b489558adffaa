import { useCallback, useEffect, useReducer, useRef } from "react";
import { useRealtimeEvent } from "../../lib/realtime";
import { toastError } from "../../lib/errors";
import { getUser, listUsers } from "./api";
import type { UserRow } from "./types";

interface State {
  users: UserRow[];
  count: number;
  hasMore: boolean;
  page: number;
  loading: boolean;
  /** The first page has arrived (before that the table shows skeletons). */
  loaded: boolean;
}

type Action =
  | { type: "reset" }
  | { type: "loading" }
  | { type: "page"; page: number; users: UserRow[]; count: number; hasMore: boolean }
  | { type: "failed" }
  | { type: "upsert"; user: UserRow; atTop?: boolean }
  | { type: "patch"; id: number; patch: Partial<UserRow> }
  | { type: "remove"; id: number };

const initial: State = { users: [], count: 0, hasMore: false, page: 0, loading: true, loaded: false };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "reset":
      return initial;
    case "loading":
      return { ...state, loading: true };
    case "page": {
      // A row that arrived live may show up again in a later page: keep one.
      const seen = new Set(action.page === 1 ? [] : state.users.map((u) => u.id));
      const base = action.page === 1 ? [] : state.users;
      return {
        users: [...base, ...action.users.filter((u) => !seen.has(u.id))],
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
      const exists = state.users.some((u) => u.id === action.user.id);
      if (exists) return { ...state, users: state.users.map((u) => (u.id === action.user.id ? { ...u, ...action.user } : u)) };
      return { ...state, users: action.atTop ? [action.user, ...state.users] : [...state.users, action.user], count: state.count + 1 };
    }
    case "patch":
      return { ...state, users: state.users.map((u) => (u.id === action.id ? { ...u, ...action.patch } : u)) };
    case "remove": {
      const exists = state.users.some((u) => u.id === action.id);
      return exists ? { ...state, users: state.users.filter((u) => u.id !== action.id), count: Math.max(0, state.count - 1) } : state;
    }
  }
}

/**
 * The users list: searched (the caller debounces), paged by pageNumber with hasMore, and kept current by
 * `user` websocket events (spec: user lists update live).
 */
export function useUserList(search: string) {
  const [state, dispatch] = useReducer(reducer, initial);
  const generation = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;

  const load = useCallback(
    async (page: number) => {
      const mine = generation.current;
      dispatch({ type: "loading" });
      try {
        const body = await listUsers({ searchParam: search, pageNumber: page });
        if (mine !== generation.current) return; // a newer search replaced this one
        dispatch({ type: "page", page, users: body.users ?? [], count: body.count ?? 0, hasMore: !!body.hasMore });
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

  useRealtimeEvent("user", (event) => {
    if (event.action === "delete") {
      dispatch({ type: "remove", id: event.userId });
      return;
    }
    const known = stateRef.current.users.some((u) => u.id === event.userId);
    const refetch = (atTop: boolean) =>
      getUser(event.userId)
        .then((user) => dispatch({ type: "upsert", user, atTop }))
        .catch(() => undefined);
    if (known) {
      // The event carries a summary (name, email, profile, online); queues and the rest need the full row.
      if (event.user) {
        const { name, email, profile, online } = event.user;
        dispatch({ type: "patch", id: event.userId, patch: { name, email, profile, online } });
      } else void refetch(false);
      return;
    }
    // A new user shows at the top of an unfiltered list; a search shows it on its next run.
    if (event.action === "create" && !search) void refetch(true);
  });

  return {
    ...state,
    loadMore,
    upsert: (user: UserRow, atTop = false) => dispatch({ type: "upsert", user, atTop }),
    remove: (id: number) => dispatch({ type: "remove", id }),
  };
}
