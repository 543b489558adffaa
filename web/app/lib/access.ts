import type { PlanFlag } from "../../../worker/contracts/views/plan";
import type { SessionUser } from "../../../worker/contracts/views/session";
import { can } from "../../../worker/contracts/permissions";

/**
 * Which pages a user may open: profile rules come from the one rule table (worker/contracts/permissions),
 * feature switches from the company's plan. The menu hides what this denies; loaders refuse it.
 */
export type AccessRule = (user: SessionUser) => boolean;

export function planAllows(user: SessionUser, flag: PlanFlag): boolean {
  return user.company.plan?.[flag] === true;
}

const everyone: AccessRule = () => true;
const admin: AccessRule = (u) => can(u, "drawer-admin-items:view");
const adminWithPlan =
  (flag: PlanFlag): AccessRule =>
  (u) =>
    admin(u) && planAllows(u, flag);

export const pageAccess = {
  tickets: everyone,
  "quick-messages": everyone,
  macros: everyone,
  kanban: (u) => planAllows(u, "useKanban"),
  todolist: everyone,
  contacts: everyone,
  schedules: (u) => planAllows(u, "useSchedules"),
  tags: everyone,
  chats: (u) => planAllows(u, "useInternalChat"),
  helps: everyone,
  dashboard: (u) => can(u, "dashboard:view"),
  reports: (u) => can(u, "dashboard:view"),
  campaigns: (u) => admin(u) && planAllows(u, "useCampaigns") && u.company.campaignsEnabled,
  announcements: (u) => can(u, "announcements:manage"),
  prompts: adminWithPlan("useOpenAi"),
  "queue-integration": adminWithPlan("useIntegrations"),
  connections: admin,
  files: admin,
  queues: (u) => can(u, "queues:manage"),
  users: (u) => can(u, "users:manage"),
  financeiro: admin,
  settings: (u) => can(u, "settings:edit"),
  "messages-api": adminWithPlan("useExternalApi"),
  "api-tokens": (u) => can(u, "api-tokens:manage"),
  webhooks: (u) => can(u, "webhooks:manage"),
  automations: (u) => can(u, "automations:manage"),
  /** The company's audit log (issue 28): admins; super admins also see the platform's there. */
  audit: (u) => can(u, "audit:view"),
  subscription: admin,
  /** The user's own two-factor sign-in and sign-in history (issue 28). */
  security: everyone,
} satisfies Record<string, AccessRule>;

export type PageId = keyof typeof pageAccess;

export function canOpen(user: SessionUser, page: PageId): boolean {
  return pageAccess[page](user);
}

/** The page a private path belongs to (route table of spec 002), or null for an unknown path. */
export function pageOfPath(pathname: string): PageId | null {
  const parts = pathname.split("/").filter(Boolean);
  const [first, second, third, fourth] = parts;
  if (!first) return "dashboard";
  if ((first === "tickets" || first === "chats") && parts.length <= 2) return first;
  if (first === "contact-lists" && (parts.length === 1 || (parts.length === 3 && third === "contacts"))) {
    return "campaigns";
  }
  if (first === "campaign" && second && third === "report" && !fourth) return "campaigns";
  if (first === "connections" && second && third === "templates" && !fourth) return "connections";
  if (first === "campaigns-config" && parts.length === 1) return "campaigns";
  if (first === "webhooks" && parts.length === 2) return "webhooks";
  if (first === "automations" && parts.length === 2) return "automations";
  if (parts.length === 1 && first in pageAccess && first !== "dashboard") return first as PageId;
  return null;
}
