import { and, isNotNull, lt, or } from "drizzle-orm";
import { createDb } from "../db/client";
import { externalApiRequests, passwordResets, rateLimits, userSessions } from "../db/schema";
import type { Env } from "../env";

const DAY = 24 * 60 * 60 * 1000;

/** Every minute: drop expired sessions, spent reset codes, stale rate-limit windows and idempotency keys (indexed). */
export async function runHousekeeping(env: Env, now: Date) {
  const db = createDb(env.DB);
  const t = now.getTime();
  await db.batch([
    db
      .delete(userSessions)
      .where(or(lt(userSessions.expiresAt, now), and(isNotNull(userSessions.revokedAt), lt(userSessions.revokedAt, new Date(t - DAY))))),
    db.delete(passwordResets).where(lt(passwordResets.expiresAt, new Date(t - DAY))),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, Math.floor(t / 1000) - 3600)),
    db.delete(externalApiRequests).where(lt(externalApiRequests.expiresAt, now)),
  ]);
}
