import type { Ctx } from "../context";
import { transitionCampaign } from "./transition";

/** POST /campaigns/:id/cancel: stops it; recipients not yet sent to stay queued for a restart. */
export async function cancelCampaign({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  return (await transitionCampaign(ctx, input.id, ["PROGRAMADA", "EM_ANDAMENTO", "PAUSADA"], "CANCELADA")).campaign;
}
