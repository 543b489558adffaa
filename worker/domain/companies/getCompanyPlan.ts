import { eq } from "drizzle-orm";
import { companies, plans } from "../../db/control";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { planView } from "../plans/view";
import { assertCompanyReachable } from "./access";

/**
 * GET /companies/listPlan/:companyId — the plan (limits and feature flags) the menus are built from.
 * Any user for their own company; a platform admin for any.
 */
export async function getCompanyPlan({ ctx, input }: { ctx: Ctx; input: { companyId: number } }) {
  assertCompanyReachable(ctx, input.companyId);
  const row = await ctx.control
    .select({ companyId: companies.id, plan: plans })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, input.companyId))
    .get();
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND");
  if (!row.plan) throw new AppError("ERR_NO_PLAN_FOUND", "This company has no plan.");
  return planView(row.plan);
}
