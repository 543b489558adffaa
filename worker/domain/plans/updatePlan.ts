import { and, eq, ne } from "drizzle-orm";
import type { PlanUpdate } from "../../contracts/plans";
import { plans } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { planChanged } from "../companies/companyChanged";
import { planView } from "./view";
import { platformAuditInsertWhere } from "../audit/recordPlatformAudit";

/** Changes a plan; the hubs of the companies on it refresh their copy, so their next request has the new limits. */
export async function updatePlan({ ctx, input }: { ctx: Ctx; input: { id: number; patch: PlanUpdate } }) {
  requirePermission(ctx, "plans:manage");
  const { id, patch } = input;
  const current = await ctx.control.select({ id: plans.id }).from(plans).where(eq(plans.id, id)).get();
  if (!current) throw new AppError("ERR_NO_PLAN_FOUND");
  if (patch.name !== undefined) {
    const taken = await ctx.control
      .select({ id: plans.id })
      .from(plans)
      .where(and(eq(plans.name, patch.name), ne(plans.id, id)))
      .get();
    if (taken) throw new AppError("ERR_PLAN_NAME_IN_USE");
  }
  try {
    const [rows] = await ctx.control.batch([
      ctx.control
        .update(plans)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(plans.id, id))
        .returning(),
      platformAuditInsertWhere(ctx, { action: "plan.updated", target: { type: "plan", id, label: patch.name ?? null }, detail: { fields: Object.keys(patch).join(",").slice(0, 500) } }, plans, eq(plans.id, id)),
    ]);
    const updated = rows[0];
    if (!updated) throw new AppError("ERR_NO_PLAN_FOUND");
    await planChanged(ctx, id);
    return planView(updated);
  } catch (err) {
    if (isUniqueViolation(err, "plans.name")) throw new AppError("ERR_PLAN_NAME_IN_USE");
    throw err;
  }
}
