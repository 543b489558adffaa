import { and, eq, gte, isNotNull, lt, type SQL } from "drizzle-orm";
import type { InsightFilter } from "../../contracts/insight";
import { companies, ticketServicePeriods as sp } from "../../db/schema";
import type { Ctx } from "../context";
import { requirePermission } from "../context";
import { periodOf, type Period } from "./period";

/** The dashboard's verbs start here: admins only (spec 000), the company's time zone, the period's days. */
export async function insightPeriod(ctx: Ctx, filter: InsightFilter, now = new Date()): Promise<Period> {
  requirePermission(ctx, "dashboard:view");
  const company = await ctx.db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, ctx.companyId)).get();
  return periodOf(filter, company?.timezone ?? "America/Sao_Paulo", now);
}

/** The queue and agent filters on episodes (the queue and agent a ticket had last in the episode). */
export function episodeFilter(ctx: Ctx, filter: InsightFilter): SQL[] {
  const where: SQL[] = [eq(sp.companyId, ctx.companyId)];
  if (filter.queueId) where.push(eq(sp.queueId, filter.queueId));
  if (filter.userId) where.push(eq(sp.userId, filter.userId));
  return where;
}

/**
 * Episodes resolved in the period, as raw rows (no objects per row: a 90-day period may hold 100,000):
 * [userId, startedAt, assignedAt, finishedAt, rate, ratingAskedAt].
 */
export function resolvedIn(ctx: Ctx, period: Period, filter: InsightFilter) {
  return ctx.db
    .select({ userId: sp.userId, startedAt: sp.startedAt, assignedAt: sp.assignedAt, finishedAt: sp.finishedAt, rate: sp.rate, ratingAskedAt: sp.ratingAskedAt })
    .from(sp)
    .where(and(...episodeFilter(ctx, filter), isNotNull(sp.finishedAt), gte(sp.finishedAt, period.from), lt(sp.finishedAt, period.to)))
    .values() as unknown as [number | null, number, number | null, number, number | null, number | null][];
}

/**
 * Episodes started (created or reopened) in the period: [startedAt, queuedAt, acceptedAt, firstResponseAt,
 * firstResponseUserId].
 */
export function startedIn(ctx: Ctx, period: Period, filter: InsightFilter) {
  return ctx.db
    .select({ startedAt: sp.startedAt, queuedAt: sp.queuedAt, acceptedAt: sp.acceptedAt, firstResponseAt: sp.firstResponseAt, firstResponseUserId: sp.firstResponseUserId })
    .from(sp)
    .where(and(...episodeFilter(ctx, filter), gte(sp.startedAt, period.from), lt(sp.startedAt, period.to)))
    .values() as unknown as [number, number | null, number | null, number | null, number | null][];
}
