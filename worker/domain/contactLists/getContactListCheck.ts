import type { Ctx } from "../context";
import { loadCheck, presentCheck } from "./checkView";
import { ownContactList, requireCampaigns } from "./view";

/** GET /contact-lists/:id/whatsapp-check: the list's latest WhatsApp check (null when never run). */
export async function getContactListCheck({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await requireCampaigns(ctx);
  const list = await ownContactList(ctx, input.id);
  const check = await loadCheck(ctx, list.id);
  return { check: check ? presentCheck(check) : null };
}
