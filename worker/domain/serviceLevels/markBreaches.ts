import { and, asc, eq, isNotNull, lte, min } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tickets } from "../../db/tenant";
import { slaBreached } from "../automation/changes";
import type { SystemCtx } from "../context";
import { loadTicketsByIds } from "../tickets/presentTicket";
import { scopeOf, ticketUpdateDelivery, visibilitySettings } from "../tickets/ticketDelivery";
import { nextDueOf } from "./clock";

/** Tickets whose breach is marked per turn of the hub's command queue (agents' commands go on between turns). */
export const BREACH_SLICE = 50;

/** Only tickets whose clock runs are in the partial index: the condition that lets SQLite take it. */
const running = (companyId: number) => and(eq(tickets.companyId, companyId), isNotNull(tickets.slaNextDueAt));

/** When the company's next service-level target runs out (the hub's alarm is armed for it), or null with none running. */
export function nextBreachDue(db: Db, companyId: number): number | null {
  const row = earliestDue(db, companyId).get();
  return row?.at ? new Date(row.at).getTime() : null;
}

export const earliestDue = (db: Db, companyId: number) => db.select({ at: min(tickets.slaNextDueAt) }).from(tickets).where(running(companyId));

/** The next slice of tickets past their next due time, the earliest first. */
export const dueTickets = (db: Db, companyId: number, now: Date) =>
  db.select().from(tickets).where(and(running(companyId), lte(tickets.slaNextDueAt, now))).orderBy(asc(tickets.slaNextDueAt)).limit(BREACH_SLICE);

/**
 * The hub's alarm: every ticket whose next due time has passed, the earliest first, in slices. Each target passed
 * is marked breached once (the ticket's next due time moves on to the other target, or to none), the ticket is told
 * to everyone who sees it, and the rules on `slaBreached` hear it. A ticket closed by a path that did not stop its
 * clock is stopped here, with no breach.
 */
export async function markBreaches({ ctx, input, serially }: { ctx: SystemCtx; input: { now: number }; serially: <T>(task: () => Promise<T>) => Promise<T> }) {
  let breaches = 0;
  for (;;) {
    const slice = await serially(() => markSlice(ctx, new Date(input.now)));
    breaches += slice.breaches;
    if (slice.tickets < BREACH_SLICE) return { breaches };
  }
}

async function markSlice(ctx: SystemCtx, now: Date) {
  const found = ctx.db.transaction(() => {
    const due = dueTickets(ctx.db, ctx.companyId, now).all();
    return due.map((ticket) => {
      const passed = (at: Date | null) => ticket.status !== "closed" && at !== null && at <= now;
      const firstResponse = !ticket.firstRespondedAt && !ticket.firstResponseBreachedAt && passed(ticket.firstResponseDueAt);
      const resolution = !ticket.resolvedAt && !ticket.resolutionBreachedAt && passed(ticket.resolutionDueAt);
      const state = {
        ...ticket,
        firstResponseBreachedAt: firstResponse ? now : ticket.firstResponseBreachedAt,
        resolutionBreachedAt: resolution ? now : ticket.resolutionBreachedAt,
        resolvedAt: ticket.status === "closed" && !ticket.resolvedAt ? ticket.updatedAt : ticket.resolvedAt,
      };
      ctx.db
        .update(tickets)
        .set({ firstResponseBreachedAt: state.firstResponseBreachedAt, resolutionBreachedAt: state.resolutionBreachedAt, resolvedAt: state.resolvedAt, slaNextDueAt: nextDueOf(state, ticket.status) })
        .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticket.id)))
        .run();
      return { id: ticket.id, firstResponse, resolution };
    });
  });
  const breached = found.filter((t) => t.firstResponse || t.resolution);
  if (breached.length) {
    const views = await loadTicketsByIds(ctx.db, ctx.companyId, breached.map((t) => t.id));
    const settings = await visibilitySettings(ctx);
    await ctx.hub.publish(views.map((ticket) => ticketUpdateDelivery(scopeOf(ticket), ticket, settings)));
    for (const t of breached) {
      if (t.firstResponse) slaBreached(ctx, t.id, "firstResponse");
      if (t.resolution) slaBreached(ctx, t.id, "resolution");
    }
  }
  return { tickets: found.length, breaches: breached.reduce((n, t) => n + Number(t.firstResponse) + Number(t.resolution), 0) };
}
