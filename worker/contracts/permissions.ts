/**
 * The one rule table for who may do what. The server checks it inside domain verbs (requirePermission)
 * and the UI imports the same table to hide what a user cannot use, so the two never disagree.
 * Spec keys are kept verbatim; the rest follow the same "area:action" shape.
 */
export type Profile = "admin" | "supervisor" | "user";

export interface Actor {
  profile: Profile;
  super: boolean;
}

type Rule = (actor: Actor) => boolean;

const admin: Rule = (a) => a.profile === "admin";
const adminOrSupervisor: Rule = (a) => a.profile === "admin" || a.profile === "supervisor";
const superUser: Rule = (a) => a.super;
const everyone: Rule = () => true;

export const permissionRules = {
  // spec keys
  "user-modal:editProfile": admin,
  "user-modal:editQueues": admin,
  "tickets-manager:showall": adminOrSupervisor,
  "ticket-options:deleteTicket": admin,
  "connections-page:addConnection": admin,
  "connections-page:actionButtons": admin,
  "connections-page:editOrDeleteConnection": admin,
  "contacts-page:deleteContact": admin,
  /** A contact's data as the LGPD asks (issue 28): export everything about them, or erase their personal data. */
  "contacts:privacy": adminOrSupervisor,
  // admin areas
  "drawer-admin-items:view": admin,
  "dashboard:view": admin,
  "users:manage": admin,
  "settings:edit": admin,
  "tickets:closeAll": admin,
  "tickets:spy": admin,
  "tickets:filterByUser": admin,
  "tickets:alwaysSeeClosedAndGroups": admin,
  "tags:kanbanToggle": adminOrSupervisor,
  /** The kanban board's lanes, left to right (issue 13: "a set order an admin can change"). */
  "kanban:orderLanes": admin,
  /** The kanban board's queue filter offers every queue, not only one's own (spec 002: "the user's queues"). */
  "kanban:allQueues": admin,
  "quick-messages:editAny": adminOrSupervisor,
  /** Campaigns, their contact lists and settings (spec 002: the campaign pages are an admin's). */
  "campaigns:manage": admin,
  /** Schedules: everyone schedules and sees the company's; admins and supervisors change anyone's. */
  "schedules:editAny": adminOrSupervisor,
  "quick-messages:geral": admin,
  /** Queues, their option trees, hours and attachments (spec 000: /queues is an admin page). */
  "queues:manage": admin,
  /** File lists (/files): every user sees and downloads them; admins make and change them (ADR 0039). */
  "files:manage": admin,
  /** The AI assistant's prompts (/prompts; their API keys are the company's). */
  "prompts:manage": admin,
  /** Queue integrations (/queue-integration). */
  "queue-integrations:manage": admin,
  /** Company API tokens (/api-tokens, issue 25): a token acts as its maker, an admin. */
  "api-tokens:manage": admin,
  /** Event webhooks: subscriptions, their secrets and delivery log (issue 25). */
  "webhooks:manage": admin,
  /** Automation rules and their run log (/automations, issue 26). */
  "automations:manage": admin,
  /** The company's shared macros (issue 26): admins and supervisors make, change and delete them. */
  "macros:manageShared": adminOrSupervisor,
  /** The company's audit log (/audit, issue 28): its admins read and export it. */
  "audit:view": admin,
  /** The company's whole export (issue 27 §3): its admins, and a super admin for any company. */
  "company:export": (a) => a.profile === "admin" || a.super,
  // platform (super) areas
  "companies:manage": superUser,
  "plans:manage": superUser,
  "helps:manage": superUser,
  "announcements:manage": superUser,
  "settings:global": superUser,
  /** The platform's audit log, and support accesses to a company (issue 28). */
  "audit:platform": superUser,
  // everyone
  "profile:editOwn": everyone,
} satisfies Record<string, Rule>;

export type PermissionKey = keyof typeof permissionRules;

export function can(actor: Actor | null | undefined, key: PermissionKey): boolean {
  return !!actor && permissionRules[key](actor);
}

/** An actor with an id: rules about things a user owns. */
export type OwnerActor = Actor & { id: number };

/**
 * Who may edit or delete a tag. The spec leaves it open; our reading: admins and supervisors (who shape the
 * kanban lanes, tags:kanbanToggle) manage every tag; anyone else only a tag they created, and not once it is
 * a kanban lane (removing a lane changes the board for the whole company).
 */
export function canManageTag(actor: OwnerActor, tag: { userId: number | null; kanban: number }): boolean {
  if (can(actor, "tags:kanbanToggle")) return true;
  return tag.userId === actor.id && tag.kanban === 0;
}

/** Who sees a quick message: the general ones, one's own, and all of them with quick-messages:editAny. */
export function canSeeQuickMessage(actor: OwnerActor, qm: { userId: number | null; geral: boolean }): boolean {
  return qm.geral || qm.userId === actor.id || can(actor, "quick-messages:editAny");
}

/** Who edits or deletes one (spec 002): admins and supervisors any; anyone else only their own non-general ones. */
export function canEditQuickMessage(actor: OwnerActor, qm: { userId: number | null; geral: boolean }): boolean {
  return can(actor, "quick-messages:editAny") || (qm.userId === actor.id && !qm.geral);
}

/** Who may edit, delete or retry a schedule: its author, and anyone with schedules:editAny. */
export function canEditSchedule(actor: OwnerActor, schedule: { userId: number | null }): boolean {
  return schedule.userId === actor.id || can(actor, "schedules:editAny");
}

/** Who sees and runs a macro: the company's, and one's own personal ones (never a colleague's, whatever the profile). */
export function canSeeMacro(actor: OwnerActor, macro: { visibility: "company" | "personal"; ownerId: number | null }): boolean {
  return macro.visibility === "company" || macro.ownerId === actor.id;
}

/** Who changes or deletes one: a shared macro, macros:manageShared; a personal one, its owner. */
export function canEditMacro(actor: OwnerActor, macro: { visibility: "company" | "personal"; ownerId: number | null }): boolean {
  return macro.visibility === "company" ? can(actor, "macros:manageShared") : macro.ownerId === actor.id;
}
