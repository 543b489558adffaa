import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { InsightFilter } from "../../contracts/insight";
import { serviceDurations as sdur, ticketServicePeriods as sp } from "../../db/tenant";
import type { Ctx } from "../context";

// A period's median is exact and read without sorting the period: the duration's index holds every episode in the
// duration's order, so the middle one is found by position. Walking that index from its start costs every entry
// below the median in the company's whole history; the per-day bucket counts of `service_durations` (ADR 0034)
// say which bucket the middle falls in and its rank there, so only that bucket's entries are walked.

/** Expression indexes of migration 0003 (not modelled by drizzle-kit): each duration in order. */
export type DurationIndex = "service_periods_resolution_idx" | "service_periods_handling_idx" | "service_periods_wait_idx" | "service_periods_first_response_idx";

/** The durations counted per bucket, as migration 0008 counts them (`kind`, the day's column, the expression). */
export interface DurationKind {
  kind: 1 | 2 | 3;
  expr: SQL;
  at: typeof sp.finishedAt | typeof sp.startedAt;
  present: SQL;
  index: DurationIndex;
}

export const DURATION_KINDS = {
  resolution: {
    kind: 1,
    expr: sql`${sp.finishedAt} - ${sp.startedAt}`,
    at: sp.finishedAt,
    present: sql`${sp.finishedAt} is not null`,
    index: "service_periods_resolution_idx",
  },
  wait: {
    kind: 2,
    expr: sql`${sp.acceptedAt} - ${sp.queuedAt}`,
    at: sp.startedAt,
    present: sql`${sp.queuedAt} is not null and ${sp.acceptedAt} is not null`,
    index: "service_periods_wait_idx",
  },
  firstResponse: {
    kind: 3,
    expr: sql`${sp.firstResponseAt} - ${sp.queuedAt}`,
    at: sp.startedAt,
    present: sql`${sp.queuedAt} is not null and ${sp.firstResponseAt} is not null`,
    index: "service_periods_first_response_idx",
  },
} satisfies Record<string, DurationKind>;

/** The bucket of a duration, exactly as migration 0008 writes it: its decimal length and first two digits. */
const bucketOf = (expr: SQL) => sql`case when (${expr}) < 10 then 0 else length((${expr})) * 100 + cast(substr((${expr}), 1, 2) as integer) end`;

const num = (v: unknown) => Number(v ?? 0);
const rowsOf = <T>(ctx: Ctx, query: SQL) => ctx.db.all(query) as unknown as T[];

/**
 * The middle value (or the mean of the two middle ones) of `expr`, given how many there are: the index holding
 * `expr` in order (after its equality prefix) is walked up to the middle, no sort of the period's rows. The other
 * terms are written `+column …` (see `walkTerms`), which keeps the planner from skip-scanning the index instead.
 */
export function medianByWalk(ctx: Ctx, expr: SQL, where: SQL, count: number, index: DurationIndex): number | null {
  if (count === 0) return null;
  const rows = rowsOf<{ d: number }>(
    ctx,
    sql`select ${expr} as d from ${sp} indexed by ${sql.identifier(index)} where ${where} order by ${expr} limit ${2 - (count % 2)} offset ${(count - 1) >> 1}`,
  );
  return rows.length ? rows.reduce((s, r) => s + num(r.d), 0) / rows.length : null;
}

interface Bucket {
  bucket: number;
  n: number;
  lo: number;
  hi: number;
}

/** Where a period's durations are counted: its whole UTC days in the bucket counts, its edges in the episodes. */
export interface DurationSources {
  days: { from: number; to: number } | null;
  walks: { from: number; to: number }[];
}

/**
 * The median of a duration over the period. `episodes` filters the episodes (company, queue, agent), `walkTerms`
 * is the same filter with the period written as terms no index may use (for the walk of the duration's index).
 * Falls back to the whole walk if the bucket counts do not add up to `count` (they always should).
 */
export function periodMedian(
  ctx: Ctx,
  k: DurationKind,
  opts: { filter: InsightFilter; sources: DurationSources; episodes: SQL[]; walkTerms: SQL[]; count: number },
): number | null {
  const { filter, sources, count } = opts;
  if (count === 0) return null;
  const byBucket = new Map<number, Bucket>();
  const add = (r: Bucket) => {
    const b = byBucket.get(r.bucket);
    byBucket.set(r.bucket, b ? { bucket: r.bucket, n: b.n + r.n, lo: Math.min(b.lo, r.lo), hi: Math.max(b.hi, r.hi) } : r);
  };
  const asBucket = (r: Record<string, unknown>): Bucket => ({ bucket: num(r.bucket), n: num(r.n), lo: num(r.lo), hi: num(r.hi) });
  if (sources.days) {
    const where = and(
      eq(sdur.companyId, ctx.companyId),
      eq(sdur.kind, k.kind),
      gte(sdur.day, sources.days.from),
      lt(sdur.day, sources.days.to),
      filter.queueId ? eq(sdur.queueId, filter.queueId) : undefined,
    );
    const rows = rowsOf<Record<string, unknown>>(
      ctx,
      sql`select ${sdur.bucket} as bucket, sum(${sdur.n}) as n, min(${sdur.lo}) as lo, max(${sdur.hi}) as hi from ${sdur} where ${where} and ${sdur.n} > 0 group by ${sdur.bucket}`,
    );
    rows.forEach((r) => add(asBucket(r)));
  }
  for (const walk of sources.walks) {
    const rows = rowsOf<Record<string, unknown>>(
      ctx,
      sql`select ${bucketOf(k.expr)} as bucket, count(*) as n, min(${k.expr}) as lo, max(${k.expr}) as hi from ${sp}
        where ${and(...opts.episodes, k.present, gte(k.at, walk.from), lt(k.at, walk.to))} group by 1`,
    );
    rows.forEach((r) => add(asBucket(r)));
  }
  const buckets = [...byBucket.values()].filter((b) => b.n > 0).sort((a, b) => a.bucket - b.bucket);
  const walkAll = () => medianByWalk(ctx, k.expr, and(...opts.walkTerms, sql`${k.expr} is not null`)!, count, k.index);
  if (buckets.reduce((n, b) => n + b.n, 0) !== count) return walkAll();

  const middle = (count - 1) >> 1;
  const positions = count % 2 ? [middle] : [middle, middle + 1];
  const values = positions.map((position) => {
    let before = 0;
    const b = buckets.find((x) => (before += x.n) > position)!;
    const rank = position - (before - b.n);
    if (b.lo === b.hi) return b.lo;
    // Only this bucket's entries (within its bounds) are walked; the period and filters are checked on each.
    const [row] = rowsOf<{ d: number }>(
      ctx,
      sql`select ${k.expr} as d from ${sp} indexed by ${sql.identifier(k.index)}
        where ${and(...opts.walkTerms, sql`${k.expr} >= ${b.lo}`, sql`${k.expr} <= ${b.hi}`)} order by ${k.expr} limit 1 offset ${rank}`,
    );
    return row ? num(row.d) : null;
  });
  if (values.some((v) => v === null)) return walkAll();
  return (values as number[]).reduce((s, v) => s + v, 0) / values.length;
}
