import type { Ctx } from "../context";
import { ownItem, presentItem, requireCampaigns } from "./view";

/** GET /contact-list-items/:id. */
export async function getContactListItem({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await requireCampaigns(ctx);
  return presentItem(await ownItem(ctx, input.id));
}
