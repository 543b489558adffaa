import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { tickets, whatsapps } from "../../db/schema";
import { botSay } from "../chatbot/botSay";
import type { SystemCtx } from "../context";
import { transitionTicketColumns, type AutomatedTransition } from "./applyTransitions";

/** At most this many tickets per connection per run, so one minute's work stays bounded. */
const BATCH = 50;

/**
 * The closes due now: open and pending tickets idle for longer than their connection's expiresTicket (hours). The
 * connection's expiresInactiveMessage is said on each first; the closes are applied by automateTickets.
 */
export async function idleTicketClosures(ctx: SystemCtx, now: number): Promise<AutomatedTransition[]> {
  const connections = await ctx.db
    .select({ id: whatsapps.id, expiresTicket: whatsapps.expiresTicket, message: whatsapps.expiresInactiveMessage })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), gt(whatsapps.expiresTicket, 0)));
  const closures: AutomatedTransition[] = [];
  for (const conn of connections) {
    const cutoff = new Date(now - conn.expiresTicket * 60 * 60 * 1000);
    const idle = await ctx.db
      .select(transitionTicketColumns)
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
    // The notices first (each a stored message queued for delivery); the closes go together after.
    for (const ticket of idle) await botSay(ctx, ticket.id, "expired", conn.message);
    closures.push(...idle.map((ticket) => ({ ticket, set: { status: "closed" as const, chatbot: false }, action: "close" as const, whatsappId: conn.id })));
  }
  return closures;
}
