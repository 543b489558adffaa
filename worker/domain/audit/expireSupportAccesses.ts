import { and, eq, gte, inArray, isNull } from "drizzle-orm";
import { supportAccesses } from "../../db/control";
import { platformAuditInsertWhere } from "./recordPlatformAudit";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { recordAudit } from "./recordAudit";

/** How far back the hub looks for accesses still to end: far past the longest access, for a hub asleep meanwhile. */
const LOOK_BACK_MS = 7 * 24 * 60 * 60 * 1000;

/** The company's support accesses started (its log's `support.accessStarted`) whose end is not in its log yet. */
function openAccesses(db: Db, companyId: number, now: number): { id: string; expiresAt: number }[] {
  const started = db
    .select({ id: auditLog.targetId, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, "support.accessStarted"), gte(auditLog.createdAt, new Date(now - LOOK_BACK_MS))))
    .all()
    .filter((r): r is { id: string; detail: typeof r.detail } => r.id !== null && typeof r.detail.expiresAt === "number");
  if (started.length === 0) return [];
  const ended = new Set(
    db
      .select({ id: auditLog.targetId })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, "support.accessEnded"), inArray(auditLog.targetId, started.map((s) => s.id))))
      .all()
      .map((r) => r.id),
  );
  return started.filter((s) => !ended.has(s.id)).map((s) => ({ id: s.id, expiresAt: s.detail.expiresAt as number }));
}

/** When the next running support access to the company ends (null: none runs). */
export function nextSupportAccessEnd(db: Db, companyId: number, now: number): number | null {
  const open = openAccesses(db, companyId, now);
  return open.length === 0 ? null : Math.min(...open.map((a) => a.expiresAt));
}

/**
 * Support accesses past their time end (issue 28): the access row is closed and the platform's log told (one batch),
 * and the company's log gets `support.accessEnded` by the system, so its admins see the access is over.
 */
export async function expireSupportAccesses({ ctx, input }: { ctx: SystemCtx; input: { now: number } }): Promise<number> {
  const due = openAccesses(ctx.db, ctx.companyId, input.now).filter((a) => a.expiresAt <= input.now);
  for (const access of due) {
    const id = Number(access.id);
    // Closed only if still open (a super admin may have ended it meanwhile); the platform's entry by the same condition.
    const open = and(eq(supportAccesses.id, id), eq(supportAccesses.companyId, ctx.companyId), isNull(supportAccesses.endedAt));
    const [, closed] = await ctx.control.batch([
      platformAuditInsertWhere(
        { user: null, control: ctx.control },
        { action: "support.accessEnded", company: { id: ctx.companyId, name: null }, target: { type: "supportAccess", id }, detail: { reason: "expired" } },
        supportAccesses,
        open,
      ),
      ctx.control.update(supportAccesses).set({ endedAt: new Date(access.expiresAt) }).where(open).returning(),
    ]);
    const row = closed[0];
    recordAudit(ctx, {
      action: "support.accessEnded",
      actor: { kind: "system" },
      target: { type: "supportAccess", id, label: row?.superName ?? null },
      detail: { reason: "expired" },
    });
  }
  return due.length;
}
