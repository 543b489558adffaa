import type { Ctx } from "../context";
import { requireCampaigns } from "../contactLists/view";
import { AppError } from "../errors";
import { loadCampaign, ownCampaign } from "./view";

/** GET /campaigns/:id. */
export async function getCampaign({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await requireCampaigns(ctx);
  const campaign = await loadCampaign(ctx.db, ctx.companyId, input.id);
  if (!campaign) throw new AppError("ERR_NO_CAMPAIGN_FOUND");
  return campaign;
}

/** GET /campaigns/:id/media: the attachment, to the company's admins only. */
export async function getCampaignMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await requireCampaigns(ctx);
  const campaign = await ownCampaign(ctx, input.id);
  if (!campaign.mediaPath) throw new AppError("ERR_NO_MEDIA_FOUND");
  const object = await ctx.env.MEDIA.get(campaign.mediaPath);
  if (!object) throw new AppError("ERR_NO_MEDIA_FOUND");
  const headers: Record<string, string> = {
    "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "content-disposition": `attachment; filename="${(campaign.mediaName ?? "file").replace(/"/g, "")}"`,
    "x-content-type-options": "nosniff",
  };
  return { body: object.body, headers };
}
