import { and, isNotNull, lt, or } from "drizzle-orm";
import { createDb } from "../db/client";
import { externalApiRequests, passwordResets, rateLimits, userSessions } from "../db/schema";
import type { Env } from "../env";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Every minute: drop expired sessions, spent reset codes, stale rate-limit windows and idempotency keys (indexed).
 * Whether anything is due is asked first: most minutes nothing is, and a write transaction, even one that deletes
 * nothing, holds every other D1 answer until it is committed.
 */
export async function runHousekeeping(env: Env, now: Date) {
  const db = createDb(env.DB);
  const t = now.getTime();
  const due = {
    sessions: or(lt(userSessions.expiresAt, now), and(isNotNull(userSessions.revokedAt), lt(userSessions.revokedAt, new Date(t - DAY)))),
    resets: lt(passwordResets.expiresAt, new Date(t - DAY)),
    windows: lt(rateLimits.windowStart, Math.floor(t / 1000) - 3600),
    idempotency: lt(externalApiRequests.expiresAt, now),
  };
  const found = await db.batch([
    db.select({ id: userSessions.id }).from(userSessions).where(due.sessions).limit(1),
    db.select({ id: passwordResets.id }).from(passwordResets).where(due.resets).limit(1),
    db.select({ key: rateLimits.key }).from(rateLimits).where(due.windows).limit(1),
    db.select({ key: externalApiRequests.key }).from(externalApiRequests).where(due.idempotency).limit(1),
  ]);
  if (found.every((rows) => rows.length === 0)) return;
  await db.batch([
    db.delete(userSessions).where(due.sessions),
    db.delete(passwordResets).where(due.resets),
    db.delete(rateLimits).where(due.windows),
    db.delete(externalApiRequests).where(due.idempotency),
  ]);
}
