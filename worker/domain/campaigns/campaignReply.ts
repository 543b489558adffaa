import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { campaignShipping, campaigns } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { publishCampaignProgress } from "./counts";
import { finishIfDone } from "./dispatchCampaigns";
import { campaignSetting } from "./settings";
import { writeConsent } from "../consent/writeConsent";
import { publishContact } from "../contacts/events";
import { loadContactView } from "../contacts/view";

/** Lower case, no accents, no surrounding punctuation: "Sair!" and "SAIR" both say sair. */
export function normalisedWord(text: string) {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "");
}

/** A contact's message read as a reply to a campaign: the recipient it answers, and whether it is an opt-out. */
export type CampaignReply = {
  shipping: { id: number; campaignId: number; status: string; repliedAt: Date | null };
  optOut: boolean;
  word: string;
};

/**
 * Whether a contact's message on a connection answers a campaign sent to that number from that connection (a read
 * only: the inbound rules decide where the message lands and what follows from it), and whether it is one of the
 * company's opt-out words. Null when it answers no campaign.
 */
export async function campaignReplyOf(ctx: SystemCtx, input: { connectionId: number; number: string; body: string }): Promise<CampaignReply | null> {
  const shipping = await ctx.db
    .select({ id: campaignShipping.id, campaignId: campaignShipping.campaignId, status: campaignShipping.status, repliedAt: campaignShipping.repliedAt })
    .from(campaignShipping)
    .innerJoin(campaigns, eq(campaigns.id, campaignShipping.campaignId))
    .where(
      and(
        eq(campaignShipping.companyId, ctx.companyId),
        eq(campaignShipping.number, input.number),
        eq(campaigns.whatsappId, input.connectionId),
        inArray(campaignShipping.status, ["confirming", "sending", "delivered"]),
      ),
    )
    .orderBy(desc(campaignShipping.updatedAt), desc(campaignShipping.id))
    .get();
  if (!shipping) return null;
  const words = await campaignSetting(ctx.db, ctx.companyId, "optOutWords");
  const word = normalisedWord(input.body);
  const optOut = word.length > 0 && words.some((w) => normalisedWord(w) === word);
  return { shipping, optOut, word };
}

/**
 * A reply to a campaign (campaignReplyOf), recorded: the recipient is marked replied; a reply to a confirmation
 * confirms it (the campaign's message follows at the connection's pace); an opt-out word revokes the contact's
 * marketing consent (how "stopWord": later campaigns and marketing schedules skip it; an unconfirmed recipient is
 * skipped). Only the campaign's own recipient, on the
 * campaign's own connection, can confirm it.
 */
export async function recordCampaignReply(ctx: SystemCtx, contact: { id: number }, reply: CampaignReply) {
  const { shipping, optOut, word } = reply;
  const now = new Date();
  const mine = and(eq(campaignShipping.companyId, ctx.companyId), eq(campaignShipping.id, shipping.id));
  let revoked = false;
  if (optOut) {
    revoked = ctx.db.transaction(() => {
      const wrote = writeConsent(ctx.db, ctx.companyId, contact.id, { state: "revoked", how: "stopWord", userId: null, detail: `${word} (campaign ${shipping.campaignId})`, at: now });
      ctx.db
        .update(campaignShipping)
        .set({ optedOutAt: now, repliedAt: shipping.repliedAt ?? now, ...(shipping.status === "confirming" ? { status: "skipped" as const, error: "ERR_CAMPAIGN_OPTED_OUT" } : {}), updatedAt: now })
        .where(mine)
        .run();
      return wrote;
    });
  } else if (shipping.status === "confirming") {
    await ctx.db
      .update(campaignShipping)
      .set({ status: "confirmed", confirmedAt: now, repliedAt: shipping.repliedAt ?? now, updatedAt: now })
      .where(and(mine, eq(campaignShipping.status, "confirming")));
    // The message follows at the connection's pace: the alarm is re-armed for it.
    await ctx.hub.workChanged();
  } else if (shipping.repliedAt === null) {
    await ctx.db.update(campaignShipping).set({ repliedAt: now }).where(and(mine, isNull(campaignShipping.repliedAt)));
  } else {
    return;
  }
  await publishCampaignProgress(ctx, shipping.campaignId);
  if (revoked) {
    const view = await loadContactView(ctx.db, ctx.companyId, contact.id);
    if (view) await publishContact(ctx, "update", view);
  }
  if (optOut) await finishIfDone(ctx, shipping.campaignId);
}
