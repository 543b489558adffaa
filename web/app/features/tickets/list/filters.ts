import { can } from "../../../../../worker/contracts/permissions";
import type { SessionUser } from "../../../lib/session-user";
import { settingValue } from "../../../lib/session-user";
import type { ListTicketsParams } from "../shared/api";
import type { ListTicket } from "../shared/types";

/**
 * Which tickets each list of the inbox holds (spec 000 section 2): the same rules the server applies to
 * GET /api/tickets, so that a ticket arriving by websocket lands in, moves between or leaves the lists
 * without a reload. Pure: no React, no fetch.
 */
export type TabKey = "open" | "group" | "closed" | "search";
/** The lists: the open tab has two (assigned = open, waiting = pending). */
export type ListKey = "open" | "pending" | "group" | "closed" | "search";

export interface ListFilter {
  list: ListKey;
  /** Selected queues (empty: no queue filter). Tickets without a queue always pass, as on the server. */
  queueIds: number[];
  /** The show-all toggle (only for those allowed): the open list shows everyone's tickets. */
  showAll: boolean;
  search?: string;
  tags?: number[];
  users?: number[];
}

/** What decides whether the user may see a ticket (worker/domain/tickets/visibility canSeeTicket). */
export interface Viewer {
  userId: number;
  profile: "admin" | "supervisor" | "user";
  allTicket: "enabled" | "disabled";
  queueIds: number[];
  viewgroups: boolean;
  viewclosed: boolean;
}

export function viewerOf(user: SessionUser): Viewer {
  return {
    userId: user.id,
    profile: user.profile,
    allTicket: user.allTicket,
    queueIds: user.queues.map((q) => q.id),
    viewgroups: settingValue(user, "viewgroups") === "enabled",
    viewclosed: settingValue(user, "viewclosed") === "enabled",
  };
}

/** Tabs the user sees: group and closed only for admins or when the company's settings allow them. */
export function visibleTabs(viewer: Viewer): TabKey[] {
  const tabs: TabKey[] = ["open"];
  const admin = viewer.profile === "admin";
  if (admin || viewer.viewgroups) tabs.push("group");
  if (admin || viewer.viewclosed) tabs.push("closed");
  tabs.push("search");
  return tabs;
}

export const mayShowAll = (user: SessionUser) => can(user, "tickets-manager:showall");
export const mayFilterByUser = (user: SessionUser) => can(user, "tickets:filterByUser");

/** The query of one page of a list. */
export function queryFor(filter: ListFilter, pageNumber: number): ListTicketsParams {
  const base: ListTicketsParams = { pageNumber, queueIds: filter.queueIds, showAll: filter.showAll };
  if (filter.list !== "search") return { ...base, status: filter.list };
  return { ...base, searchParam: filter.search || undefined, tags: filter.tags, users: filter.users };
}

type Scope = Pick<ListTicket, "status" | "userId" | "queueId" | "isGroup">;

/** The server's visibility rule, client side (admins see everything). */
export function canSee(viewer: Viewer, ticket: Scope): boolean {
  if (viewer.profile === "admin") return true;
  if (ticket.isGroup && !viewer.viewgroups) return false;
  if (ticket.userId === viewer.userId) return true;
  if (ticket.queueId !== null) return viewer.queueIds.includes(ticket.queueId);
  return ticket.status === "pending" && viewer.allTicket === "enabled";
}

/**
 * Whether a ticket belongs in a list now. "unknown" when only the server can tell (a text search):
 * such a list replaces the ticket if it shows it, and does not add it otherwise.
 */
export function belongsTo(ticket: ListTicket, filter: ListFilter, viewer: Viewer): boolean | "unknown" {
  // Admins with show-all skip the visibility rule on the server; otherwise it applies to every list.
  const unrestricted = filter.showAll && viewer.profile === "admin";
  if (!unrestricted && !canSee(viewer, ticket)) return false;
  if (filter.queueIds.length > 0 && ticket.queueId !== null && !filter.queueIds.includes(ticket.queueId)) return false;
  switch (filter.list) {
    case "open":
      return ticket.status === "open" && !ticket.isGroup && (filter.showAll || ticket.userId === viewer.userId);
    case "pending":
      return ticket.status === "pending" && !ticket.isGroup;
    case "closed":
      return ticket.status === "closed" && !ticket.isGroup;
    case "group":
      return ticket.isGroup && ticket.status !== "closed";
    case "search": {
      if (filter.tags?.length && !ticket.tags.some((t) => filter.tags!.includes(t.id))) return false;
      if (filter.users?.length && (ticket.userId === null || !filter.users.includes(ticket.userId))) return false;
      return filter.search ? "unknown" : true;
    }
  }
}
