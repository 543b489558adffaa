import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { tickets, whatsapps } from "../../db/schema";
import { botSay } from "../chatbot/botSay";
import type { SystemCtx } from "../context";
import { loadTicket } from "../tickets/presentTicket";
import { publishTicketUpdate, scopeOf } from "../tickets/ticketEvents";
import { trackingRow } from "../tickets/tracking";

/** At most this many tickets per connection per run, so one minute's work stays bounded. */
const BATCH = 50;

/**
 * Closes open and pending tickets idle for longer than their connection's expiresTicket (hours), saying the
 * connection's expiresInactiveMessage first. Runs in the company's hub, like every ticket transition.
 */
export async function closeIdleTickets({ ctx, input }: { ctx: SystemCtx; input: { now: number } }) {
  const connections = await ctx.db
    .select({ id: whatsapps.id, expiresTicket: whatsapps.expiresTicket, message: whatsapps.expiresInactiveMessage })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), gt(whatsapps.expiresTicket, 0)));
  let closed = 0;
  for (const conn of connections) {
    const cutoff = new Date(input.now - conn.expiresTicket * 60 * 60 * 1000);
    const idle = await ctx.db
      .select({ id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup })
      .from(tickets)
      .where(
        and(
          eq(tickets.companyId, ctx.companyId),
          inArray(tickets.status, ["open", "pending"]),
          eq(tickets.isGroup, false),
          lt(tickets.updatedAt, cutoff),
          eq(tickets.whatsappId, conn.id),
        ),
      )
      .limit(BATCH);
    for (const ticket of idle) {
      await botSay(ctx, ticket.id, "expired", conn.message);
      const now = new Date(input.now);
      await ctx.db.batch([
        ctx.db.update(tickets).set({ status: "closed", chatbot: false, updatedAt: now }).where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticket.id))),
        trackingRow(ctx, ticket.id, "close", scopeOf(ticket), { ...scopeOf(ticket), status: "closed", whatsappId: conn.id }, now),
      ]);
      await publishTicketUpdate(ctx, scopeOf(ticket), (await loadTicket(ctx.db, ctx.companyId, ticket.id))!);
      closed++;
    }
  }
  return { closed };
}
