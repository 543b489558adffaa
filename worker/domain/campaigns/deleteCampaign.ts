import { and, eq, ne } from "drizzle-orm";
import { campaigns } from "../../db/tenant";
import type { Ctx } from "../context";
import { requireCampaigns } from "../contactLists/view";
import { AppError } from "../errors";
import { removeStoredMedia } from "../queues/media";
import { ownCampaign, publishCampaignDeleted } from "./view";

/** DELETE /campaigns/:id: with its recipients and attachment; a running campaign must be paused or cancelled first. */
export async function deleteCampaign({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await requireCampaigns(ctx);
  const current = await ownCampaign(ctx, input.id);
  const deleted = await ctx.db
    .delete(campaigns)
    .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, current.id), ne(campaigns.status, "EM_ANDAMENTO")))
    .returning({ id: campaigns.id });
  if (!deleted[0]) throw new AppError("ERR_CAMPAIGN_WRONG_STATUS");
  await removeStoredMedia(ctx, [current.mediaPath]);
  await ctx.hub.workChanged();
  await publishCampaignDeleted(ctx, current.id);
}
