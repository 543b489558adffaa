import { count, eq } from "drizzle-orm";
import { companies, plans, queues, users, whatsapps } from "../../db/schema";
import type { PlanUsage } from "../../contracts/plans";
import type { PlanFlag } from "../auth/sessionUser";
import type { Ctx } from "../context";
import { AppError } from "../errors";

export type PlanLimit = "users" | "connections" | "queues";

const counted = { users, connections: whatsapps, queues } as const;

/** How many users, connections and queues the acting company has (what a plan's limits are compared with). */
export async function companyUsage(ctx: Pick<Ctx, "db" | "companyId">): Promise<PlanUsage> {
  const [u, c, q] = await Promise.all(
    (["users", "connections", "queues"] as const).map((resource) => {
      const table = counted[resource];
      return ctx.db.select({ n: count() }).from(table).where(eq(table.companyId, ctx.companyId)).get();
    }),
  );
  return { users: u?.n ?? 0, connections: c?.n ?? 0, queues: q?.n ?? 0 };
}

/**
 * The acting company's plan. A company without a plan is not restricted: the API requires a plan for every
 * company it creates and refuses to delete a plan in use, so only the seeded platform company can lack one.
 */
async function companyPlan(ctx: Pick<Ctx, "db" | "companyId">) {
  const row = await ctx.db
    .select({ plan: plans })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, ctx.companyId))
    .get();
  return row?.plan ?? null;
}

/** Refuses with 403 ERR_PLAN_FEATURE_DISABLED when the company's plan lacks the feature. */
export async function assertPlanFeature(ctx: Pick<Ctx, "db" | "companyId">, flag: PlanFlag): Promise<void> {
  const plan = await companyPlan(ctx);
  if (plan && !plan[flag]) throw new AppError("ERR_PLAN_FEATURE_DISABLED", undefined, { feature: flag });
}

/**
 * Refuses with 403 ERR_PLAN_LIMIT_REACHED ({ limit, resource }) when the company already has as many users,
 * connections or queues as its plan allows. Call it before creating one.
 */
export async function assertUnderPlanLimit(ctx: Pick<Ctx, "db" | "companyId">, resource: PlanLimit): Promise<void> {
  const plan = await companyPlan(ctx);
  if (!plan) return;
  const table = counted[resource];
  const row = await ctx.db.select({ n: count() }).from(table).where(eq(table.companyId, ctx.companyId)).get();
  const limit = plan[resource];
  if ((row?.n ?? 0) >= limit) {
    throw new AppError("ERR_PLAN_LIMIT_REACHED", `Your plan allows at most ${limit} ${resource}.`, { limit, resource });
  }
}
