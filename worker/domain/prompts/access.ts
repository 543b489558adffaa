import { requirePermission, type Ctx } from "../context";
import { assertPlanFeature } from "../plans/planLimits";

/** Prompts are an admin's, and only where the plan has OpenAI (spec 002: /prompts, flag useOpenAi). */
export async function assertPromptAccess(ctx: Ctx) {
  requirePermission(ctx, "prompts:manage");
  await assertPlanFeature(ctx, "useOpenAi");
}
