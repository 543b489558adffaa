import { and, count, eq, notExists } from "drizzle-orm";
import { companies, plans } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { platformAuditInsertWhere } from "../audit/recordPlatformAudit";

/** Deletes a plan no company uses; a plan in use answers 409 ERR_PLAN_IN_USE with how many companies use it. */
export async function deletePlan({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  requirePermission(ctx, "plans:manage");
  // The check and the delete are one statement, so a company put on the plan meanwhile still blocks it; the platform's
  // entry is written by the same condition just before, in one batch: it exists exactly when the plan goes.
  const unused = and(eq(plans.id, input.id), notExists(ctx.control.select({ id: companies.id }).from(companies).where(eq(companies.planId, input.id))));
  const [, deleted] = await ctx.control.batch([
    platformAuditInsertWhere(ctx, { action: "plan.deleted", target: { type: "plan", id: input.id } }, plans, unused),
    ctx.control.delete(plans).where(unused).returning({ id: plans.id }),
  ]);
  if (deleted.length > 0) return;
  const [plan, used] = await Promise.all([
    ctx.control.select({ id: plans.id }).from(plans).where(eq(plans.id, input.id)).get(),
    ctx.control.select({ n: count() }).from(companies).where(eq(companies.planId, input.id)).get(),
  ]);
  if (!plan) throw new AppError("ERR_NO_PLAN_FOUND");
  throw new AppError("ERR_PLAN_IN_USE", undefined, { companies: used?.n ?? 0 });
}
