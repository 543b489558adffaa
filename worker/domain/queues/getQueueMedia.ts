import type { Ctx } from "../context";
import { AppError } from "../errors";
import { readStoredMedia } from "../shared/servedMedia";
import { loadQueue } from "./view";

/** GET /queue/:id/media: the greeting attachment's bytes, to anyone of the company. */
export async function getQueueMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const queue = await loadQueue(ctx.db, ctx.companyId, input.id);
  if (!queue) throw new AppError("ERR_NO_QUEUE_FOUND");
  return readStoredMedia(ctx, queue.mediaPath, queue.mediaName);
}
