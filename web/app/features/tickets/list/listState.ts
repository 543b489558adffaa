import type { ListTicket } from "../shared/types";

/**
 * One list's state and its reducer (pure). Lists are ordered by last activity, newest first, as the server
 * orders them; a ticket that changes moves to where its activity puts it (a new message: the top).
 */
export interface ListState {
  tickets: ListTicket[];
  count: number;
  hasMore: boolean;
  page: number;
  loading: boolean;
  /** The first page has arrived (before that the list shows skeletons). */
  loaded: boolean;
}

export type ListAction =
  | { type: "reset" }
  | { type: "loading" }
  | { type: "page"; page: number; tickets: ListTicket[]; count: number | null; hasMore: boolean }
  | { type: "failed" }
  /** A ticket changed. `now`: whether it belongs here now; `before`: whether it did before (when known). */
  | { type: "ticket"; ticket: ListTicket; now: boolean | "unknown"; before: boolean }
  | { type: "remove"; id: number; before: boolean }
  | { type: "patch"; id: number; patch: Partial<ListTicket> };

export const initialList: ListState = { tickets: [], count: 0, hasMore: false, page: 0, loading: true, loaded: false };

const time = (t: ListTicket) => Date.parse(t.updatedAt) || 0;

/** Where a ticket goes in a list ordered newest first (ties: the bigger id first, as the server). */
function insertionIndex(list: ListTicket[], ticket: ListTicket): number {
  const at = time(ticket);
  const index = list.findIndex((t) => time(t) < at || (time(t) === at && t.id < ticket.id));
  return index === -1 ? list.length : index;
}

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case "reset":
      return initialList;
    case "loading":
      return { ...state, loading: true };
    case "page": {
      // A ticket that arrived live may come again in a later page: keep one.
      const base = action.page === 1 ? [] : state.tickets;
      const seen = new Set(base.map((t) => t.id));
      return {
        tickets: [...base, ...action.tickets.filter((t) => !seen.has(t.id))],
        count: action.count ?? state.count,
        hasMore: action.hasMore,
        page: action.page,
        loading: false,
        loaded: true,
      };
    }
    case "failed":
      return { ...state, loading: false, loaded: true, hasMore: false };
    case "ticket": {
      const { ticket, now } = action;
      const present = state.tickets.some((t) => t.id === ticket.id);
      const wasCounted = present || action.before;
      const rest = state.tickets.filter((t) => t.id !== ticket.id);
      if (now === false) {
        if (!wasCounted) return state;
        return { ...state, tickets: rest, count: Math.max(0, state.count - 1) };
      }
      if (now === "unknown" && !present) return state;
      const index = insertionIndex(rest, ticket);
      // Past the loaded pages it arrives with its own page later; the count still knows about it.
      const beyondLoaded = !present && index === rest.length && state.hasMore;
      const tickets = beyondLoaded ? rest : [...rest.slice(0, index), ticket, ...rest.slice(index)];
      return { ...state, tickets, count: wasCounted ? state.count : state.count + 1 };
    }
    case "remove": {
      const present = state.tickets.some((t) => t.id === action.id);
      if (!present && !action.before) return state;
      return { ...state, tickets: state.tickets.filter((t) => t.id !== action.id), count: Math.max(0, state.count - 1) };
    }
    case "patch":
      return { ...state, tickets: state.tickets.map((t) => (t.id === action.id ? { ...t, ...action.patch } : t)) };
  }
}
