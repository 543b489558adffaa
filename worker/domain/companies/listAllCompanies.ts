import { asc, eq } from "drizzle-orm";
import { companies, plans } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { companyWithPlan, viewOfRow } from "./view";

/** Every company, unpaged, by name (selectors of the platform admin). */
export async function listAllCompanies({ ctx }: { ctx: Ctx }) {
  requirePermission(ctx, "companies:manage");
  const rows = await ctx.control
    .select(companyWithPlan)
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .orderBy(asc(companies.name), asc(companies.id));
  return rows.map(viewOfRow);
}
