import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, plans, queues, settings, userQueues, users } from "../../db/tenant";
import { AppError } from "../errors";
import { withCompanyDefaults } from "../settings/catalogue";
import { planView } from "../plans/view";
import type { SessionUser } from "../../contracts/views/session";
import type { Env } from "../../env";
import { twoFactorRequired } from "../twoFactor/required";

export type { SessionUser };

export { planFlagKeys, type PlanFlag } from "../../contracts/views/plan";

/** What the app shell needs about the logged-in user: the answer of login, refresh and GET /api/auth/me. */
export async function loadSessionUser(db: Db, userId: number, companyId: number, env: Pick<Env, "APP_ENV">): Promise<SessionUser> {
  // Not db.batch: batched rows come back keyed by column name, and these joined tables share names (id, name).
  const [rows, queueRows, settingRows] = await Promise.all([
    db
      .select({ user: users, company: companies, plan: plans })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(plans, eq(plans.id, companies.planId))
      .where(and(eq(users.id, userId), eq(users.companyId, companyId))),
    db
      .select({ id: queues.id, name: queues.name, color: queues.color, assignmentMode: queues.assignmentMode })
      .from(userQueues)
      .innerJoin(queues, eq(queues.id, userQueues.queueId))
      .where(and(eq(userQueues.userId, userId), eq(queues.companyId, companyId)))
      .orderBy(asc(queues.name)),
    db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.companyId, companyId)),
  ]);
  const row = rows[0];
  if (!row) throw new AppError("ERR_NO_USER_FOUND");
  const { user, company, plan } = row;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    allTicket: user.allTicket,
    online: user.online,
    whatsappId: user.whatsappId,
    language: user.language,
    maxOpenTickets: user.maxOpenTickets,
    assignmentPaused: user.assignmentPaused,
    inAssigningQueue: queueRows.some((q) => q.assignmentMode !== "off"),
    twoFactor: {
      enabled: user.totpEnabledAt !== null,
      required: twoFactorRequired(user, Object.fromEntries(settingRows.map((r) => [r.key, r.value])), env),
    },
    companyId: user.companyId,
    queues: queueRows.map(({ id, name, color }) => ({ id, name, color })),
    company: {
      id: company.id,
      name: company.name,
      dueDate: company.dueDate,
      status: company.status,
      timezone: company.timezone,
      campaignsEnabled: company.campaignsEnabled,
      settings: withCompanyDefaults(settingRows),
      // Everything in a plan is public (its price and flags); the shell reads the flags and limits.
      plan: plan ? planView(plan) : null,
    },
  };
}
