import type { AuditAction, AuditActorKind, AuditDetail, AuditOutcome } from "../../contracts/audit";
import { auditLog } from "../../db/tenant";
import type { AnyCtx } from "../context";

export interface AuditRecord {
  action: AuditAction;
  outcome?: AuditOutcome;
  /** What the action was done to: a kind (`user`, `contact`, `setting`…), its id or key, and a readable name. */
  target?: { type: string; id?: number | string | null; label?: string | null };
  detail?: AuditDetail;
  /** Who acted, when it is not the context's user (a sign-in's user, a super admin's support access, an API token). */
  actor?: { kind: AuditActorKind; id?: number | null; name?: string | null };
}

/**
 * Appends one entry to the company's audit log (issue 28). Synchronous on purpose: called beside the action's own
 * writes with no `await` between them (or inside the action's `db.transaction`), the entry commits with the action or
 * not at all. A refused attempt (`outcome: "failed"`) is recorded on its own, after the refusal is known. Answers the
 * entry's id.
 */
export function recordAudit(ctx: AnyCtx, record: AuditRecord): number {
  return auditStatement(ctx, record).get()!.id;
}

/**
 * The same entry as a statement not yet run, for a verb that writes through `ctx.db.batch([...])`: put it in the
 * action's batch and it commits with the batch's other statements or not at all.
 */
export function auditStatement(ctx: AnyCtx, record: AuditRecord) {
  const actor = record.actor ?? actorOf(ctx);
  return ctx.db
    .insert(auditLog)
    .values({
      companyId: ctx.companyId,
      action: record.action,
      outcome: record.outcome ?? "ok",
      actorKind: actor.kind,
      actorId: actor.id ?? null,
      actorName: actor.name?.slice(0, 200) ?? null,
      targetType: record.target?.type ?? null,
      targetId: record.target?.id == null ? null : String(record.target.id),
      targetLabel: record.target?.label?.slice(0, 200) ?? null,
      detail: record.detail ?? {},
      ip: ctx.client?.ip ?? null,
      userAgent: ctx.client?.userAgent?.slice(0, 255) ?? null,
    })
    .returning({ id: auditLog.id });
}

function actorOf(ctx: AnyCtx): Required<NonNullable<AuditRecord["actor"]>> {
  if (ctx.user === null) return { kind: "system", id: null, name: null };
  // A super admin of the platform acting in a company that is not their own.
  const kind: AuditActorKind = ctx.user.super && ctx.user.companyId !== ctx.companyId ? "super" : "user";
  return { kind, id: ctx.user.id, name: ctx.user.name };
}
