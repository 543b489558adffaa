import { and, eq } from "drizzle-orm";
import type { TestCampaignInput } from "../../contracts/campaigns";
import { contacts } from "../../db/tenant";
import type { Ctx } from "../context";
import { requireCampaigns } from "../contactLists/view";
import { AppError, fieldError } from "../errors";
import { fileListMessages } from "../fileLists/sendFileList";
import { campaignTemplateMessage } from "./campaignTemplate";
import { typingMsFor } from "./pacing";
import { readCampaignSettings } from "./settings";
import { campaignText, storeCampaignMessage, variantsOf } from "./storeCampaignMessage";
import { ownCampaign } from "./view";

/**
 * POST /campaigns/:id/test: the campaign as one recipient would get it (its confirmation first in confirmation
 * mode, then its first message with the attachment), to one number, from its connection, before it starts. Not a
 * recipient: it is neither counted nor paced.
 */
export async function testCampaign({ ctx, input }: { ctx: Ctx; input: { id: number; body: TestCampaignInput } }) {
  await requireCampaigns(ctx);
  const campaign = await ownCampaign(ctx, input.id);
  if (!campaign.whatsappId) throw fieldError({ whatsappId: "Required" });
  if (!campaign.template && variantsOf(campaign, "message").length === 0 && !campaign.mediaPath && !campaign.fileListId) throw fieldError({ message1: "Write at least one message" });
  return ctx.hub.command("sendCampaignTest", { campaignId: campaign.id, number: input.body.number });
}

/** The test send itself, a ticket write: it runs in the hub's command queue (hubCommands). */
export async function sendCampaignTest({ ctx, input }: { ctx: Ctx; input: { campaignId: number; number: string } }) {
  const campaign = await ownCampaign(ctx, input.campaignId);
  if (!campaign.whatsappId) throw new AppError("ERR_NO_WAPP_FOUND");
  const settings = await readCampaignSettings(ctx.db, ctx.companyId);
  const known = await ctx.db
    .select({ name: contacts.name, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.number, input.number)))
    .get();
  const to = { number: input.number, name: known?.name ?? input.number, email: known?.email ?? "", variables: {} };
  const first = () => 0;
  const sent: number[] = [];
  const kinds: ("confirmation" | "message")[] = campaign.confirmation && variantsOf(campaign, "confirmation").length ? ["confirmation", "message"] : ["message"];
  for (const kind of kinds) {
    const template = campaign.template ? await campaignTemplateMessage(ctx, campaign.template, to) : undefined;
    const body = template?.body ?? campaignText(campaign, kind, to, settings.variables, first);
    const before = kind === "message" && campaign.fileListId ? await fileListMessages(ctx, campaign.fileListId) : [];
    const stored = await storeCampaignMessage(ctx, { campaign, connectionId: campaign.whatsappId, to, body, withMedia: kind === "message", typingMs: typingMsFor(body, settings), before, template: template?.data });
    sent.push(stored.messageId);
  }
  return { sent: sent.length, messageIds: sent };
}
