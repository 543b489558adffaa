import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Delivery } from "../../contracts/ws";
import { raiseMessageCreated, raiseTicketChange } from "../publicApi/raiseChanges";
import { inList } from "../../db/inList";
import { messages, tickets } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { enqueueOutboundAll } from "../messages/enqueueOutbound";
import { messagesQuery, presentMessageRow } from "../messages/presentMessage";
import { newOutboundWid, outboundMessageRow } from "../messages/storeOutboundMessage";
import { presentTickets, ticketsQuery } from "../tickets/presentTicket";
import { scopeOf, ticketUpdateDelivery } from "../tickets/ticketEvents";
import { trackingRowsOf, type TrackedAction } from "../tickets/tracking";
import type { TicketScope, VisibilitySettings } from "../tickets/visibility";

/** What a transition needs of its ticket (its scope before the change, its contact), as the finders select it. */
export const transitionTicketColumns = {
  id: tickets.id,
  status: tickets.status,
  userId: tickets.userId,
  queueId: tickets.queueId,
  isGroup: tickets.isGroup,
  contactId: tickets.contactId,
};

export interface AutomatedTransition {
  ticket: TicketScope & { id: number; contactId: number };
  set: Partial<Pick<typeof tickets.$inferInsert, "status" | "queueId" | "chatbot" | "userId">>;
  action: TrackedAction;
  whatsappId: number;
  /** A message the chatbot says to the contact with the change (a close's inactivity notice). */
  notice?: string;
}

/** Message rows per insert: D1 binds at most 100 parameters per statement, and a message row binds about 20. */
const NOTICES_PER_STATEMENT = 4;

/**
 * A slice of the automation's ticket changes, together, in one D1 round trip (one transaction): the notices said
 * with them (stored like any chatbot message, and the ticket's last message), then set-based — per group of
 * transitions that change tickets the same way (one connection's closes, or its transfers) — a history row per
 * ticket (insert … select, from the row as it was) and one update, and the tickets and notices as they are after.
 * Then the notices go to the delivery queue in one call and everything is published once. One by one, a hundred
 * changes were two hundred statements, and ten notices forty round trips, that held D1 and the hub's queue.
 */
export async function applyTransitions(ctx: SystemCtx, transitions: AutomatedTransition[], now: Date, settings: VisibilitySettings): Promise<void> {
  if (transitions.length === 0) return;
  const writes: BatchItem<"sqlite">[] = [];

  const notices = transitions.flatMap((t) => (t.notice?.trim() ? [{ transition: t, wid: newOutboundWid(), body: t.notice }] : []));
  for (let i = 0; i < notices.length; i += NOTICES_PER_STATEMENT) {
    const rows = notices
      .slice(i, i + NOTICES_PER_STATEMENT)
      .map((n) => outboundMessageRow(ctx, n.transition.ticket, { body: n.body, bot: { kind: "expired" } }, n.wid, now));
    writes.push(ctx.db.insert(messages).values(rows));
  }

  const groups = new Map<string, AutomatedTransition[]>();
  for (const t of transitions) {
    const key = JSON.stringify([t.action, t.whatsappId, t.set, t.notice?.trim() || null]);
    const group = groups.get(key);
    if (group) group.push(t);
    else groups.set(key, [t]);
  }
  for (const group of groups.values()) {
    const { action, whatsappId, set, notice } = group[0]!;
    // A notice is the ticket's last message, as any message we send is.
    const lastSaid = notice?.trim() ? { lastMessage: notice, fromMe: true } : {};
    const inGroup = and(eq(tickets.companyId, ctx.companyId), inList(tickets.id, group.map((t) => t.ticket.id)));
    writes.push(
      trackingRowsOf(ctx, inGroup, action, { status: set.status, queueId: set.queueId, whatsappId, userId: set.userId ?? undefined }, now),
      ctx.db.update(tickets).set({ ...set, ...lastSaid, updatedAt: now }).where(inGroup),
    );
  }

  const ticketsAfter = ticketsQuery(ctx.db, and(eq(tickets.companyId, ctx.companyId), inList(tickets.id, transitions.map((t) => t.ticket.id))));
  const reads: BatchItem<"sqlite">[] = [ticketsAfter];
  if (notices.length > 0) {
    reads.push(messagesQuery(ctx.db, and(eq(messages.companyId, ctx.companyId), inList(messages.wid, notices.map((n) => n.wid)))!));
  }
  const results = await ctx.db.batch([...writes, ...reads] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const [ticketRows, noticeRows = []] = results.slice(writes.length) as [Awaited<typeof ticketsAfter>, Awaited<ReturnType<typeof messagesQuery>>?];

  const saidNow = noticeRows.map(presentMessageRow);
  await enqueueOutboundAll(ctx, saidNow.map((m) => ({ kind: "send" as const, companyId: ctx.companyId, messageId: m.id })));

  const before = new Map(transitions.map((t) => [t.ticket.id, scopeOf(t.ticket)]));
  const deliveries: Delivery[] = [];
  // The notices first, to whoever had the chat open while the ticket was still theirs to see.
  for (const message of saidNow) {
    const scope = before.get(message.ticketId)!;
    deliveries.push({ audience: { kind: "chatBox", ticketId: message.ticketId, ticket: scope, settings }, event: { type: "appMessage", action: "create", message } });
  }
  const moved = presentTickets(ticketRows);
  for (const presented of moved) {
    deliveries.push(ticketUpdateDelivery(before.get(presented.id) ?? null, presented, settings));
    raiseTicketChange(ctx, before.get(presented.id) ?? null, presented);
  }
  const movedById = new Map(moved.map((t) => [t.id, t]));
  for (const message of saidNow) {
    const ticket = movedById.get(message.ticketId);
    if (ticket) raiseMessageCreated(ctx, message, ticket);
  }
  await ctx.hub.publish(deliveries);
}
