import { z } from "zod";
import { platformId, platformIdText } from "./ids";

/**
 * What the audit log records (issue 28): one code per kind of action, `<area>.<verb>`. Append a code here when a new
 * action is audited; the page's filter and texts derive from this list.
 */
export const AUDIT_ACTIONS = [
  // Sign-in
  "auth.signIn",
  "auth.signInFailed",
  "auth.signOut",
  "auth.sessionEnded",
  "auth.passwordChanged",
  "auth.passwordReset",
  "auth.twoFactorEnabled",
  "auth.twoFactorDisabled",
  "auth.twoFactorFailed",
  "auth.recoveryCodeUsed",
  // The team
  "user.created",
  "user.updated",
  "user.deleted",
  "user.profileChanged",
  // The company's configuration
  "setting.changed",
  "connection.created",
  "connection.updated",
  "connection.deleted",
  "queue.created",
  "queue.updated",
  "queue.deleted",
  "integration.created",
  "integration.updated",
  "integration.deleted",
  "prompt.created",
  "prompt.updated",
  "prompt.deleted",
  // Data leaving or being removed
  "data.exported",
  "contact.exported",
  "contact.corrected",
  "contact.erased",
  "contact.consentChanged",
  "ticket.deleted",
  "retention.changed",
  // The platform
  "company.created",
  "company.updated",
  "company.deleted",
  "company.imported",
  "company.exported",
  "plan.created",
  "plan.updated",
  "plan.deleted",
  "support.accessStarted",
  "support.accessEnded",
  "audit.exported",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Who acted: a user of the company, a super admin of the platform (inside a company: only during a support access),
 * the system (automation, cron, retention) or a public-API token.
 */
export const AUDIT_ACTOR_KINDS = ["user", "super", "system", "api"] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** An action that was refused (a wrong password or code) is recorded too, as `failed`. */
export const AUDIT_OUTCOMES = ["ok", "failed"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** A few facts about the action (what changed, a reason): short values, never secrets or message texts. */
export const auditDetail = z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]));
export type AuditDetail = z.infer<typeof auditDetail>;

/** One entry as the audit page and its CSV show it. */
export const auditEntryView = z.object({
  id: z.number(),
  createdAt: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  outcome: z.enum(AUDIT_OUTCOMES),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  detail: auditDetail,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntryView>;

/** The areas of the codes (`user`, `queue`…): a filter may name one as a prefix, `user.`. */
export const AUDIT_AREAS = [...new Set(AUDIT_ACTIONS.map((a) => a.split(".")[0]!))];

/** The platform's own log (D1): what super admins did as the platform. */
export const PLATFORM_AUDIT_ACTIONS = [
  "company.created",
  "company.updated",
  "company.deleted",
  "company.imported",
  "plan.created",
  "plan.updated",
  "plan.deleted",
  "support.accessStarted",
  "support.accessEnded",
  "audit.exported",
] as const satisfies readonly AuditAction[];
export type PlatformAuditAction = (typeof PLATFORM_AUDIT_ACTIONS)[number];

/** How long a company keeps its log (days), the setting `auditRetentionDays`; entries older are removed. */
export const AUDIT_RETENTION_CHOICES = ["30", "90", "180", "365", "730", "1825", "3650"] as const;
export const DEFAULT_AUDIT_RETENTION_DAYS = "365";

/** Every code or area prefix a filter names, or the text that is neither (the field's error). */
function parseActions(text: string, ctx: z.RefinementCtx): string[] {
  const parts = text.split(",").map((p) => p.trim()).filter(Boolean);
  for (const part of parts) {
    const known = (AUDIT_ACTIONS as readonly string[]).includes(part) || (part.endsWith(".") && AUDIT_AREAS.includes(part.slice(0, -1)));
    if (!known) ctx.issues.push({ code: "custom", message: `Unknown action: ${part.slice(0, 60)}`, input: text });
  }
  return parts;
}

const dateBound = z.iso
  .datetime({ offset: true, error: "Must be an ISO date and time" })
  .or(z.iso.date({ error: "Must be an ISO date and time" }))
  .transform((s) => new Date(s));

/**
 * GET /audit (and its export, and the platform's log): newest first, by cursor. `action` is one or several codes or
 * area prefixes, comma separated (`user.,queue.deleted`); `from` inclusive, `to` exclusive. `companyId`: a super
 * admin reading another company's log (during a support access), or the platform's entries about one company.
 */
export const auditQuery = z.object({
  actorId: platformIdText().optional(),
  action: z.string().max(2000, "Too long").optional().transform((text, ctx) => (text ? parseActions(text, ctx) : [])),
  from: dateBound.optional(),
  to: dateBound.optional(),
  companyId: platformIdText().optional(),
  cursor: platformIdText().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export interface AuditPage {
  items: AuditEntryView[];
  cursor: number | null;
}

/** One entry of the platform's log: which company it concerned (its name as it was). */
export const platformAuditEntryView = auditEntryView.extend({ companyId: z.number().nullable(), companyName: z.string().nullable() });
export type PlatformAuditEntryView = z.infer<typeof platformAuditEntryView>;
export interface PlatformAuditPage {
  items: PlatformAuditEntryView[];
  cursor: number | null;
}

/** Support access: how long a super admin may act inside a company (minutes). */
export const SUPPORT_ACCESS_MINUTES = { min: 15, max: 480 } as const;

/** POST /support-accesses. */
export const startSupportAccessInput = z.object({
  companyId: platformId("Must be a company"),
  reason: z.string().trim().min(10, "At least 10 characters").max(500, "At most 500 characters"),
  minutes: z
    .number({ error: "Must be a number of minutes" })
    .int("Must be a number of minutes")
    .min(SUPPORT_ACCESS_MINUTES.min, `At least ${SUPPORT_ACCESS_MINUTES.min} minutes`)
    .max(SUPPORT_ACCESS_MINUTES.max, `At most ${SUPPORT_ACCESS_MINUTES.max} minutes`),
});
export type StartSupportAccessInput = z.infer<typeof startSupportAccessInput>;

/** GET /support-accesses: a super admin's list, of one company when asked. */
export const supportAccessQuery = z.object({ companyId: platformIdText().optional() });

export interface SupportAccessView {
  id: number;
  companyId: number;
  companyName: string | null;
  superUserId: number;
  superName: string;
  reason: string;
  startedAt: string;
  expiresAt: string;
  endedAt: string | null;
  /** Still running: not ended and not past its time. */
  active: boolean;
}

/** GET /audit/export and /audit/platform/export: the same filters, the file in the reader's language and dialect. */
export const auditExportQuery = auditQuery.omit({ cursor: true, limit: true }).extend({
  lang: z.enum(["pt-BR", "en", "es"], { error: "Must be pt-BR, en or es" }).default("pt-BR"),
});
export type AuditExportQuery = z.infer<typeof auditExportQuery>;

/** One entry as recordAudit takes it, for a company's hub asked to write it (a super admin's action from the platform). */
export interface AuditRecordInput {
  action: AuditAction;
  outcome?: AuditOutcome;
  target?: { type: string; id?: number | string | null; label?: string | null };
  detail?: AuditDetail;
  actor?: { kind: AuditActorKind; id?: number | null; name?: string | null };
}
