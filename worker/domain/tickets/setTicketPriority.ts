import { and, eq } from "drizzle-orm";
import type { TicketPriority } from "../../contracts/automation/actions";
import { tickets } from "../../db/tenant";
import type { AnyCtx } from "../context";
import { AppError } from "../errors";
import { visibleTicket } from "../shared/visibleTicket";
import { loadTicket } from "./presentTicket";
import { publishTicketUpdate, scopeOf } from "./ticketEvents";

/**
 * A ticket's priority (issue 26): set by an agent who may see the ticket (PUT /api/tickets/:id/priority, a macro)
 * or by an automation rule (the system). Not a move: the ticket keeps its place in the lists (its `updatedAt`), and
 * everyone who sees it hears the change.
 */
export async function setTicketPriority({ ctx, input }: { ctx: AnyCtx; input: { ticketId: number; priority: TicketPriority } }) {
  const ticket = ctx.user ? await visibleTicket(ctx, input.ticketId) : await companyTicket(ctx, input.ticketId);
  const current = ctx.db
    .select({ priority: tickets.priority, updatedAt: tickets.updatedAt })
    .from(tickets)
    .where(and(eq(tickets.id, ticket.id), eq(tickets.companyId, ctx.companyId)))
    .get()!;
  if (current.priority !== input.priority) {
    ctx.db
      .update(tickets)
      .set({ priority: input.priority, updatedAt: current.updatedAt })
      .where(and(eq(tickets.id, ticket.id), eq(tickets.companyId, ctx.companyId)))
      .run();
  }
  const presented = (await loadTicket(ctx.db, ctx.companyId, ticket.id))!;
  if (current.priority !== input.priority) await publishTicketUpdate(ctx, scopeOf(ticket), presented);
  return presented;
}

async function companyTicket(ctx: AnyCtx, ticketId: number) {
  const row = ctx.db
    .select({ id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, ctx.companyId)))
    .get();
  if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
  return row;
}
