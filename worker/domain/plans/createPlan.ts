import { eq, sql } from "drizzle-orm";
import type { PlanInput } from "../../contracts/plans";
import { platformAuditLog, plans } from "../../db/control";
import { platformAuditValues } from "../audit/recordPlatformAudit";
import { requirePermission, type Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { planView } from "./view";

export async function createPlan({ ctx, input }: { ctx: Ctx; input: PlanInput }) {
  requirePermission(ctx, "plans:manage");
  const taken = await ctx.control.select({ id: plans.id }).from(plans).where(eq(plans.name, input.name)).get();
  if (taken) throw new AppError("ERR_PLAN_NAME_IN_USE");
  try {
    // The plan and the platform's entry in one batch; the entry finds the plan's id by its (unique) name.
    const [inserted] = await ctx.control.batch([
      ctx.control.insert(plans).values(input).returning(),
      ctx.control.insert(platformAuditLog).values({
        ...platformAuditValues(ctx, { action: "plan.created", target: { type: "plan", label: input.name } }),
        targetId: sql`(select cast(id as text) from plans where name = ${input.name})`,
      }),
    ]);
    return planView(inserted[0]!);
  } catch (err) {
    if (isUniqueViolation(err, "plans.name")) throw new AppError("ERR_PLAN_NAME_IN_USE");
    throw err;
  }
}
