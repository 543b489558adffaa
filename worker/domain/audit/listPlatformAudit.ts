import { and, desc, eq } from "drizzle-orm";
import type { AuditAction, AuditExportQuery, AuditQuery, PlatformAuditEntryView, PlatformAuditPage } from "../../contracts/audit";
import { platformAuditLog, type PlatformAuditLogRow } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { auditCsvStream, EXPORT_CHUNK, exportFilterDetail } from "./auditCsv";
import { auditFilterConditions, type AuditFilter } from "./readAuditPage";
import { platformAuditInsert } from "./recordPlatformAudit";

type PlatformFilter = AuditFilter & { companyId?: number };

async function readPlatformPage(ctx: Ctx, filter: PlatformFilter): Promise<PlatformAuditPage> {
  const rows = await ctx.control
    .select()
    .from(platformAuditLog)
    .where(
and(
        filter.companyId !== undefined ? eq(platformAuditLog.companyId, filter.companyId) : undefined,
        ...auditFilterConditions(platformAuditLog, filter),
      ),
    )
    .orderBy(desc(platformAuditLog.id))
    .limit(filter.limit + 1);
  const items = rows.slice(0, filter.limit).map(platformEntryOf);
  return { items, cursor: rows.length > filter.limit ? items[items.length - 1]!.id : null };
}

function platformEntryOf(row: PlatformAuditLogRow): PlatformAuditEntryView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action as AuditAction,
    outcome: row.outcome,
    // The platform's log is its super admins' (null: the platform itself, an access that timed out).
    actorKind: row.actorId === null ? "system" : "super",
    actorId: row.actorId,
    actorName: row.actorName,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    detail: row.detail,
    ip: row.ip,
    userAgent: row.userAgent,
    companyId: row.companyId,
    companyName: row.companyName,
  };
}

/** GET /audit/platform: the platform's log (super admins), newest first, of one company when asked, by cursor. */
export async function listPlatformAudit({ ctx, input }: { ctx: Ctx; input: AuditQuery }): Promise<PlatformAuditPage> {
  requirePermission(ctx, "audit:platform");
  return readPlatformPage(ctx, input);
}

/** GET /audit/platform/export: the filtered platform log as CSV, streamed; the export is itself in the log. */
export async function exportPlatformAudit({ ctx, input }: { ctx: Ctx; input: AuditExportQuery }): Promise<ReadableStream<Uint8Array>> {
  requirePermission(ctx, "audit:platform");
  await platformAuditInsert(ctx, { action: "audit.exported", target: { type: "platformAuditLog" }, detail: exportFilterDetail(input) });
  return auditCsvStream(input.lang, (cursor) => readPlatformPage(ctx, { ...input, cursor, limit: EXPORT_CHUNK }), true);
}
