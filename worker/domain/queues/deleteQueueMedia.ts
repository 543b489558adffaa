import { and, eq } from "drizzle-orm";
import { queues } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { removeStoredMedia } from "./media";
import { loadQueueView, manageableQueue, publishQueue } from "./view";

/** DELETE /queue/:id/media-upload (admins): removes the greeting's attachment (row first, then the object). */
export async function deleteQueueMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const current = await manageableQueue(ctx, input.id);
  if (!current.mediaPath) throw new AppError("ERR_NO_MEDIA_FOUND");
  await ctx.db
    .update(queues)
    .set({ mediaPath: null, mediaName: null, updatedAt: new Date() })
    .where(and(eq(queues.id, current.id), eq(queues.companyId, ctx.companyId)));
  await removeStoredMedia(ctx, [current.mediaPath]);
  const queue = await loadQueueView(ctx.db, ctx.companyId, current.id);
  if (!queue) throw new AppError("ERR_NO_QUEUE_FOUND");
  await publishQueue(ctx, "update", queue);
  return queue;
}
