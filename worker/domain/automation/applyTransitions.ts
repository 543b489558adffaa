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
 * A cron run's ticket changes, together: every update and history row in one D1 round trip, the tickets read
 * back in one, and one publish. One by one they cost two round trips and a fan-out each, and a run of fifty
 * kept D1 and the company's sockets busy long enough to stall the inbox's own requests.
 */
export async function applyTransitions(ctx: SystemCtx, transitions: AutomatedTransition[], now: Date): Promise<void> {
  if (transitions.length === 0) return;
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
