import { and, eq, sql } from "drizzle-orm";
import type { ControlDb as Db } from "../../db/client";
import { rateLimits } from "../../db/control";
import { AppError } from "../errors";

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Fixed-window limits used at the edges that attackers hammer. */
export const limits = {
  loginPerEmail: { max: 5, windowSeconds: 15 * 60 },
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  refreshPerIp: { max: 120, windowSeconds: 60 },
  /** Two-factor codes (a login's second step, and confirming, disabling or regenerating): as passwords are. */
  twoFactorPerUser: { max: 5, windowSeconds: 15 * 60 },
  twoFactorPerIp: { max: 30, windowSeconds: 15 * 60 },
  /** Reset codes asked for one address: a mailbox is not flooded, the provider's budget not spent. */
  resetRequestPerEmail: { max: 3, windowSeconds: 15 * 60 },
  resetRequestPerIp: { max: 20, windowSeconds: 15 * 60 },
  /** Public signups: a handful per address and per IP an hour. */
  signupPerEmail: { max: 3, windowSeconds: 60 * 60 },
  signupPerIp: { max: 10, windowSeconds: 60 * 60 },
  /**
   * Addresses a company found taken by another company (a user created, or one's own e-mail changed, to it): the
   * answer tells that the address has an account on the platform, so a company may learn that only so fast.
   */
  emailConflictPerCompany: { max: 20, windowSeconds: 60 * 60 },
  /** Step 2 tries; each code also allows only 5 attempts of its own. */
  resetVerifyPerIp: { max: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

export interface Hit {
  key: string;
  limit: Limit;
}

function windowOf(limit: Limit, now: number) {
  return Math.floor(now / 1000 / limit.windowSeconds) * limit.windowSeconds;
}

/**
 * Counts one attempt against `key` and answers the window's count, in one statement: D1 runs one statement at a
 * time, so no two concurrent attempts can read the same count (reading first and writing after let a burst of
 * concurrent attempts all pass before any of them was recorded). A window that has passed starts again at 1.
 */
function countHit(db: Db, { key, limit }: Hit, now: number) {
  const start = windowOf(limit, now);
  return db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        // `>=`: an isolate whose clock is a little behind must not reset a window another one has started.
        count: sql`CASE WHEN ${rateLimits.windowStart} >= ${start} THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart: sql`MAX(${rateLimits.windowStart}, ${start})`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
}

/**
 * Counts this attempt against every limit given (one batch, one round trip), then decides on the counts that
 * came back: 429 with `retryAfter` (seconds) when any of them is over its limit. The attempt is counted even
 * when refused, so hammering a closed window keeps it closed.
 */
export async function takeHits(db: Db, hits: [Hit, ...Hit[]], now = Date.now()): Promise<void> {
  const [first, ...rest] = hits.map((hit) => countHit(db, hit, now));
  const counted = await db.batch([first!, ...rest]);
  const nowSeconds = Math.floor(now / 1000);
  const over = hits.flatMap(({ limit }, i) => {
    const row = counted[i]![0]!;
    return row.count > limit.max ? [row.windowStart + limit.windowSeconds - nowSeconds] : [];
  });
  if (over.length > 0) throw new AppError("ERR_RATE_LIMITED", undefined, { retryAfter: Math.max(1, ...over) });
}

/** Gives back one counted attempt that turned out legitimate (a login that succeeded), in the window it was counted in. */
export function returnHit(db: Db, { key, limit }: Hit, now = Date.now()) {
  return db
    .update(rateLimits)
    .set({ count: sql`MAX(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowOf(limit, now))));
}

export function clearHits(db: Db, key: string) {
  return db.delete(rateLimits).where(eq(rateLimits.key, key));
}
