import { and, eq, gte, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { InsightFilter } from "../../contracts/insight";
import { companies, ticketServicePeriods as sp } from "../../db/schema";
import type { Ctx } from "../context";
import { requirePermission } from "../context";
import { periodOf, type Period } from "./period";

// The figures are aggregated inside SQLite and only small results cross into JavaScript: handing 100,000 rows over
// one value at a time costs about a microsecond a value (ADR 0024), while SQLite walks the covering indexes in a few
// milliseconds. Medians are picked by position in SQLite's own sort.

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

const resolvedWhere = (ctx: Ctx, period: Period, filter: InsightFilter) =>
  and(...episodeFilter(ctx, filter), isNotNull(sp.finishedAt), gte(sp.finishedAt, period.from), lt(sp.finishedAt, period.to))!;
const startedWhere = (ctx: Ctx, period: Period, filter: InsightFilter) =>
  and(...episodeFilter(ctx, filter), gte(sp.startedAt, period.from), lt(sp.startedAt, period.to))!;

const HOUR_MS = 3_600_000;
const num = (v: unknown) => Number(v ?? 0);

/** Counts per UTC hour from the period's start (hour i begins at period.from + i hours). */
function perHour(ctx: Ctx, column: typeof sp.finishedAt | typeof sp.startedAt, where: SQL, period: Period) {
  const rows = ctx.db.all<{ h: number; n: number }>(
    sql`select (${column} - ${period.from}) / ${HOUR_MS} as h, count(*) as n from ${sp} where ${where} group by h`,
  ) as unknown as { h: number; n: number }[];
  return rows.map((r) => ({ at: period.from + num(r.h) * HOUR_MS, n: num(r.n) }));
}

/** The middle value (or the mean of the two middle ones) of `expr` over `where`, given how many there are. */
function median(ctx: Ctx, expr: SQL, where: SQL, count: number): number | null {
  if (count === 0) return null;
  const rows = ctx.db.all<{ d: number }>(
    sql`select ${expr} as d from ${sp} where ${where} order by d limit ${2 - (count % 2)} offset ${(count - 1) >> 1}`,
  ) as unknown as { d: number }[];
  return rows.length ? rows.reduce((s, r) => s + num(r.d), 0) / rows.length : null;
}

export interface AgentResolved {
  userId: number | null;
  tickets: number;
  handlingSum: number;
  handlingCount: number;
  resolutionSum: number;
  asked: number;
  rates: [number, number, number];
}

/** Episodes resolved in the period: per agent (null: nobody), per hour, and the resolution median. */
export function resolvedFacts(ctx: Ctx, period: Period, filter: InsightFilter) {
  const where = resolvedWhere(ctx, period, filter);
  const agents = (
    ctx.db.all<Record<string, number>>(sql`select ${sp.userId} as userId, count(*) as n,
      sum(case when ${sp.assignedAt} is not null then ${sp.finishedAt} - ${sp.assignedAt} end) as hs,
      count(${sp.assignedAt}) as hn, sum(${sp.finishedAt} - ${sp.startedAt}) as rs,
      sum(${sp.ratingAskedAt} is not null or ${sp.rate} is not null) as asked,
      sum(${sp.rate} = 1) as r1, sum(${sp.rate} = 2) as r2, sum(${sp.rate} = 3) as r3
      from ${sp} where ${where} group by ${sp.userId}`) as unknown as Record<string, number | null>[]
  ).map(
    (r): AgentResolved => ({
      userId: r.userId === null ? null : num(r.userId),
      tickets: num(r.n),
      handlingSum: num(r.hs),
      handlingCount: num(r.hn),
      resolutionSum: num(r.rs),
      asked: num(r.asked),
      rates: [num(r.r1), num(r.r2), num(r.r3)],
    }),
  );
  const total = agents.reduce((n, a) => n + a.tickets, 0);
  return {
    agents,
    total,
    perHour: perHour(ctx, sp.finishedAt, where, period),
    resolutionMedian: () => median(ctx, sql`${sp.finishedAt} - ${sp.startedAt}`, where, total),
    /** Each agent's median handling time (close − when they got it). */
    handlingMedians: () => {
      const rows = ctx.db.all(sql`select userId, avg(d) as m from (
          select ${sp.userId} as userId, ${sp.finishedAt} - ${sp.assignedAt} as d,
            row_number() over (partition by ${sp.userId} order by ${sp.finishedAt} - ${sp.assignedAt}) as rn,
            count(*) over (partition by ${sp.userId}) as c
          from ${sp} where ${where} and ${sp.userId} is not null and ${sp.assignedAt} is not null)
        where rn in ((c + 1) / 2, (c + 2) / 2) group by userId`) as unknown as { userId: number; m: number }[];
      return new Map(rows.map((r) => [num(r.userId), num(r.m)]));
    },
  };
}

/** Episodes started in the period: counts, waits and first responses (totals, per responder), per hour, medians. */
export function startedFacts(ctx: Ctx, period: Period, filter: InsightFilter) {
  const where = startedWhere(ctx, period, filter);
  const waited = and(where, isNotNull(sp.queuedAt), isNotNull(sp.acceptedAt))!;
  const responded = and(where, isNotNull(sp.queuedAt), isNotNull(sp.firstResponseAt))!;
  const responders = (
    ctx.db.all(sql`select ${sp.firstResponseUserId} as userId, count(*) as n,
      count(case when ${sp.queuedAt} is not null and ${sp.acceptedAt} is not null then 1 end) as wn,
      sum(case when ${sp.queuedAt} is not null and ${sp.acceptedAt} is not null then ${sp.acceptedAt} - ${sp.queuedAt} end) as ws,
      count(case when ${sp.queuedAt} is not null and ${sp.firstResponseAt} is not null then 1 end) as fn,
      sum(case when ${sp.queuedAt} is not null and ${sp.firstResponseAt} is not null then ${sp.firstResponseAt} - ${sp.queuedAt} end) as fs
      from ${sp} where ${where} group by ${sp.firstResponseUserId}`) as unknown as Record<string, number | null>[]
  ).map((r) => ({
    userId: r.userId === null ? null : num(r.userId),
    started: num(r.n),
    waitCount: num(r.wn),
    waitSum: num(r.ws),
    firstResponseCount: num(r.fn),
    firstResponseSum: num(r.fs),
  }));
  const sum = (k: "started" | "waitCount" | "waitSum" | "firstResponseCount" | "firstResponseSum") => responders.reduce((n, r) => n + r[k], 0);
  const waitCount = sum("waitCount");
  const firstResponseCount = sum("firstResponseCount");
  return {
    responders,
    started: sum("started"),
    waitCount,
    waitSum: sum("waitSum"),
    firstResponseCount,
    firstResponseSum: sum("firstResponseSum"),
    perHour: perHour(ctx, sp.startedAt, where, period),
    waitMedian: () => median(ctx, sql`${sp.acceptedAt} - ${sp.queuedAt}`, waited, waitCount),
    firstResponseMedian: () => median(ctx, sql`${sp.firstResponseAt} - ${sp.queuedAt}`, responded, firstResponseCount),
  };
}
