import { and, desc, eq, sql } from "drizzle-orm";
import { contacts, tickets, typebotSessions } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { trackingRow } from "../tickets/tracking";

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
  /** The AI prompt answering the ticket while useIntegration is on. */
  promptId: number | null;
  /** The queue integration answering the ticket while useIntegration is on (when no prompt does). */
  integrationId: number | null;
  unreadMessages: number;
  /** Holds only what a campaign sent: in no list until the contact answers (storeCampaignMessage). */
  outreach: boolean;
};

export const inboundTicketColumns = {
  id: tickets.id,
  status: tickets.status,
  userId: tickets.userId,
  queueId: tickets.queueId,
  isGroup: tickets.isGroup,
  chatbot: tickets.chatbot,
  queueOptionId: tickets.queueOptionId,
  amountUsedBotQueues: tickets.amountUsedBotQueues,
  useIntegration: tickets.useIntegration,
  promptId: tickets.promptId,
  integrationId: tickets.integrationId,
  unreadMessages: tickets.unreadMessages,
  outreach: tickets.outreach,
};

export async function loadInboundTicket(ctx: SystemCtx, ticketId: number): Promise<InboundTicket> {
  const row = await ctx.db.select(inboundTicketColumns).from(tickets).where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId))).get();
  if (!row) throw new Error(`ticket ${ticketId} vanished`);
  return row;
}

const liveFirst = sql`case when ${tickets.status} in ('open', 'pending') then 0 else 1 end`;

/**
 * The ticket a message from `number` would land on, looked up by the contact's number so that it can share a
 * batch with the contact lookup: the live (open or pending) one if any, else the most recent. Unawaited.
 */
export function latestTicketByNumber(ctx: SystemCtx, number: string, whatsappId: number) {
  return ctx.db
    .select(inboundTicketColumns)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.companyId, ctx.companyId), eq(contacts.companyId, ctx.companyId), eq(contacts.number, number), eq(tickets.whatsappId, whatsappId)))
    .orderBy(liveFirst, desc(tickets.updatedAt), desc(tickets.id))
    .limit(1);
}

/** The same by contact id (a contact found by its LID under another number). */
export function latestTicketOfContact(ctx: SystemCtx, contactId: number, whatsappId: number) {
  return ctx.db
    .select(inboundTicketColumns)
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, whatsappId)))
    .orderBy(liveFirst, desc(tickets.updatedAt), desc(tickets.id))
    .limit(1)
    .get();
}

export const isLive = (t: { status: string }) => t.status === "open" || t.status === "pending";

/**
 * A closed ticket the contact writes to again: back to pending, a conversation that starts anew (the menu, and a
 * Typebot from its start rather than from where the last conversation left it); a campaign's outreach ticket becomes
 * a conversation here, the campaign's messages in its history.
 */
export async function returnToPending(ctx: SystemCtx, last: InboundTicket, whatsappId: number): Promise<InboundTicket> {
  const now = new Date();
  const reset = { status: "pending" as const, userId: null, queueId: null, chatbot: false, queueOptionId: null, amountUsedBotQueues: 0, useIntegration: false, unreadMessages: 0, outreach: false };
  await ctx.db.batch([
    ctx.db.update(tickets).set({ ...reset, updatedAt: now }).where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, last.id))),
    trackingRow(ctx, last.id, "reopen", last, { status: "pending", userId: null, queueId: null, isGroup: last.isGroup, whatsappId }, now),
    ctx.db.delete(typebotSessions).where(and(eq(typebotSessions.companyId, ctx.companyId), eq(typebotSessions.ticketId, last.id))),
  ]);
  return { ...last, ...reset };
}
