import { and, eq } from "drizzle-orm";
import { allowedMediaTypes } from "../../contracts/messages";
import { campaigns } from "../../db/tenant";
import type { Ctx } from "../context";
import { requireCampaigns } from "../contactLists/view";
import { AppError } from "../errors";
import { queueMediaFile, removeStoredMedia } from "../queues/media";
import { checkCampaignTemplate } from "./campaignTemplate";
import { assertOneAttachment } from "./checks";
import { isEditable, loadCampaign, ownCampaign, publishCampaign } from "./view";

const campaignMediaKey = (companyId: number, id: number, fileName: string) => `companies/${companyId}/campaigns/${id}/${fileName}`;

async function editableCampaign(ctx: Ctx, id: number) {
  await requireCampaigns(ctx);
  const current = await ownCampaign(ctx, id);
  if (!isEditable(current) && current.status !== "CANCELADA") throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
  return current;
}

/**
 * POST /campaigns/:id/media-upload: the campaign's one attachment (sent with the message as its caption), replacing
 * any earlier one, while the campaign may be edited. The object is written first and the row after. A file list
 * (fileListId) is the other kind of attachment: a campaign has one or the other (ADR 0037).
 */
export async function uploadCampaignMedia({ ctx, input }: { ctx: Ctx; input: { id: number; readFile: () => Promise<File> } }) {
  const current = await editableCampaign(ctx, input.id);
  assertOneAttachment({ ...current, mediaPath: "new" });
  await checkCampaignTemplate(ctx, { ...current, mediaPath: "new" }, false);
  const file = await input.readFile();
  const { name, type } = queueMediaFile(file);
  const key = campaignMediaKey(ctx.companyId, current.id, name);
  await ctx.env.MEDIA.put(key, await file.arrayBuffer(), { httpMetadata: { contentType: type } });
  await ctx.db
    .update(campaigns)
    .set({ mediaPath: key, mediaName: name, mediaType: allowedMediaTypes[type] ?? "application", updatedAt: new Date() })
    .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, current.id)));
  if (current.mediaPath && current.mediaPath !== key) await removeStoredMedia(ctx, [current.mediaPath]);
  await publishCampaign(ctx, "update", current.id);
  return (await loadCampaign(ctx.db, ctx.companyId, current.id))!;
}

/** DELETE /campaigns/:id/media-upload: the message goes without a file (row first, then the object). */
export async function deleteCampaignMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const current = await editableCampaign(ctx, input.id);
  if (!current.mediaPath) throw new AppError("ERR_NO_MEDIA_FOUND");
  await ctx.db
    .update(campaigns)
    .set({ mediaPath: null, mediaName: null, mediaType: null, updatedAt: new Date() })
    .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, current.id)));
  await removeStoredMedia(ctx, [current.mediaPath]);
  await publishCampaign(ctx, "update", current.id);
  return (await loadCampaign(ctx.db, ctx.companyId, current.id))!;
}
