import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { AUDIT_OUTCOMES, PLATFORM_AUDIT_ACTIONS, type AuditDetail } from "../../contracts/audit";
import { createdAt, id } from "../shared/columns";

/**
 * The platform's audit log (issue 28): what super admins did as the platform (companies and plans created, changed,
 * deleted; support accesses), written in the same `db.batch` as the change. Names are copied and the company is not a
 * foreign key: an entry outlives the company it concerns.
 */
export const platformAuditLog = sqliteTable(
  "platform_audit_log",
  {
    id: id(),
    action: text("action", { enum: PLATFORM_AUDIT_ACTIONS }).notNull(),
    outcome: text("outcome", { enum: AUDIT_OUTCOMES }).notNull().default("ok"),
    actorId: integer("actor_id"),
    actorName: text("actor_name"),
    /** The company the action concerned (null: a plan). */
    companyId: integer("company_id"),
    companyName: text("company_name"),
    targetType: text("target_type"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    detail: text("detail", { mode: "json" }).$type<AuditDetail>().notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("platform_audit_log_company_idx").on(t.companyId, t.id),
    index("platform_audit_log_actor_idx").on(t.actorId, t.id),
    index("platform_audit_log_action_idx").on(t.action, t.id),
    index("platform_audit_log_created_idx").on(t.createdAt),
  ],
);
export type PlatformAuditLogRow = typeof platformAuditLog.$inferSelect;

/**
 * A super admin's time-boxed access to a company (issue 28): while it runs (not ended, not past `expiresAt`) they may
 * read and change the company's data through the platform's pages; everything they do there is in the company's log.
 */
export const supportAccesses = sqliteTable(
  "support_accesses",
  {
    id: id(),
    companyId: integer("company_id").notNull(),
    superUserId: integer("super_user_id").notNull(),
    superName: text("super_name").notNull(),
    reason: text("reason").notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** When it ended: by the super admin, or at `expiresAt` (noticed by the company's hub). */
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("support_accesses_company_idx").on(t.companyId, t.superUserId, t.expiresAt)],
);
export type SupportAccessRow = typeof supportAccesses.$inferSelect;
