import { and, asc, eq, sql } from "drizzle-orm";
import { inList } from "../../db/inList";
import { tags, tickets, ticketTags } from "../../db/tenant";
import type { AnyCtx, Ctx } from "../context";

/** The board's lanes left to right: the order an admin set, then by name. */
export const laneOrder = [asc(tags.kanbanOrder), asc(tags.name), asc(tags.id)];

/** The company's kanban tags, as a subquery (which of a ticket's tags are lanes). */
export const laneTagIds = (ctx: Pick<AnyCtx, "db" | "companyId">) =>
  ctx.db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, ctx.companyId), eq(tags.kanban, 1)));

/** The place a new lane takes: the right end of the board. */
export const nextLaneOrder = (companyId: number) =>
  sql<number>`(select coalesce(max(${tags.kanbanOrder}), 0) + 1 from ${tags} where ${tags.companyId} = ${companyId} and ${tags.kanban} = 1)`;

/** The ticket's lanes (its kanban tags) in board order: the first is the lane it shows in. */
export async function lanesOfTicket(ctx: Pick<Ctx, "db" | "companyId">, ticketId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: tags.id })
    .from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(and(eq(ticketTags.ticketId, ticketId), eq(tags.companyId, ctx.companyId), eq(tags.kanban, 1)))
    .orderBy(...laneOrder);
  return rows.map((r) => r.id);
}

/** Which of these tag ids are the company's kanban lanes, in board order (the first is the lane a card shows in). */
export async function lanesAmong(ctx: Pick<Ctx, "db" | "companyId">, tagIds: number[]): Promise<number[]> {
  if (tagIds.length === 0) return [];
  const rows = await ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.kanban, 1), inList(tags.id, tagIds)))
    .orderBy(...laneOrder);
  return rows.map((r) => r.id);
}

/**
 * Marks the moment the ticket entered a new lane (the board's time in lane), for the batch that changes its lane.
 * The ticket's updatedAt stays: a lane is no activity, and the inbox orders by it.
 */
export function laneEnteredStatement(ctx: Pick<AnyCtx, "db" | "companyId">, ticketId: number, now: Date) {
  return ctx.db
    .update(tickets)
    .set({ kanbanLaneAt: now, updatedAt: sql`${tickets.updatedAt}` })
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, ctx.companyId)));
}

/** A ticket's lane as SQL, for queries over `tickets`: its first kanban tag in board order, or null ('Em aberto'). */
export const laneOfTicketSql = (ctx: Pick<Ctx, "db" | "companyId">) =>
  sql<number | null>`(${ctx.db
    .select({ id: tags.id })
    .from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(and(eq(ticketTags.ticketId, tickets.id), eq(tags.companyId, ctx.companyId), eq(tags.kanban, 1)))
    .orderBy(...laneOrder)
    .limit(1)})`;
