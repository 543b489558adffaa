import { eq, sql } from "drizzle-orm";
import type { ControlDb as Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { AppError } from "../domain/errors";

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Fixed-window limits used at the edges that attackers hammer. */
export const limits = {
  loginPerEmail: { max: 5, windowSeconds: 15 * 60 },
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  refreshPerIp: { max: 120, windowSeconds: 60 },
} satisfies Record<string, Limit>;

function windowOf(limit: Limit, now: number) {
  return Math.floor(now / 1000 / limit.windowSeconds) * limit.windowSeconds;
}

/** Throws 429 when `key` has used up `limit` in the current window; does not count this call. */
export async function assertUnderLimit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<void> {
  const row = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).get();
  const start = windowOf(limit, now);
  if (row && row.windowStart === start && row.count >= limit.max) {
    const retryAfter = start + limit.windowSeconds - Math.floor(now / 1000);
    throw new AppError("ERR_RATE_LIMITED", undefined, { retryAfter });
  }
}

/** Counts one hit against `key`, starting a fresh window when the old one has passed. */
export function recordHit(db: Db, key: string, limit: Limit, now = Date.now()) {
  const start = windowOf(limit, now);
  return db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} = ${start} THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart: start,
      },
    });
}

export function clearHits(db: Db, key: string) {
  return db.delete(rateLimits).where(eq(rateLimits.key, key));
}
