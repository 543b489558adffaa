import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Delivery } from "../../contracts/ws";
import { tickets } from "../../db/schema";
import { publish } from "../../hub/publish";
import type { SystemCtx } from "../context";
import { presentTickets, ticketsQuery } from "../tickets/presentTicket";
import { scopeOf, ticketUpdateDelivery } from "../tickets/ticketEvents";
import { IDS_PER_STATEMENT, trackingRowsOf, type TrackedAction } from "../tickets/tracking";
import type { TicketScope, VisibilitySettings } from "../tickets/visibility";

/** What a transition needs of its ticket (its scope before the change), as the automation's finders select it. */
export const transitionTicketColumns = {
  id: tickets.id,
  status: tickets.status,
  userId: tickets.userId,
  queueId: tickets.queueId,
  isGroup: tickets.isGroup,
};

export interface AutomatedTransition {
  ticket: TicketScope & { id: number };
  set: Partial<Pick<typeof tickets.$inferInsert, "status" | "queueId" | "chatbot">>;
  action: TrackedAction;
  whatsappId: number;
}

/**
 * A slice of the automation's ticket changes, together: set-based — per group of transitions that change tickets
 * the same way (one connection's closes, or its transfers), a history row per ticket (insert … select, from the
 * row as it was) and one update — and the tickets as they are after, all in one D1 round trip (one transaction),
 * then published once. Row by row, a hundred changes were two hundred statements that held D1, and every request
 * waiting on it, for ~20 ms.
 */
export async function applyTransitions(ctx: SystemCtx, transitions: AutomatedTransition[], now: Date, settings: VisibilitySettings): Promise<void> {
  if (transitions.length === 0) return;
  const groups = new Map<string, AutomatedTransition[]>();
  for (const t of transitions) {
    const key = JSON.stringify([t.action, t.whatsappId, t.set]);
    const group = groups.get(key);
    if (group) group.push(t);
    else groups.set(key, [t]);
  }
  const writes: BatchItem<"sqlite">[] = [];
  for (const group of groups.values()) {
    const { action, whatsappId, set } = group[0]!;
    const ids = group.map((t) => t.ticket.id);
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
      const inChunk = and(eq(tickets.companyId, ctx.companyId), inArray(tickets.id, ids.slice(i, i + IDS_PER_STATEMENT)));
      writes.push(
        trackingRowsOf(ctx, inChunk, action, { status: set.status, queueId: set.queueId, whatsappId }, now),
        ctx.db.update(tickets).set({ ...set, updatedAt: now }).where(inChunk),
      );
    }
  }
  const readBack = ticketsQuery(ctx.db, and(eq(tickets.companyId, ctx.companyId), inArray(tickets.id, transitions.map((t) => t.ticket.id))));
  const results = await ctx.db.batch([...writes, readBack] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const after = new Map(presentTickets(results.at(-1) as Awaited<typeof readBack>).map((t) => [t.id, t]));
  const deliveries: Delivery[] = [];
  for (const { ticket } of transitions) {
    const presented = after.get(ticket.id);
    if (presented) deliveries.push(ticketUpdateDelivery(scopeOf(ticket), presented, settings));
  }
  await publish(ctx.env, ctx.companyId, deliveries);
}

