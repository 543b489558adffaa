import { and, desc, eq, gte, like, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { AuditAction, AuditEntryView, AuditPage, AuditQuery } from "../../contracts/audit";
import type { Db } from "../../db/client";
import { auditLog, type AuditLogRow } from "../../db/tenant";

/** What a page of the log is filtered by (the query without its platform-only fields). */
export type AuditFilter = Pick<AuditQuery, "actorId" | "action" | "from" | "to" | "cursor" | "limit">;

/** Codes and area prefixes (`user.`) as one condition on an action column; none: every action. */
export function actionCondition(column: SQLiteColumn, actions: string[]): SQL | undefined {
  if (actions.length === 0) return undefined;
  // A prefix is a literal area name followed by a dot (the contract allows nothing else), so `like` needs no escape.
  return or(...actions.map((a) => (a.endsWith(".") ? like(column, `${a}%`) : eq(column, a))));
}

/** The columns a log's filter reads: the company's log (hub) and the platform's (D1) share them. */
type FilteredLog = { id: SQLiteColumn; actorId: SQLiteColumn; action: SQLiteColumn; createdAt: SQLiteColumn };

/** A filter's conditions on either log: who, what, when, and the cursor (entries older than the last shown). */
export function auditFilterConditions(log: FilteredLog, filter: AuditFilter): (SQL | undefined)[] {
  return [
    filter.actorId !== undefined ? eq(log.actorId, filter.actorId) : undefined,
    actionCondition(log.action, filter.action),
    filter.from ? gte(log.createdAt, filter.from) : undefined,
    filter.to ? lt(log.createdAt, filter.to) : undefined,
    filter.cursor !== undefined ? lt(log.id, filter.cursor) : undefined,
  ];
}

/**
 * A page of the company's log, newest first (the cursor is the last id shown). Runs in the company's hub: the
 * audit routes for its own admins, and the `auditPage` hub call for a super admin during a support access.
 */
export function readAuditPage(db: Db, companyId: number, filter: AuditFilter): AuditPage {
  const rows = db
    .select()
    .from(auditLog)
    .where(
and(eq(auditLog.companyId, companyId), ...auditFilterConditions(auditLog, filter)),
    )
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1)
    .all();
  const items = rows.slice(0, filter.limit).map(auditEntryOf);
  return { items, cursor: rows.length > filter.limit ? items[items.length - 1]!.id : null };
}

export function auditEntryOf(row: Pick<AuditLogRow, Exclude<keyof AuditLogRow, "companyId">>): AuditEntryView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action as AuditAction,
    outcome: row.outcome,
    actorKind: row.actorKind,
    actorId: row.actorId,
    actorName: row.actorName,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    detail: row.detail,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}
