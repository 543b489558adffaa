import type { Ctx } from "../context";
import { ownContactList, requireCampaigns } from "./view";

/** GET /contact-lists/:id. */
export async function getContactList({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await requireCampaigns(ctx);
  return ownContactList(ctx, input.id);
}
