import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import { queues, tickets, whatsapps } from "../../db/schema";
import type { SystemCtx } from "../context";
import { transitionTicketColumns, type AutomatedTransition } from "./applyTransitions";

const BATCH = 50;

/**
 * The transfers due now: pending tickets still without a queue after the connection's timeToTransfer minutes go
 * to its transferQueueId, so they reach agents even when the contact never answered the menu. Applied by
 * automateTickets.
 */
export async function waitingTicketTransfers(ctx: SystemCtx, now: number): Promise<AutomatedTransition[]> {
  const connections = await ctx.db
    .select({ id: whatsapps.id, queueId: whatsapps.transferQueueId, minutes: whatsapps.timeToTransfer })
    .from(whatsapps)
    .innerJoin(queues, and(eq(queues.id, whatsapps.transferQueueId), eq(queues.companyId, ctx.companyId)))
    .where(and(eq(whatsapps.companyId, ctx.companyId), isNotNull(whatsapps.transferQueueId), isNotNull(whatsapps.timeToTransfer)));
  const transfers: AutomatedTransition[] = [];
  for (const conn of connections) {
    const queueId = conn.queueId;
    if (!queueId || !conn.minutes || conn.minutes <= 0) continue;
    const cutoff = new Date(now - conn.minutes * 60_000);
    const waiting = await ctx.db
      .select(transitionTicketColumns)
      .from(tickets)
      .where(
        and(
          eq(tickets.companyId, ctx.companyId),
          isNull(tickets.queueId),
          eq(tickets.status, "pending"),
          eq(tickets.isGroup, false),
          lt(tickets.updatedAt, cutoff),
          eq(tickets.whatsappId, conn.id),
        ),
      )
      .limit(BATCH);
    transfers.push(...waiting.map((ticket) => ({ ticket, set: { queueId, chatbot: false }, action: "transfer" as const, whatsappId: conn.id })));
  }
  return transfers;
}
