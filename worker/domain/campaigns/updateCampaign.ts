import { and, eq } from "drizzle-orm";
import type { UpdateCampaignInput } from "../../contracts/campaigns";
import { campaigns } from "../../db/tenant";
import type { Ctx } from "../context";
import { requireCampaigns } from "../contactLists/view";
import { AppError } from "../errors";
import { checkCampaignTemplate } from "./campaignTemplate";
import { assertOneAttachment, assertRunnable, assertScheduleTime, checkCampaignTargets } from "./checks";
import { isEditable, loadCampaign, ownCampaign, publishCampaign } from "./view";

/**
 * PUT /campaigns/:id: while editable (spec 002: INATIVA, PROGRAMADA more than an hour away, or CANCELADA). A time
 * makes an INATIVA campaign PROGRAMADA (it must then be complete); none makes a PROGRAMADA one INATIVA again.
 */
export async function updateCampaign({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateCampaignInput } }) {
  await requireCampaigns(ctx);
  const current = await ownCampaign(ctx, input.id);
  if (!isEditable(current) && current.status !== "CANCELADA") throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
  const { patch } = input;
  assertScheduleTime(patch.scheduledAt);
  await checkCampaignTargets(ctx, patch);
  const changes: Partial<typeof campaigns.$inferInsert> = {};
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  if (patch.contactListId) changes.tagListId = null;
  else if (patch.tagListId) changes.contactListId = null;
  const next = { ...current, ...changes } as typeof current;
  assertOneAttachment(next);
  if (current.status === "INATIVA" || current.status === "PROGRAMADA") {
    changes.status = next.scheduledAt ? "PROGRAMADA" : "INATIVA";
  }
  await checkCampaignTemplate(ctx, next, changes.status === "PROGRAMADA");
  if (changes.status === "PROGRAMADA") assertRunnable({ ...next, status: "PROGRAMADA" });
  const updated = await ctx.db
    .update(campaigns)
    .set({ ...changes, updatedAt: new Date() })
    // Started meanwhile (the alarm took it between the check and this write): refused, not changed under it.
    .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, current.id), eq(campaigns.status, current.status)))
    .returning({ id: campaigns.id });
  if (!updated[0]) throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
  await ctx.hub.workChanged();
  await publishCampaign(ctx, "update", current.id);
  return (await loadCampaign(ctx.db, ctx.companyId, current.id))!;
}
