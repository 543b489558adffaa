import { sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
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

/**
 * The same insert, made only when `where` finds a row of `from` (`insert … select … where`): for a change that is
 * itself conditional (a plan deleted only while no company uses it, an access ended only while it runs), in the batch
 * before that change, so the entry exists exactly when the change happens.
 */
export function platformAuditInsertWhere(
  ctx: { user: Pick<Ctx["user"], "id" | "name"> | null; client?: Ctx["client"]; control: Ctx["control"] },
  record: PlatformAuditRecord,
  from: SQLiteTable,
  where: SQL | undefined,
) {
  const v = ctx.user
    ? platformAuditValues({ user: ctx.user as Ctx["user"], client: ctx.client }, record)
    : { ...platformAuditValues({ user: { id: 0, name: "" } as Ctx["user"], client: ctx.client }, record), actorId: null, actorName: null };
  // Every column of the table, in its order, as the select's fields (drizzle's insert … select requires it).
  const fields = {
    id: sql`null`.as("id"),
    action: sql`${v.action}`.as("action"),
    outcome: sql`${"ok"}`.as("outcome"),
    actorId: sql`${v.actorId}`.as("actorId"),
    actorName: sql`${v.actorName}`.as("actorName"),
    companyId: sql`${v.companyId}`.as("companyId"),
    companyName: sql`${v.companyName}`.as("companyName"),
    targetType: sql`${v.targetType}`.as("targetType"),
    targetId: sql`${v.targetId}`.as("targetId"),
    targetLabel: sql`${v.targetLabel}`.as("targetLabel"),
    detail: sql`${JSON.stringify(v.detail)}`.as("detail"),
    ip: sql`${v.ip}`.as("ip"),
    userAgent: sql`${v.userAgent}`.as("userAgent"),
    createdAt: sql`${Date.now()}`.as("createdAt"),
  };
  return ctx.control.insert(platformAuditLog).select(ctx.control.select(fields).from(from).where(where).limit(1));
}
