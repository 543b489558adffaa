import { and, eq } from "drizzle-orm";
import { ticketNotes, tickets } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { announce } from "../inbound/ingestMessage";
import { trackingRow } from "../tickets/tracking";

/**
 * The ticket leaves its bot (the AI assistant or an integration) and waits for an agent of `queueId`, as any transfer
 * does (tracked as one); with a note when given. With `userId` (a bot's command naming an agent), that agent has it
 * open at once.
 */
export async function handOver(ctx: SystemCtx, ticketId: number, queueId: number | null, note: string | null, userId: number | null = null) {
  const row = await ctx.db
    .select({ status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup, whatsappId: tickets.whatsappId, contactId: tickets.contactId })
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId)))
    .get();
  if (!row) return;
  const before = { status: row.status, userId: row.userId, queueId: row.queueId, isGroup: row.isGroup };
  const now = new Date();
  await ctx.db.batch([
    ctx.db
      .update(tickets)
      .set({ useIntegration: false, promptId: null, integrationId: null, chatbot: false, queueId, ...(userId ? { userId, status: "open" as const } : {}), updatedAt: now })
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId))),
    trackingRow(ctx, ticketId, "transfer", before, { ...before, queueId, ...(userId ? { userId, status: "open" as const } : {}), whatsappId: row.whatsappId }, now),
    ...(note ? [ctx.db.insert(ticketNotes).values({ companyId: ctx.companyId, note, userId: null, contactId: row.contactId, ticketId })] : []),
  ]);
  await announce(ctx, ticketId, before, null, null);
}

