import { and, eq, inArray } from "drizzle-orm";
import { campaigns, type CampaignStatus } from "../../db/tenant";
import type { Ctx } from "../context";
import { requireCampaigns } from "../contactLists/view";
import { AppError } from "../errors";
import { loadCampaign, ownCampaign, publishCampaign } from "./view";

/**
 * Moves a campaign from one of `from` to `to` in one conditional write (a campaign the alarm moved meanwhile is
 * refused, 409), runs `alsoWrite` in the same transaction, re-arms the alarm and tells the admins.
 */
export async function transitionCampaign(
  ctx: Ctx,
  id: number,
  from: CampaignStatus[],
  to: CampaignStatus,
  alsoWrite?: (campaign: Awaited<ReturnType<typeof ownCampaign>>) => void,
) {
  await requireCampaigns(ctx);
  const current = await ownCampaign(ctx, id);
  if (!from.includes(current.status)) throw new AppError("ERR_CAMPAIGN_WRONG_STATUS");
  const now = new Date();
  ctx.db.transaction(() => {
    const moved = ctx.db
      .update(campaigns)
      .set({ status: to, updatedAt: now, ...(to === "EM_ANDAMENTO" ? { startedAt: current.startedAt ?? now, completedAt: null } : {}) })
      .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, id), inArray(campaigns.status, from)))
      .returning({ id: campaigns.id })
      .all();
    if (moved.length === 0) throw new AppError("ERR_CAMPAIGN_WRONG_STATUS");
    alsoWrite?.(current);
  });
  await ctx.hub.workChanged();
  await publishCampaign(ctx, "update", id);
  return { current, campaign: (await loadCampaign(ctx.db, ctx.companyId, id))! };
}
