import { and, count, eq, type SQL } from "drizzle-orm";
import { inList } from "../../db/inList";
import { messages, tickets } from "../../db/tenant";
import type { CloseAllInput } from "../../contracts/tickets";
import type { Delivery } from "../../contracts/ws";
import { requirePermission, type Ctx } from "../context";
import { scopeOf, visibilitySettings } from "./ticketEvents";
import { trackingRowsOf } from "./tracking";
import { presentTickets, ticketsQuery } from "./presentTicket";
import { raiseTicketChange } from "../publicApi/raiseChanges";

/**
 * Moves every ticket matching `where` to `to` in one batch: a history row per ticket (insert … select), then
 * the update. Then one realtime frame per socket tells each viewer what changed. Runs in the hub.
 */
async function moveAll(ctx: Ctx, where: SQL, action: "close" | "return", to: { status: "closed" | "pending"; clearUser: boolean }) {
  const affected = await ctx.db
    .select({ id: tickets.id, uuid: tickets.uuid, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup, unreadMessages: tickets.unreadMessages })
    .from(tickets)
    .where(where);
  if (affected.length === 0) return { count: 0 };
  const now = new Date();
  const ids = affected.map((t) => t.id);
  const inAffected = and(eq(tickets.companyId, ctx.companyId), inList(tickets.id, ids));
  const readAll = ctx.db
    .update(messages)
    .set({ read: true })
    .where(and(eq(messages.companyId, ctx.companyId), inList(messages.ticketId, ids), eq(messages.read, false)));
  await ctx.db.batch([
    trackingRowsOf(ctx, inAffected, action, { status: to.status, clearUser: to.clearUser }, now),
    ...(to.status === "closed" ? [readAll] : []),
    ctx.db
      .update(tickets)
      // Resolved is answered: nothing is left to read.
      .set({ status: to.status, ...(to.clearUser && { userId: null }), ...(to.status === "closed" && { unreadMessages: 0 }), updatedAt: now })
      .where(inAffected),
  ]);
  const settings = await visibilitySettings(ctx);
  const deliveries: Delivery[] = affected.map((t) => {
    const after = { ...t, status: to.status, userId: to.clearUser ? null : t.userId, unreadMessages: to.status === "closed" ? 0 : t.unreadMessages };
    return {
      audience: { kind: "ticket", before: scopeOf(t), after: scopeOf(after), settings },
      event: { type: "ticket", action: "update", ticket: { ...after, updatedAt: now } },
    };
  });
  for (let i = 0; i < deliveries.length; i += 200) await ctx.hub.publish(deliveries.slice(i, i + 200));
  await raiseBulkEvents(ctx, affected);
  return { count: affected.length };
}

/**
 * Each moved ticket's change (closed, or back to the waiting list), read whole in slices: the company's automation
 * hears every one (service-level clocks stop, assignment gives released tickets again, rules on a close run), and
 * the webhooks raise theirs when anyone listens.
 */
async function raiseBulkEvents(ctx: Ctx, moved: (Parameters<typeof scopeOf>[0] & { id: number })[]) {
  const before = new Map(moved.map((t) => [t.id, scopeOf(t)]));
  for (let i = 0; i < moved.length; i += 200) {
    const ids = moved.slice(i, i + 200).map((t) => t.id);
    const views = presentTickets(await ticketsQuery(ctx.db, and(eq(tickets.companyId, ctx.companyId), inList(tickets.id, ids))));
    for (const ticket of views) raiseTicketChange(ctx, before.get(ticket.id) ?? null, ticket);
  }
}

/** The tickets "close all" takes: every one of the status, of the chosen queues (none chosen: all of them). */
function closeAllWhere(ctx: Ctx, input: CloseAllInput): SQL {
  return and(
    eq(tickets.companyId, ctx.companyId),
    eq(tickets.status, input.status),
    input.selectedQueueIds.length ? inList(tickets.queueId, input.selectedQueueIds) : undefined,
  )!;
}

/** Admin: close every open or pending ticket, optionally only of some queues. */
export async function closeAllTickets({ ctx, input }: { ctx: Ctx; input: CloseAllInput }) {
  requirePermission(ctx, "tickets:closeAll");
  return moveAll(ctx, closeAllWhere(ctx, input), "close", { status: "closed", clearUser: false });
}

/** Admin: how many tickets closeAllTickets would close, for its confirmation. */
export async function countCloseAll({ ctx, input }: { ctx: Ctx; input: CloseAllInput }) {
  requirePermission(ctx, "tickets:closeAll");
  const row = await ctx.db.select({ n: count() }).from(tickets).where(closeAllWhere(ctx, input)).get();
  return { count: row?.n ?? 0 };
}

/** A user is leaving: their open tickets go back to the waiting list instead of staying open with no owner. */
export async function releaseUserTickets({ ctx, input }: { ctx: Ctx; input: { userId: number } }) {
  requirePermission(ctx, "users:manage");
  const where = and(eq(tickets.companyId, ctx.companyId), eq(tickets.userId, input.userId), eq(tickets.status, "open"))!;
  return moveAll(ctx, where, "return", { status: "pending", clearUser: true });
}
