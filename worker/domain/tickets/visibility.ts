import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import { inList } from "../../db/inList";
import { tickets } from "../../db/tenant";
import type { TicketScope, TicketViewer, VisibilitySettings } from "../../contracts/ticketScope";

export type { TicketScope, TicketViewer, VisibilitySettings };

/**
 * The one visibility rule (queries, the open-ticket check and realtime events all use it):
 * admins see every ticket of the company; anyone else sees tickets assigned to them, tickets of their queues,
 * and — with allTicket enabled — pending tickets that have no queue yet. Group conversations are shown to
 * non-admins only when viewgroups is enabled.
 */
export function canSeeTicket(viewer: TicketViewer, ticket: TicketScope, settings: VisibilitySettings): boolean {
  if (viewer.profile === "admin") return true;
  if (ticket.isGroup && !settings.viewgroups) return false;
  if (ticket.userId === viewer.userId) return true;
  if (ticket.queueId !== null) return viewer.queueIds.includes(ticket.queueId);
  return ticket.status === "pending" && viewer.allTicket === "enabled";
}

/** The same rule as a SQL condition over `tickets` (admins get no condition). */
export function visibleTicketsWhere(viewer: TicketViewer, settings: VisibilitySettings): SQL | undefined {
  if (viewer.profile === "admin") return undefined;
  const reachable = or(
    eq(tickets.userId, viewer.userId),
    viewer.queueIds.length ? inList(tickets.queueId, viewer.queueIds) : undefined,
    viewer.allTicket === "enabled" ? and(isNull(tickets.queueId), eq(tickets.status, "pending")) : undefined,
  );
  return settings.viewgroups ? reachable : and(eq(tickets.isGroup, false), reachable);
}

export function viewerOf(user: { id: number; profile: TicketViewer["profile"]; allTicket: TicketViewer["allTicket"]; queueIds: number[] }): TicketViewer {
  return { userId: user.id, profile: user.profile, allTicket: user.allTicket, queueIds: user.queueIds };
}
