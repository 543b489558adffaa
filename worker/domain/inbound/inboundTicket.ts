import { and, desc, eq } from "drizzle-orm";
import { tickets, type Whatsapp } from "../../db/schema";
import type { SystemCtx } from "../context";
import { findLiveTicket } from "../tickets/findOpenTicket";
import { openTicket } from "../tickets/openTicket";
import { trackingRow } from "../tickets/tracking";
import type { InboundContact } from "./inboundContact";

export type InboundTicket = {
  id: number;
  status: "open" | "pending" | "closed";
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
  chatbot: boolean;
  queueOptionId: number | null;
  amountUsedBotQueues: number;
  useIntegration: boolean;
  unreadMessages: number;
};

const ticketColumns = {
  id: tickets.id,
  status: tickets.status,
  userId: tickets.userId,
  queueId: tickets.queueId,
  isGroup: tickets.isGroup,
  chatbot: tickets.chatbot,
  queueOptionId: tickets.queueOptionId,
  amountUsedBotQueues: tickets.amountUsedBotQueues,
  useIntegration: tickets.useIntegration,
  unreadMessages: tickets.unreadMessages,
};

export async function loadInboundTicket(ctx: SystemCtx, ticketId: number): Promise<InboundTicket> {
  const row = await ctx.db.select(ticketColumns).from(tickets).where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId))).get();
  if (!row) throw new Error(`ticket ${ticketId} vanished`);
  return row;
}

/** The contact's most recent ticket on the connection, whatever its status. */
export async function latestTicket(ctx: SystemCtx, contactId: number, whatsappId: number) {
  return ctx.db
    .select(ticketColumns)
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, whatsappId)))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(1)
    .get();
}

/**
 * The ticket an inbound message lands on: the contact's open or pending ticket on that connection; else its
 * last ticket there, returned to pending (a new turn: queue, agent and chatbot state start over); else a new
 * pending ticket. Runs in the company's hub, so two messages of one new contact cannot open two tickets.
 */
export async function findOrOpenInboundTicket(ctx: SystemCtx, conn: Pick<Whatsapp, "id">, contact: InboundContact) {
  const live = await findLiveTicket(ctx.db, ctx.companyId, contact.id, conn.id);
  if (live) return { ticket: await loadInboundTicket(ctx, live.id), opened: false };

  const last = await latestTicket(ctx, contact.id, conn.id);
  if (last) return { ticket: await returnToPending(ctx, last, conn.id), opened: true };

  const created = await openTicket(ctx, { contactId: contact.id, isGroup: contact.isGroup, whatsappId: conn.id, userId: null, queueId: null, status: "pending" });
  return { ticket: await loadInboundTicket(ctx, created.id), opened: true };
}

export async function returnToPending(ctx: SystemCtx, last: InboundTicket, whatsappId: number): Promise<InboundTicket> {
  const now = new Date();
  const reset = { status: "pending" as const, userId: null, queueId: null, chatbot: false, queueOptionId: null, amountUsedBotQueues: 0, useIntegration: false, unreadMessages: 0 };
  await ctx.db.batch([
    ctx.db.update(tickets).set({ ...reset, updatedAt: now }).where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, last.id))),
    trackingRow(ctx, last.id, "reopen", last, { status: "pending", userId: null, queueId: null, isGroup: last.isGroup, whatsappId }, now),
  ]);
  return { ...last, ...reset };
}
