import { and, eq, ne, sql } from "drizzle-orm";
import type { TicketPriority } from "../../contracts/automation/actions";
import { tickets } from "../../db/tenant";
import type { AnyCtx } from "../context";
import { visibleTicket } from "../shared/visibleTicket";
import { loadTicket } from "./presentTicket";
import { publishTicketUpdate, scopeOf } from "./ticketEvents";

/**
 * A ticket's priority (issue 26): set by an agent who may see the ticket (PUT /api/tickets/:id/priority, a macro)
 * or by an automation rule (the system). Not a move: the ticket keeps its place in the lists (its `updatedAt`), and
 * everyone who sees it hears the change.
 */
export async function setTicketPriority({ ctx, input }: { ctx: AnyCtx; input: { ticketId: number; priority: TicketPriority } }) {
  const ticket = await visibleTicket(ctx, input.ticketId);
  // One statement: changed only when it differs, keeping the ticket's `updatedAt` as it was.
  const changed = ctx.db
    .update(tickets)
    .set({ priority: input.priority, updatedAt: sql`${tickets.updatedAt}` })
    .where(and(eq(tickets.id, ticket.id), eq(tickets.companyId, ctx.companyId), ne(tickets.priority, input.priority)))
    .returning({ id: tickets.id })
    .get();
  const presented = (await loadTicket(ctx.db, ctx.companyId, ticket.id))!;
  if (changed) await publishTicketUpdate(ctx, scopeOf(ticket), presented);
  return presented;
}
