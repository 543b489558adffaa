import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import { queues, tickets, whatsapps } from "../../db/schema";
import type { SystemCtx } from "../context";
import { applyTransitions } from "./applyTransitions";

const BATCH = 50;

/**
 * Pending tickets still without a queue after the connection's timeToTransfer minutes go to its
 * transferQueueId, so they reach agents even when the contact never answered the menu.
 */
export async function transferWaitingTickets({ ctx, input }: { ctx: SystemCtx; input: { now: number } }) {
  const connections = await ctx.db
    .select({ id: whatsapps.id, queueId: whatsapps.transferQueueId, minutes: whatsapps.timeToTransfer })
    .from(whatsapps)
    .innerJoin(queues, and(eq(queues.id, whatsapps.transferQueueId), eq(queues.companyId, ctx.companyId)))
    .where(and(eq(whatsapps.companyId, ctx.companyId), isNotNull(whatsapps.transferQueueId), isNotNull(whatsapps.timeToTransfer)));
  let transferred = 0;
  for (const conn of connections) {
    if (!conn.queueId || !conn.minutes || conn.minutes <= 0) continue;
    const cutoff = new Date(input.now - conn.minutes * 60_000);
    const waiting = await ctx.db
      .select({ id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup })
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
    await applyTransitions(
      ctx,
      waiting.map((ticket) => ({ ticket, set: { queueId: conn.queueId, chatbot: false }, action: "transfer" as const, whatsappId: conn.id })),
      new Date(input.now),
    );
    transferred += waiting.length;
  }
  return { transferred };
}
