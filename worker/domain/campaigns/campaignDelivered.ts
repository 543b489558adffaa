import { and, eq, inArray, isNull } from "drizzle-orm";
import { campaignShipping } from "../../db/tenant";
import type { SystemCtx } from "../context";
import type { ErrorCode } from "../errors";
import { publishCampaignProgress } from "./counts";
import { finishIfDone } from "./dispatchCampaigns";

/**
 * Delivery's word on a campaign message (deliverOutbound, markDeliveryFailed): a confirmation that went marks the
 * recipient "confirmation requested"; the campaign's message that went makes it delivered; one that will not go is
 * failed with its reason, or invalid when the number is not on WhatsApp. Never counted as delivered on failure.
 */
export async function campaignDelivered(ctx: SystemCtx, messageId: number, outcome: { sent: true } | { sent: false; code: ErrorCode }) {
  const shipping = await ctx.db
    .select({ id: campaignShipping.id, campaignId: campaignShipping.campaignId, status: campaignShipping.status })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.companyId, ctx.companyId), eq(campaignShipping.messageId, messageId)))
    .get();
  if (!shipping) return;
  const now = new Date();
  const mine = and(eq(campaignShipping.companyId, ctx.companyId), eq(campaignShipping.id, shipping.id));
  if (outcome.sent) {
    if (shipping.status === "confirming") {
      await ctx.db.update(campaignShipping).set({ confirmationRequestedAt: now, updatedAt: now }).where(and(mine, isNull(campaignShipping.confirmationRequestedAt)));
    } else {
      // Also a failed one an agent sent again from the chat.
      await ctx.db
        .update(campaignShipping)
        .set({ status: "delivered", deliveredAt: now, error: null, updatedAt: now })
        .where(and(mine, inArray(campaignShipping.status, ["sending", "failed"])));
    }
  } else {
    await ctx.db
      .update(campaignShipping)
      .set({ status: outcome.code === "ERR_WAPP_INVALID_CONTACT" ? "invalid" : "failed", error: outcome.code, deliveredAt: null, updatedAt: now })
      // Also one taken as sent: the Cloud API reports a refusal by webhook after it answered the send.
      .where(and(mine, inArray(campaignShipping.status, ["sending", "confirming", "delivered"])));
  }
  await publishCampaignProgress(ctx, shipping.campaignId);
  await finishIfDone(ctx, shipping.campaignId);
}

/**
 * A campaign message whose send is tried again later (Meta's marketing cap, 131049, reported by webhook after the
 * send was taken): its recipient is "sending" again, with the reason, which the report shows as a retry scheduled;
 * the campaign waits for it.
 */
export async function campaignRetryScheduled(ctx: SystemCtx, messageId: number, code: ErrorCode) {
  const updated = await ctx.db
    .update(campaignShipping)
    .set({ status: "sending", error: code, deliveredAt: null, updatedAt: new Date() })
    .where(and(eq(campaignShipping.companyId, ctx.companyId), eq(campaignShipping.messageId, messageId), inArray(campaignShipping.status, ["sending", "delivered"])))
    .returning({ campaignId: campaignShipping.campaignId });
  if (updated[0]) await publishCampaignProgress(ctx, updated[0].campaignId);
}
