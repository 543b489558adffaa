import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, plans, queues, users, whatsapps } from "../../db/tenant";
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
 * connections or queues as its plan allows. Synchronous on purpose: it is called inside the hub's transaction that
 * inserts the new row (`withinPlanLimit`), so no other request can count between this count and that insert; an
 * await between them is what let 20 concurrent requests make 21 users on a plan of 3.
 */
export function assertUnderPlanLimit(db: Db, companyId: number, resource: PlanLimit): void {
  const row = db
    .select({ plan: plans })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId))
    .get();
  const plan = row?.plan ?? null;
  if (!plan) return;
  const table = counted[resource];
  const n = db.select({ n: count() }).from(table).where(eq(table.companyId, companyId)).get()?.n ?? 0;
  const limit = plan[resource];
  if (n >= limit) throw new AppError("ERR_PLAN_LIMIT_REACHED", `Your plan allows at most ${limit} ${resource}.`, { limit, resource });
}

/**
 * The one way a row counted by a plan limit is created: `insert` runs in one synchronous transaction of the hub's
 * SQLite right after the limit is counted (it must not await, and runs its statements with `.get()`/`.run()`/
 * `.all()`; a throw rolls everything back). Every plan limit,
 * today's and any a later issue adds, goes through here.
 */
export function withinPlanLimit<T>(ctx: Pick<Ctx, "db" | "companyId">, resource: PlanLimit, insert: () => T): T {
  // The hub's statements run synchronously, so those `insert` makes through ctx.db are inside this transaction.
  return ctx.db.transaction(() => {
    assertUnderPlanLimit(ctx.db, ctx.companyId, resource);
    return insert();
  });
}
