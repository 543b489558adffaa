import type { ChatTicket, MessagesPage } from "./chat/types";
import { queryFor, type ListFilter } from "./list/filters";
import type { TicketsPage } from "./shared/types";

/**
 * What the server read for a page's first render (the loaders of /tickets and /tickets/{uuid}), so the HTML carries
 * the first rows and the open chat and the browser starts from them instead of asking again. Each read comes with
 * the hub's publish mark (HUB_MARK_HEADER), by which the browser tells, once its socket is in, whether anything
 * was published after the read (and only then reads again).
 */

/** The lists the inbox shows first: the open tab's two (assigned and waiting), no queue chosen, not showing all. */
export const SEEDED_LISTS = ["open", "pending"] as const;

export const defaultListFilter = (list: ListFilter["list"]): ListFilter => ({ list, queueIds: [], showAll: false });

/** Which list and page a seed is: the query of its read. A list starts from a seed only if its own query is this. */
export const listSeedKey = (filter: ListFilter) => JSON.stringify(queryFor(filter, 1));

export interface ListSeed {
  key: string;
  page: TicketsPage;
  mark: string | null;
}

export interface InboxSeed {
  lists: ListSeed[];
  /** The server's clock when it rendered: the rows' "5 min" labels hydrate with the same time. */
  renderedAt: number;
}

export interface ChatSeed {
  uuid: string;
  ticket: ChatTicket;
  messages: MessagesPage;
  /** The publish mark taken before the messages were read. */
  mark: string | null;
}
