import { and, eq, inArray, lt, min } from "drizzle-orm";
import { DEFAULT_AUDIT_RETENTION_DAYS } from "../../contracts/audit";
import type { Db } from "../../db/client";
import { auditLog, settings } from "../../db/tenant";
import type { SystemCtx } from "../context";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Entries removed per turn of the hub's queue (ADR 0013: background work in short slices). */
export const PRUNE_SLICE = 500;

/** How many days the company keeps its log (the setting `auditRetentionDays`, default a year). */
export function auditRetentionDays(db: Db, companyId: number): number {
  const row = db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.key, "auditRetentionDays")))
    .get();
  const days = Number(row?.value ?? DEFAULT_AUDIT_RETENTION_DAYS);
  return Number.isInteger(days) && days >= 30 ? days : Number(DEFAULT_AUDIT_RETENTION_DAYS);
}

/**
 * `now` when the oldest entry is past the retention (audit_log_company_created_idx), else null. Not the future time it
 * will be: every company has a log, and due work that is pending keeps its hub's heartbeat and alarm going (dueWork.ts),
 * so the removal waits for the hub's next alarm after that time instead (retention is not to the minute).
 */
export function nextAuditPruneDue(db: Db, companyId: number, now: number): number | null {
  const oldest = db.select({ at: min(auditLog.createdAt) }).from(auditLog).where(eq(auditLog.companyId, companyId)).get()?.at;
  if (!oldest) return null;
  const due = oldest.getTime() + auditRetentionDays(db, companyId) * DAY_MS;
  return due <= now ? now : null;
}

/**
 * Entries older than the company's retention are removed (issue 28), a slice at a time, each slice one turn of the
 * hub's queue, until none is left. Answers how many went.
 */
export async function pruneAuditLog({ ctx, input, serially }: { ctx: SystemCtx; input: { now: number }; serially: <T>(task: () => Promise<T>) => Promise<T> }): Promise<number> {
  const cutoff = new Date(input.now - auditRetentionDays(ctx.db, ctx.companyId) * DAY_MS);
  let removed = 0;
  for (;;) {
    const slice = await serially(async () => {
      const ids = ctx.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.companyId, ctx.companyId), lt(auditLog.createdAt, cutoff)))
        .orderBy(auditLog.createdAt)
        .limit(PRUNE_SLICE)
        .all()
        .map((r) => r.id);
      if (ids.length > 0) ctx.db.delete(auditLog).where(and(eq(auditLog.companyId, ctx.companyId), inArray(auditLog.id, ids))).run();
      return ids.length;
    });
    removed += slice;
    if (slice < PRUNE_SLICE) return removed;
  }
}
