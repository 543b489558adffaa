import { requirePermission, type Ctx } from "../context";
import { assertPlanFeature } from "../plans/planLimits";

/** Integrations are an admin's, and only where the plan has them (spec 002: /queue-integration, flag useIntegrations). */
export async function assertIntegrationAccess(ctx: Ctx) {
  requirePermission(ctx, "queue-integrations:manage");
  await assertPlanFeature(ctx, "useIntegrations");
}
