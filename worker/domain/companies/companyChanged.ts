import { eq } from "drizzle-orm";
import { companies } from "../../db/control";
import type { Ctx } from "../context";

/**
 * The control database changed a company (its row or its plan): its hub reads its copy again (ADR 0016). For the
 * caller's own company, ctx.hubs answers with the hub running this code. The write has landed, so a failed
 * refresh is logged, not thrown; the copy is read again on the hub's next wake-up or change.
 */
export async function companyChanged(ctx: Pick<Ctx, "hubs">, companyId: number): Promise<void> {
  try {
    await ctx.hubs.of(companyId).companyChanged();
  } catch (err) {
    console.error("company copy refresh failed", { companyId, err: String(err) });
  }
}

/** A plan changed: every company on it (companies_plan_id_idx) refreshes its copy, a few hubs at a time. */
export async function planChanged(ctx: Pick<Ctx, "hubs" | "control">, planId: number): Promise<void> {
  const onPlan = await ctx.control.select({ id: companies.id }).from(companies).where(eq(companies.planId, planId));
  for (let i = 0; i < onPlan.length; i += 20) {
    await Promise.all(onPlan.slice(i, i + 20).map((c) => companyChanged(ctx, c.id)));
  }
}
