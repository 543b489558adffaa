import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Delivery } from "../../contracts/ws";
import { tickets } from "../../db/schema";
import { publish } from "../../hub/publish";
import type { SystemCtx } from "../context";
import { loadTicketsByIds } from "../tickets/presentTicket";
import { scopeOf, ticketUpdateDelivery, visibilitySettings } from "../tickets/ticketEvents";
import { trackingRow, type TrackedAction } from "../tickets/tracking";
import type { TicketScope } from "../tickets/visibility";

export interface AutomatedTransition {
  ticket: TicketScope & { id: number };
  set: Partial<Pick<typeof tickets.$inferInsert, "status" | "queueId" | "chatbot">>;
  action: TrackedAction;
  whatsappId: number;
}

/**
 * How many transitions share a D1 transaction, a read-back and a publish. One by one, fifty of them cost a
 * hundred round trips and fifty fan-outs; all fifty together held D1 (one writer) and the event loop for tens of
 * milliseconds at once, and the inbox's requests that arrived meanwhile waited that long. Ten keeps each hold to
 * a few milliseconds, between which requests go on.
 */
const CHUNK = 10;

/**
 * A cron run's ticket changes, in chunks: each chunk's updates and history rows in one D1 round trip, its tickets
 * read back in one, and one publish.
 */
export async function applyTransitions(ctx: SystemCtx, transitions: AutomatedTransition[], now: Date): Promise<void> {
  for (let i = 0; i < transitions.length; i += CHUNK) await applyChunk(ctx, transitions.slice(i, i + CHUNK), now);
}

async function applyChunk(ctx: SystemCtx, transitions: AutomatedTransition[], now: Date): Promise<void> {
  const writes: BatchItem<"sqlite">[] = transitions.flatMap(({ ticket, set, action, whatsappId }) => [
    ctx.db.update(tickets).set({ ...set, updatedAt: now }).where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticket.id))),
    trackingRow(ctx, ticket.id, action, scopeOf(ticket), { ...scopeOf({ ...ticket, ...set }), whatsappId }, now),
  ]);
  await ctx.db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const after = new Map((await loadTicketsByIds(ctx.db, ctx.companyId, transitions.map((t) => t.ticket.id))).map((t) => [t.id, t]));
  const settings = await visibilitySettings(ctx);
  const deliveries: Delivery[] = [];
  for (const { ticket } of transitions) {
    const presented = after.get(ticket.id);
    if (presented) deliveries.push(ticketUpdateDelivery(scopeOf(ticket), presented, settings));
  }
  await publish(ctx.env, ctx.companyId, deliveries);
}
