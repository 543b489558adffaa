import { and, eq } from "drizzle-orm";
import { campaignPaces } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { throttledNextAt } from "./pacing";

/**
 * Meta throttled the connection's number (130429, the Cloud API's throughput limit): its campaigns pause before
 * their next send, longer each time it happens again within the pause (pacing.ts). A connection no campaign has
 * run on has no pace to slow.
 */
export async function campaignThrottled(ctx: Pick<SystemCtx, "db" | "companyId">, whatsappId: number, now = Date.now()) {
  const pace = await ctx.db
    .select({ nextAt: campaignPaces.nextAt })
    .from(campaignPaces)
    .where(and(eq(campaignPaces.companyId, ctx.companyId), eq(campaignPaces.whatsappId, whatsappId)))
    .get();
  if (!pace) return;
  await ctx.db
    .update(campaignPaces)
    .set({ nextAt: new Date(throttledNextAt(pace.nextAt.getTime(), now)), updatedAt: new Date() })
    .where(and(eq(campaignPaces.companyId, ctx.companyId), eq(campaignPaces.whatsappId, whatsappId)))
    .run();
}
