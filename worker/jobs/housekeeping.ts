import { and, eq, exists, isNotNull, lt, or } from "drizzle-orm";
import { createControlDb, type Db } from "../db/client";
import { passwordResets, rateLimits } from "../db/control";
import { apiRequests, CONNECTION_HEALTH_DAYS, connectionHealthEvents, externalApiRequests, tickets, typebotSessions, userSessions, webhookDeliveries } from "../db/tenant";
import { automationRuns } from "../db/tenant";
import type { Env } from "../env";

const DAY = 24 * 60 * 60 * 1000;
/** How long an event webhook's delivery log is kept. */
export const WEBHOOK_LOG_DAYS = 30;
/** How long automation rules' run log is kept (issue 26). */
export const AUTOMATION_RUN_LOG_DAYS = 30;

/**
 * Every minute, in the control database: drop spent reset codes and stale rate-limit windows (indexed). Whether
 * anything is due is asked first: most minutes nothing is, and a write transaction, even one that deletes
 * nothing, holds every other D1 answer until it is committed.
 */
export async function runHousekeeping(env: Env, now: Date) {
  const db = createControlDb(env.DB);
  const t = now.getTime();
  const due = {
    resets: lt(passwordResets.expiresAt, new Date(t - DAY)),
    windows: lt(rateLimits.windowStart, Math.floor(t / 1000) - 3600),
  };
  const found = await db.batch([
    db.select({ id: passwordResets.id }).from(passwordResets).where(due.resets).limit(1),
    db.select({ key: rateLimits.key }).from(rateLimits).where(due.windows).limit(1),
  ]);
  if (found.every((rows) => rows.length === 0)) return;
  await db.batch([db.delete(passwordResets).where(due.resets), db.delete(rateLimits).where(due.windows)]);
}

/**
 * In a company's hub (its alarm): drop expired sessions and idempotency keys of the external and public APIs, webhook
 * deliveries older than 30 days (indexed), connections' health events older than 7 days, and the Typebot sessions of closed tickets (a ticket the contact reopens starts its bot anew; the walk is over the few
 * sessions, each a primary-key look at its ticket).
 */
export function tenantHousekeeping(db: Db, now: Date) {
  const t = now.getTime();
  db.delete(userSessions)
    .where(or(lt(userSessions.expiresAt, now), and(isNotNull(userSessions.revokedAt), lt(userSessions.revokedAt, new Date(t - DAY)))))
    .run();
  db.delete(externalApiRequests).where(lt(externalApiRequests.expiresAt, now)).run();
  db.delete(apiRequests).where(lt(apiRequests.expiresAt, now)).run();
  // Event webhooks' delivery log is kept 30 days (issue 25), by its creation index.
  db.delete(webhookDeliveries).where(lt(webhookDeliveries.createdAt, new Date(t - WEBHOOK_LOG_DAYS * DAY))).run();
  // Automation rules' run log, 30 days (a scan of a table the skipped runs' bound keeps small, once per sweep).
  db.delete(automationRuns).where(lt(automationRuns.createdAt, new Date(t - AUTOMATION_RUN_LOG_DAYS * DAY))).run();
  // Connections' health events (issue 30): the page counts 24 hours; a week is kept for a look back.
  db.delete(connectionHealthEvents).where(lt(connectionHealthEvents.at, new Date(t - CONNECTION_HEALTH_DAYS * DAY))).run();
  db.delete(typebotSessions)
    .where(exists(db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.id, typebotSessions.ticketId), eq(tickets.status, "closed")))))
    .run();
}
