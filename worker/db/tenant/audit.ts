import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_OUTCOMES, type AuditDetail } from "../../contracts/audit";
import { createdAt, id } from "../shared/columns";
import { companyId } from "../shared/companyId";

/**
 * The company's audit log (issue 28): append-only, written in the same transaction as the action it records (a
 * refused attempt, outcome `failed`, on its own). Names are copied, not referenced: an entry outlives the user or the
 * thing it names. Kept for the company's retention of it (default a year), then removed by the hub's housekeeping.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    companyId: companyId(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    outcome: text("outcome", { enum: AUDIT_OUTCOMES }).notNull().default("ok"),
    actorKind: text("actor_kind", { enum: AUDIT_ACTOR_KINDS }).notNull(),
    actorId: integer("actor_id"),
    actorName: text("actor_name"),
    targetType: text("target_type"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    detail: text("detail", { mode: "json" }).$type<AuditDetail>().notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_company_id_idx").on(t.companyId, t.id),
    index("audit_log_company_actor_idx").on(t.companyId, t.actorId, t.id),
    index("audit_log_company_action_idx").on(t.companyId, t.action, t.id),
    index("audit_log_company_created_idx").on(t.companyId, t.createdAt),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;
