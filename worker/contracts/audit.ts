import { z } from "zod";

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
