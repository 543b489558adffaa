import type { Ctx } from "../context";
import { readStoredMedia } from "../shared/servedMedia";
import { visibleQuickMessage } from "./view";

/** GET /quick-messages/:id/media: the attachment's bytes, to whoever may see the quick message. */
export async function getQuickMessageMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const qm = await visibleQuickMessage(ctx, input.id);
  return readStoredMedia(ctx, qm.mediaPath, qm.mediaName);
}
