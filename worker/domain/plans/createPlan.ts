import { eq } from "drizzle-orm";
import type { PlanInput } from "../../contracts/plans";
import { plans } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { planView } from "./view";

export async function createPlan({ ctx, input }: { ctx: Ctx; input: PlanInput }) {
  requirePermission(ctx, "plans:manage");
  const taken = await ctx.control.select({ id: plans.id }).from(plans).where(eq(plans.name, input.name)).get();
  if (taken) throw new AppError("ERR_PLAN_NAME_IN_USE");
  try {
    return planView(await ctx.control.insert(plans).values(input).returning().get());
  } catch (err) {
    if (isUniqueViolation(err, "plans.name")) throw new AppError("ERR_PLAN_NAME_IN_USE");
    throw err;
  }
}
