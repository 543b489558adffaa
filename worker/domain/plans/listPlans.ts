import { asc } from "drizzle-orm";
import { plans } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { planView } from "./view";

/** Every plan, internal ones included (Planos tab). Platform admins only. */
export async function listPlans({ ctx }: { ctx: Ctx }) {
  requirePermission(ctx, "plans:manage");
  const rows = await ctx.control.select().from(plans).orderBy(asc(plans.name));
  return rows.map(planView);
}
