import { eq } from "drizzle-orm";
import { plans } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { planView } from "./view";

export async function getPlan({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  requirePermission(ctx, "plans:manage");
  const plan = await ctx.control.select().from(plans).where(eq(plans.id, input.id)).get();
  if (!plan) throw new AppError("ERR_NO_PLAN_FOUND");
  return planView(plan);
}
