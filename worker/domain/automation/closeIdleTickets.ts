import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { tickets, whatsapps } from "../../db/schema";
import { botSay } from "../chatbot/botSay";
import type { SystemCtx } from "../context";
import { applyTransitions } from "./applyTransitions";

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
    // The notices first (each a stored message queued for delivery), then the closes together.
    for (const ticket of idle) await botSay(ctx, ticket.id, "expired", conn.message);
    await applyTransitions(
      ctx,
      idle.map((ticket) => ({ ticket, set: { status: "closed" as const, chatbot: false }, action: "close" as const, whatsappId: conn.id })),
      new Date(input.now),
    );
    closed += idle.length;
  }
  return { closed };
}
