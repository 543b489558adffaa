import type { Ctx } from "../context";
import { transitionCampaign } from "./transition";

/** POST /campaigns/:id/pause: no further sends until resumed (a send already with the delivery queue still goes). */
export async function pauseCampaign({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  return (await transitionCampaign(ctx, input.id, ["EM_ANDAMENTO"], "PAUSADA")).campaign;
}
