import { and, eq, gte, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { InsightFilter } from "../../contracts/insight";
import { companies, ticketServicePeriods as sp } from "../../db/schema";
import type { Ctx } from "../context";
import { requirePermission } from "../context";
import { periodOf, type Period } from "./period";

// The figures are aggregated inside SQLite and only small results cross into JavaScript: handing 100,000 rows over
// one value at a time costs about a microsecond a value (ADR 0024), while SQLite walks the covering indexes in a few
// milliseconds. Sums and counts read index ranges (per agent, per day) with no sort; medians are picked by position
// in SQLite's own sort.

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
const userIs = (column: typeof sp.userId | typeof sp.firstResponseUserId, id: number | null) => (id === null ? isNull(column) : eq(column, id));

/** A VALUES list of integers we computed (day bounds, user ids): literals, so one statement serves every row. */
const valuesOf = (rows: number[][]) => sql.raw(rows.map((r) => `(${r.map((v) => String(Math.trunc(v))).join(", ")})`).join(", "));

/**
 * Counts per local day, in one statement: an index range count for each day (no sort, whatever the number of
 * episodes), the days given as literal rows.
 */
function perDay(ctx: Ctx, column: typeof sp.finishedAt | typeof sp.startedAt, base: SQL[], period: Period) {
  const days = period.days.map((_, i) => [i, period.dayStarts[i]!, period.dayStarts[i + 1]!]);
  const rows = rowsOf<{ n: number }>(
    ctx,
    sql`select (select count(*) from ${sp} where ${and(...base)} and ${column} >= d.column2 and ${column} < d.column3) as n
      from (values ${valuesOf(days)}) as d order by d.column1`,
  );
  return rows.map((r) => num(r.n));
}

/** Expression indexes of migration 0002 (not modelled by drizzle-kit): each duration in order. */
type DurationIndex = "service_periods_resolution_idx" | "service_periods_handling_idx" | "service_periods_wait_idx" | "service_periods_first_response_idx";

/**
 * The middle value (or the mean of the two middle ones) of `expr`, given how many there are: the index holding
 * `expr` in order (after its equality prefix) is walked up to the middle, no sort of the period's rows. The other
 * terms are written `+column …` (see `walkTerms`), which keeps the planner from skip-scanning the index instead.
 */
function median(ctx: Ctx, expr: SQL, where: SQL, count: number, index: DurationIndex): number | null {
  if (count === 0) return null;
  const rows = rowsOf<{ d: number }>(
    ctx,
    sql`select ${expr} as d from ${sp} indexed by ${sql.identifier(index)} where ${where} order by ${expr} limit ${2 - (count % 2)} offset ${(count - 1) >> 1}`,
  );
  return rows.length ? rows.reduce((s, r) => s + num(r.d), 0) / rows.length : null;
}

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
  const inPeriod = [isNotNull(sp.finishedAt), gte(sp.finishedAt, period.from), lt(sp.finishedAt, period.to)];
  const ids: (number | null)[] = filter.userId ? [filter.userId] : [...userIds, null];
  const aggregates = sql`json_array(count(*), sum(${sp.finishedAt} - ${sp.assignedAt}), count(${sp.assignedAt}),
    sum(${sp.finishedAt} - ${sp.startedAt}), sum(${sp.ratingAskedAt} is not null or ${sp.rate} is not null),
    sum(${sp.rate} = 1), sum(${sp.rate} = 2), sum(${sp.rate} = 3))`;
  const byUser = new Map<number | null, number[]>();
  const named = ids.filter((id): id is number => id !== null);
  if (named.length) {
    const rows = rowsOf<{ id: number; j: string }>(
      ctx,
      sql`select u.column1 as id, (select ${aggregates} from ${sp} where ${and(...base, ...inPeriod)} and ${sp.userId} = u.column1) as j
        from (values ${valuesOf(named.map((id) => [id]))}) as u`,
    );
    for (const r of rows) byUser.set(num(r.id), JSON.parse(r.j) as number[]);
  }
  if (ids.includes(null)) {
    const [r] = rowsOf<{ j: string }>(ctx, sql`select ${aggregates} as j from ${sp} where ${and(...base, ...inPeriod, isNull(sp.userId))}`);
    byUser.set(null, JSON.parse(r!.j) as number[]);
  }
  const agents = ids.map((userId): AgentResolved => {
    const r = (byUser.get(userId) ?? []).map(num);
    const handlingCount = r[2] ?? 0;
    return {
      userId,
      tickets: r[0] ?? 0,
      handlingSum: r[1] ?? 0,
      handlingCount,
      handlingMedian:
        userId === null
          ? null
          : median(ctx, sql`${sp.finishedAt} - ${sp.assignedAt}`, and(...walkTerms(ctx, filter, sp.finishedAt, period, { userPrefix: userId }), sql`+${sp.assignedAt} is not null`)!, handlingCount, "service_periods_handling_idx"),
      resolutionSum: r[3] ?? 0,
      asked: r[4] ?? 0,
      rates: [r[5] ?? 0, r[6] ?? 0, r[7] ?? 0],
    };
  });
  const total = agents.reduce((n, a) => n + a.tickets, 0);
  return {
    agents,
    total,
    perDay: () => perDay(ctx, sp.finishedAt, base, period),
    resolutionMedian: () => median(ctx, sql`${sp.finishedAt} - ${sp.startedAt}`, and(...walkTerms(ctx, filter, sp.finishedAt, period))!, total, "service_periods_resolution_idx"),
  };
}

/** Episodes started in the period: counts, waits and first responses (totals, per responder), per day, medians. */
export function startedFacts(ctx: Ctx, period: Period, filter: InsightFilter, userIds: number[]) {
  const base = episodeFilter(ctx, filter);
  const where = and(...base, gte(sp.startedAt, period.from), lt(sp.startedAt, period.to))!;
  const responded = and(where, isNotNull(sp.queuedAt), isNotNull(sp.firstResponseAt))!;
  const [t] = rowsOf<Record<string, number | null>>(
    ctx,
    sql`select count(*) as n,
      count(case when ${sp.queuedAt} is not null and ${sp.acceptedAt} is not null then 1 end) as wn,
      sum(case when ${sp.queuedAt} is not null and ${sp.acceptedAt} is not null then ${sp.acceptedAt} - ${sp.queuedAt} end) as ws,
      count(case when ${sp.queuedAt} is not null and ${sp.firstResponseAt} is not null then 1 end) as fn,
      sum(case when ${sp.queuedAt} is not null and ${sp.firstResponseAt} is not null then ${sp.firstResponseAt} - ${sp.queuedAt} end) as fs
      from ${sp} where ${where}`,
  );
  const responders = userIds.length
    ? rowsOf<{ id: number; j: string }>(
        ctx,
        sql`select u.column1 as id, (select json_array(count(*), sum(${sp.firstResponseAt} - ${sp.queuedAt})) from ${sp}
          where ${responded} and ${sp.firstResponseUserId} = u.column1) as j from (values ${valuesOf(userIds.map((id) => [id]))}) as u`,
      ).map((r) => {
        const [n, sum] = (JSON.parse(r.j) as unknown[]).map(num);
        return { userId: num(r.id), firstResponseCount: n ?? 0, firstResponseSum: sum ?? 0 };
      })
    : [];
  const waitCount = num(t?.wn);
  const firstResponseCount = num(t?.fn);
  return {
    responders,
    started: num(t?.n),
    waitCount,
    waitSum: num(t?.ws),
    firstResponseCount,
    firstResponseSum: num(t?.fs),
    perDay: () => perDay(ctx, sp.startedAt, base, period),
    waitMedian: () => median(ctx, sql`${sp.acceptedAt} - ${sp.queuedAt}`, and(...walkTerms(ctx, filter, sp.startedAt, period), sql`${sp.acceptedAt} - ${sp.queuedAt} is not null`)!, waitCount, "service_periods_wait_idx"),
    firstResponseMedian: () => median(ctx, sql`${sp.firstResponseAt} - ${sp.queuedAt}`, and(...walkTerms(ctx, filter, sp.startedAt, period), sql`${sp.firstResponseAt} - ${sp.queuedAt} is not null`)!, firstResponseCount, "service_periods_first_response_idx"),
  };
}
