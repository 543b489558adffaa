import { and, eq } from "drizzle-orm";
import { queues } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { queueMediaFile, queueMediaKey, removeStoredMedia } from "./media";
import { loadQueueView, manageableQueue, publishQueue } from "./view";

/**
 * POST /queue/:id/media-upload (admins): the greeting's attachment, replacing any earlier one. The body is read
 * only after the rights are checked. The object is written first and the row after, so a failed write leaves no
 * row pointing at nothing; a replaced object is removed once the row points at the new one.
 */
export async function uploadQueueMedia({ ctx, input }: { ctx: Ctx; input: { id: number; readFile: () => Promise<File> } }) {
  const current = await manageableQueue(ctx, input.id);
  const file = await input.readFile();
  const { name, type } = queueMediaFile(file);
  const key = queueMediaKey(ctx.companyId, current.id, name);
  await ctx.env.MEDIA.put(key, await file.arrayBuffer(), { httpMetadata: { contentType: type } });
  const updated = await ctx.db
    .update(queues)
    .set({ mediaPath: key, mediaName: name, updatedAt: new Date() })
    .where(and(eq(queues.id, current.id), eq(queues.companyId, ctx.companyId)))
    .returning({ id: queues.id });
  if (updated.length === 0) {
    await removeStoredMedia(ctx, [key]); // deleted meanwhile: do not leave the object behind
    throw new AppError("ERR_NO_QUEUE_FOUND");
  }
  if (current.mediaPath !== key) await removeStoredMedia(ctx, [current.mediaPath]);
  const queue = (await loadQueueView(ctx.db, ctx.companyId, current.id))!;
  await publishQueue(ctx, "update", queue);
  return queue;
}
