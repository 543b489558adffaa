import { and, eq } from "drizzle-orm";
import { campaignShipping } from "../../db/tenant";
import type { Ctx } from "../context";
import { writeShippings } from "./audience";
import { assertRunnable } from "./checks";
import { publishCampaignProgress } from "./counts";
import { requeueUndelivered } from "./dispatchCampaigns";
import { transitionCampaign } from "./transition";
import { ownCampaign } from "./view";

/**
 * POST /campaigns/:id/restart (spec 002: cancelled to running; also a finished one): runs again over its audience.
 * Each recipient keeps its shipping row, so whoever was sent to (or is being sent to) is skipped; recipients added
 * to the list since are added; failed sends are tried again (not numbers WhatsApp does not know, nor opt-outs).
 */
export async function restartCampaign({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  assertRunnable(await ownCampaign(ctx, input.id));
  const { campaign } = await transitionCampaign(ctx, input.id, ["CANCELADA", "FINALIZADA"], "EM_ANDAMENTO", (current) => {
    writeShippings(ctx.db, current, new Date());
    ctx.db
      .update(campaignShipping)
      .set({ status: "queued", error: null, messageId: null, updatedAt: new Date() })
      .where(and(eq(campaignShipping.campaignId, current.id), eq(campaignShipping.status, "failed")))
      .run();
  });
  await requeueUndelivered(ctx, input.id);
  await publishCampaignProgress(ctx, input.id);
  return campaign;
}
