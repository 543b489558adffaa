import { and, eq, gt, isNotNull, or } from "drizzle-orm";
import { queues, whatsapps } from "../../db/schema";
import type { SystemCtx } from "../context";

/** A connection that closes its tickets idle for longer than expiresTicket hours, saying `message` first. */
export interface CloseRule {
  whatsappId: number;
  cutoff: Date;
  message: string;
}

/** A connection that moves its queue-less pending tickets to `queueId` after timeToTransfer minutes. */
export interface TransferRule {
  whatsappId: number;
  queueId: number;
  cutoff: Date;
}

/**
 * The company's automation rules as of `now`, from its connections in one query. A transfer queue that is not
 * the company's (deleted, or never was) makes no rule.
 */
export async function automationRules(ctx: SystemCtx, now: number): Promise<{ closes: CloseRule[]; transfers: TransferRule[] }> {
  const connections = await ctx.db
    .select({
      id: whatsapps.id,
      expiresTicket: whatsapps.expiresTicket,
      message: whatsapps.expiresInactiveMessage,
      transferQueueId: queues.id,
      timeToTransfer: whatsapps.timeToTransfer,
    })
    .from(whatsapps)
    .leftJoin(queues, and(eq(queues.id, whatsapps.transferQueueId), eq(queues.companyId, ctx.companyId)))
    .where(and(eq(whatsapps.companyId, ctx.companyId), or(gt(whatsapps.expiresTicket, 0), isNotNull(whatsapps.transferQueueId))));
  const closes: CloseRule[] = [];
  const transfers: TransferRule[] = [];
  for (const c of connections) {
    if (c.expiresTicket > 0) closes.push({ whatsappId: c.id, cutoff: new Date(now - c.expiresTicket * 60 * 60 * 1000), message: c.message ?? "" });
    if (c.transferQueueId && c.timeToTransfer && c.timeToTransfer > 0) {
      transfers.push({ whatsappId: c.id, queueId: c.transferQueueId, cutoff: new Date(now - c.timeToTransfer * 60_000) });
    }
  }
  return { closes, transfers };
}
