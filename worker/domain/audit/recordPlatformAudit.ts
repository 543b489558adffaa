import type { AuditDetail, PlatformAuditAction } from "../../contracts/audit";
import { platformAuditLog } from "../../db/control";
import type { Ctx } from "../context";

export interface PlatformAuditRecord {
  action: PlatformAuditAction;
  company?: { id: number; name: string | null } | null;
  target?: { type: string; id?: number | string | null; label?: string | null };
  detail?: AuditDetail;
}

/** The values of one platform entry, by the acting super admin, from the request's address and browser. */
export function platformAuditValues(ctx: Pick<Ctx, "user" | "client">, record: PlatformAuditRecord): typeof platformAuditLog.$inferInsert {
  return {
    action: record.action,
    actorId: ctx.user.id,
    actorName: ctx.user.name.slice(0, 200),
    companyId: record.company?.id ?? null,
    companyName: record.company?.name?.slice(0, 200) ?? null,
    targetType: record.target?.type ?? null,
    targetId: record.target?.id == null ? null : String(record.target.id),
    targetLabel: record.target?.label?.slice(0, 200) ?? null,
    detail: record.detail ?? {},
    ip: ctx.client?.ip ?? null,
    userAgent: ctx.client?.userAgent?.slice(0, 255) ?? null,
  };
}

/**
 * The insert of one entry of the platform's log (issue 28), not run: the caller puts it in the same `db.batch` as the
 * change it records (D1 has no interactive transactions, ADR 0003), so both land or neither does.
 */
export function platformAuditInsert(ctx: Pick<Ctx, "user" | "client" | "control">, record: PlatformAuditRecord) {
  return ctx.control.insert(platformAuditLog).values(platformAuditValues(ctx, record));
}
