import type { Ctx } from "../context";
import { requeueUndelivered } from "./dispatchCampaigns";
import { transitionCampaign } from "./transition";

/** POST /campaigns/:id/resume: sends go on at the connection's pace, from the next recipient not sent to. */
export async function resumeCampaign({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const { campaign } = await transitionCampaign(ctx, input.id, ["PAUSADA"], "EM_ANDAMENTO");
  await requeueUndelivered(ctx, input.id);
  return campaign;
}
