import { and, count, eq, gte, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { InsightFilter } from "../../contracts/insight";
import type { ServiceLevelShares, TargetShares } from "../../contracts/views/insight";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { queues, tickets, users } from "../../db/tenant";
import type { Ctx } from "../context";
import type { Period } from "./period";

const share = (within: number, total: number) => (total === 0 ? null : within / total);

/**
 * The dashboard's service levels (issue 26 §4): of the tickets whose target was settled in the period (met: the
 * first response, or the close, came in it; missed: it came late, or the breach was found in it and nothing came
 * yet), the share within each target, in all and by the ticket's queue and agent, with the dashboard's filters.
 */
export async function serviceLevelShares(ctx: Ctx, period: Period, filter: InsightFilter): Promise<ServiceLevelShares> {
  const firstResponse = await sharesOf(ctx, period, filter, tickets.firstResponseDueAt, tickets.firstRespondedAt, tickets.firstResponseBreachedAt);
  const resolution = await sharesOf(ctx, period, filter, tickets.resolutionDueAt, tickets.resolvedAt, tickets.resolutionBreachedAt);
  return { firstResponse, resolution };
}

type Column = SQLiteColumn;

async function sharesOf(ctx: Ctx, period: Period, filter: InsightFilter, due: Column, done: Column, breached: Column): Promise<TargetShares> {
  const settledAt = sql`coalesce(${done}, ${breached})`;
  const within = sql<number>`coalesce(sum(case when ${done} is not null and ${done} <= ${due} then 1 else 0 end), 0)`.mapWith(Number);
  const where: (SQL | undefined)[] = [
    eq(tickets.companyId, ctx.companyId),
    isNotNull(due),
    gte(settledAt, period.from),
    lt(settledAt, period.to),
    filter.queueId ? eq(tickets.queueId, filter.queueId) : undefined,
    filter.userId ? eq(tickets.userId, filter.userId) : undefined,
  ];
  const rows = await ctx.db
    .select({ queueId: tickets.queueId, userId: tickets.userId, total: count(), within })
    .from(tickets)
    .where(and(...where))
    .groupBy(tickets.queueId, tickets.userId)
    .all();
  const byQueue = new Map<number, { total: number; within: number }>();
  const byAgent = new Map<number, { total: number; within: number }>();
  const add = (map: Map<number, { total: number; within: number }>, id: number | null, row: { total: number; within: number }) => {
    if (id === null) return;
    const sum = map.get(id) ?? { total: 0, within: 0 };
    map.set(id, { total: sum.total + row.total, within: sum.within + row.within });
  };
  for (const row of rows) {
    add(byQueue, row.queueId, row);
    add(byAgent, row.userId, row);
  }
  const total = rows.reduce((n, r) => n + r.total, 0);
  const met = rows.reduce((n, r) => n + r.within, 0);
  const queueRows = byQueue.size
    ? await ctx.db.select({ id: queues.id, name: queues.name, color: queues.color }).from(queues).where(eq(queues.companyId, ctx.companyId)).all()
    : [];
  const userRows = byAgent.size ? await ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.companyId, ctx.companyId)).all() : [];
  return {
    total,
    within: met,
    share: share(met, total),
    byQueue: queueRows
      .filter((q) => byQueue.has(q.id))
      .map((q) => ({ ...q, ...byQueue.get(q.id)!, share: share(byQueue.get(q.id)!.within, byQueue.get(q.id)!.total) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    byAgent: userRows
      .filter((u) => byAgent.has(u.id))
      .map((u) => ({ ...u, ...byAgent.get(u.id)!, share: share(byAgent.get(u.id)!.within, byAgent.get(u.id)!.total) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
