import { and, eq } from "drizzle-orm";
import { tickets } from "../../db/tenant";
import type { AnyCtx } from "../context";
import { AppError } from "../errors";
import { scopeOf, visibilitySettings } from "../tickets/ticketEvents";
import { canSeeTicket, viewerOf } from "../tickets/visibility";

/**
 * A ticket the acting user may see, for features attached to tickets (tags, notes): another company's ticket
 * does not exist (404); one outside the user's queues is not allowed (403, as opening it would be). The system
 * (automation rules) sees every ticket of the company.
 */
export async function visibleTicket(ctx: AnyCtx, ticketId: number) {
  const row = await ctx.db
    .select({ id: tickets.id, contactId: tickets.contactId, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, ctx.companyId)))
    .get();
  if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
  if (ctx.user && !canSeeTicket(viewerOf(ctx.user), scopeOf(row), await visibilitySettings(ctx))) {
    throw new AppError("ERR_NO_PERMISSION", "Acesso não permitido");
  }
  return row;
}
