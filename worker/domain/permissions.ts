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
  "quick-messages:editAny": adminOrSupervisor,
  "quick-messages:geral": admin,
  // platform (super) areas
  "companies:manage": superUser,
  "plans:manage": superUser,
  "helps:manage": superUser,
  "announcements:manage": superUser,
  "settings:global": superUser,
  // everyone
  "profile:editOwn": everyone,
} satisfies Record<string, Rule>;

export type PermissionKey = keyof typeof permissionRules;

export function can(actor: Actor | null | undefined, key: PermissionKey): boolean {
  return !!actor && permissionRules[key](actor);
}
