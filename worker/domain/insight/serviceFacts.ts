import { and, eq, gte, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { InsightFilter } from "../../contracts/insight";
import { companies, serviceDays as sd, serviceHours as sh, ticketServicePeriods as sp } from "../../db/tenant";
import type { Ctx } from "../context";
import { requirePermission } from "../context";
import { DURATION_KINDS, medianByWalk, periodMedian, type DurationSources } from "./medians";
import { periodOf, type Period } from "./period";

// The figures are aggregated inside SQLite and only small results cross into JavaScript: handing 100,000 rows over
// one value at a time costs about a microsecond a value (ADR 0024), while SQLite walks the covering indexes in a few
// milliseconds. Counts and sums of a period's whole UTC days come from the daily rollups (ADR 0033) and only its
// partial edge days are walked in the episodes; medians are picked by position in an index of the duration, from
// the bucket the per-day bucket counts point to (medians.ts).

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

const num = (v: unknown) => Number(v ?? 0);
const rowsOf = <T>(ctx: Ctx, query: SQL) => ctx.db.all(query) as unknown as T[];

/** A VALUES list of integers we computed (day bounds, user ids): literals, so one statement serves every row. */
const valuesOf = (rows: number[][]) => sql.raw(rows.map((r) => `(${r.map((v) => String(Math.trunc(v))).join(", ")})`).join(", "));

/**
 * Counts per local day, in one statement: each day's hours summed from the hourly rollup when every day starts on
 * a whole hour (no agent filter: the rollup has no agent), else an index range count for each day (no sort).
 */
export function perDay(ctx: Ctx, column: typeof sp.finishedAt | typeof sp.startedAt, filter: InsightFilter, period: Period) {
  const days = period.days.map((_, i) => [i, period.dayStarts[i]!, period.dayStarts[i + 1]!]);
  const fromHours = !filter.userId && period.dayStarts.every((t) => t % HOUR_MS === 0);
  const count = fromHours
    ? sql`(select coalesce(sum(${column === sp.startedAt ? sh.started : sh.resolved}), 0) from ${sh} where ${sh.companyId} = ${ctx.companyId}
        ${filter.queueId ? sql`and ${sh.queueId} = ${filter.queueId}` : sql``} and ${sh.hour} >= d.column2 and ${sh.hour} < d.column3)`
    : sql`(select count(*) from ${sp} where ${and(...episodeFilter(ctx, filter))} and ${column} >= d.column2 and ${column} < d.column3)`;
  const rows = rowsOf<{ n: number }>(ctx, sql`select ${count} as n from (values ${valuesOf(days)}) as d order by d.column1`);
  return rows.map((r) => num(r.n));
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;


/** The rollups have no filter by agent (their agent is the one who resolved, or who answered first): walk it all. */
function sourcesOf(period: Period, filter: InsightFilter): DurationSources {
  const first = Math.ceil(period.from / DAY_MS) * DAY_MS;
  const last = Math.floor(period.to / DAY_MS) * DAY_MS;
  if (filter.userId || first >= last) return { days: null, walks: [{ from: period.from, to: period.to }] };
  return {
    days: { from: first, to: last },
    walks: [
      { from: period.from, to: first },
      { from: last, to: period.to },
    ].filter((w) => w.from < w.to),
  };
}

/** The rollup rows of the whole days, with the queue filter. */
function rollupWhere(ctx: Ctx, filter: InsightFilter, days: { from: number; to: number }) {
  return and(eq(sd.companyId, ctx.companyId), gte(sd.day, days.from), lt(sd.day, days.to), filter.queueId ? eq(sd.queueId, filter.queueId) : undefined)!;
}

/** Adds vectors of counts and sums, element by element. */
const addInto = (into: number[] | undefined, more: number[]) => more.map((v, i) => v + (into?.[i] ?? 0));

/** The filters and the period as terms no index may use (unary plus): evaluated on the walked index's entries. */
function walkTerms(ctx: Ctx, filter: InsightFilter, column: typeof sp.finishedAt | typeof sp.startedAt, period: Period, opts: { userPrefix?: number } = {}) {
  const terms: SQL[] = [sql`${sp.companyId} = ${ctx.companyId}`];
  if (opts.userPrefix !== undefined) terms.push(sql`${sp.userId} = ${opts.userPrefix}`);
  else if (filter.userId) terms.push(sql`+${sp.userId} = ${filter.userId}`);
  if (filter.queueId) terms.push(sql`+${sp.queueId} = ${filter.queueId}`);
  terms.push(sql`+${column} >= ${period.from}`, sql`+${column} < ${period.to}`);
  return terms;
}

export interface AgentResolved {
  userId: number | null;
  tickets: number;
  handlingSum: number;
  handlingCount: number;
  handlingMedian: number | null;
  resolutionSum: number;
  asked: number;
  rates: [number, number, number];
}

/**
 * Episodes resolved in the period: per agent (each agent's own index range; `null` gathers those nobody had), per
 * day, and the resolution median. `userIds`: the company's users (the filter's one when it names an agent).
 */
export function resolvedFacts(ctx: Ctx, period: Period, filter: InsightFilter, userIds: number[]) {
  const base = episodeFilter(ctx, filter);
  const ids: (number | null)[] = filter.userId ? [filter.userId] : [...userIds, null];
  const named = ids.filter((id): id is number => id !== null);
  const team = new Set(named);
  const aggregates = sql`json_array(count(*), sum(${sp.finishedAt} - ${sp.assignedAt}), count(${sp.assignedAt}),
    sum(${sp.finishedAt} - ${sp.startedAt}), sum(${sp.ratingAskedAt} is not null or ${sp.rate} is not null),
    sum(${sp.rate} = 1), sum(${sp.rate} = 2), sum(${sp.rate} = 3))`;
  const byUser = new Map<number | null, number[]>();
  const add = (userId: number | null, values: unknown[]) => {
    // Nobody's episodes, and those of someone no longer in the team, are the `null` row.
    const key = userId !== null && team.has(userId) ? userId : null;
    byUser.set(key, addInto(byUser.get(key), values.map(num)));
  };
  const sources = sourcesOf(period, filter);
  for (const walk of sources.walks) {
    const inRange = [isNotNull(sp.finishedAt), gte(sp.finishedAt, walk.from), lt(sp.finishedAt, walk.to)];
    if (named.length) {
      const rows = rowsOf<{ id: number; j: string }>(
        ctx,
        sql`select u.column1 as id, (select ${aggregates} from ${sp} where ${and(...base, ...inRange)} and ${sp.userId} = u.column1) as j
          from (values ${valuesOf(named.map((id) => [id]))}) as u`,
      );
      for (const r of rows) add(num(r.id), JSON.parse(r.j) as unknown[]);
    }
    if (ids.includes(null)) {
      const [r] = rowsOf<{ j: string }>(ctx, sql`select ${aggregates} as j from ${sp} where ${and(...base, ...inRange, isNull(sp.userId))}`);
      add(null, JSON.parse(r!.j) as unknown[]);
    }
  }
  if (sources.days) {
    const rows = rowsOf<{ id: number; j: string }>(
      ctx,
      sql`select ${sd.userId} as id, json_array(sum(${sd.resolved}), sum(${sd.handlingSum}), sum(${sd.handlingN}), sum(${sd.resolutionSum}),
        sum(${sd.asked}), sum(${sd.rate1}), sum(${sd.rate2}), sum(${sd.rate3})) as j
        from ${sd} where ${rollupWhere(ctx, filter, sources.days)} group by ${sd.userId}`,
    );
    for (const r of rows) add(num(r.id) || null, JSON.parse(r.j) as unknown[]);
  }
  const agents = ids.map((userId): AgentResolved => {
    const r = byUser.get(userId) ?? [];
    const handlingCount = r[2] ?? 0;
    return {
      userId,
      tickets: r[0] ?? 0,
      handlingSum: r[1] ?? 0,
      handlingCount,
      handlingMedian:
        userId === null
          ? null
          : medianByWalk(ctx, sql`${sp.finishedAt} - ${sp.assignedAt}`, and(...walkTerms(ctx, filter, sp.finishedAt, period, { userPrefix: userId }), sql`+${sp.assignedAt} is not null`)!, handlingCount, "service_periods_handling_idx"),
      resolutionSum: r[3] ?? 0,
      asked: r[4] ?? 0,
      rates: [r[5] ?? 0, r[6] ?? 0, r[7] ?? 0],
    };
  });
  const total = agents.reduce((n, a) => n + a.tickets, 0);
  return {
    agents,
    total,
    perDay: () => perDay(ctx, sp.finishedAt, filter, period),
    resolutionMedian: () =>
      periodMedian(ctx, DURATION_KINDS.resolution, { filter, sources, episodes: base, walkTerms: walkTerms(ctx, filter, sp.finishedAt, period), count: total }),
  };
}

/** Episodes started in the period: counts, waits and first responses (totals, per responder), per day, medians. */
export function startedFacts(ctx: Ctx, period: Period, filter: InsightFilter, userIds: number[]) {
  const base = episodeFilter(ctx, filter);
  let totals: number[] = [0, 0, 0, 0, 0];
  const byResponder = new Map<number, number[]>(userIds.map((id) => [id, [0, 0]]));
  const addResponder = (userId: number, values: unknown[]) => {
    const current = byResponder.get(userId);
    if (current) byResponder.set(userId, addInto(current, values.map(num)));
  };
  const sources = sourcesOf(period, filter);
  for (const walk of sources.walks) {
    const where = and(...base, gte(sp.startedAt, walk.from), lt(sp.startedAt, walk.to))!;
    const responded = and(where, isNotNull(sp.queuedAt), isNotNull(sp.firstResponseAt))!;
    const [t] = rowsOf<{ j: string }>(
      ctx,
      sql`select json_array(count(*),
        count(case when ${sp.queuedAt} is not null and ${sp.acceptedAt} is not null then 1 end),
        sum(case when ${sp.queuedAt} is not null and ${sp.acceptedAt} is not null then ${sp.acceptedAt} - ${sp.queuedAt} end),
        count(case when ${sp.queuedAt} is not null and ${sp.firstResponseAt} is not null then 1 end),
        sum(case when ${sp.queuedAt} is not null and ${sp.firstResponseAt} is not null then ${sp.firstResponseAt} - ${sp.queuedAt} end)) as j
        from ${sp} where ${where}`,
    );
    totals = addInto(totals, (JSON.parse(t!.j) as unknown[]).map(num));
    if (userIds.length) {
      const rows = rowsOf<{ id: number; j: string }>(
        ctx,
        sql`select u.column1 as id, (select json_array(count(*), sum(${sp.firstResponseAt} - ${sp.queuedAt})) from ${sp}
          where ${responded} and ${sp.firstResponseUserId} = u.column1) as j from (values ${valuesOf(userIds.map((id) => [id]))}) as u`,
      );
      for (const r of rows) addResponder(num(r.id), JSON.parse(r.j) as unknown[]);
    }
  }
  if (sources.days) {
    const where = rollupWhere(ctx, filter, sources.days);
    const [t] = rowsOf<{ j: string }>(
      ctx,
      sql`select json_array(sum(${sd.started}), sum(${sd.waitN}), sum(${sd.waitSum}), sum(${sd.firstResponseN}), sum(${sd.firstResponseSum})) as j from ${sd} where ${where}`,
    );
    totals = addInto(totals, (JSON.parse(t!.j) as unknown[]).map(num));
    const rows = rowsOf<{ id: number; n: number; s: number }>(
      ctx,
      sql`select ${sd.userId} as id, sum(${sd.respondedN}) as n, sum(${sd.respondedSum}) as s from ${sd} where ${where} and ${sd.respondedN} > 0 group by ${sd.userId}`,
    );
    for (const r of rows) addResponder(num(r.id), [r.n, r.s]);
  }
  const [started, waitCount, waitSum, firstResponseCount, firstResponseSum] = totals as [number, number, number, number, number];
  return {
    responders: [...byResponder].map(([userId, [n, sum]]) => ({ userId, firstResponseCount: n ?? 0, firstResponseSum: sum ?? 0 })),
    started,
    waitCount,
    waitSum,
    firstResponseCount,
    firstResponseSum,
    perDay: () => perDay(ctx, sp.startedAt, filter, period),
    waitMedian: () =>
      periodMedian(ctx, DURATION_KINDS.wait, { filter, sources, episodes: base, walkTerms: walkTerms(ctx, filter, sp.startedAt, period), count: waitCount }),
    firstResponseMedian: () =>
      periodMedian(ctx, DURATION_KINDS.firstResponse, { filter, sources, episodes: base, walkTerms: walkTerms(ctx, filter, sp.startedAt, period), count: firstResponseCount }),
  };
}
