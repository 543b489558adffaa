import { and, eq } from "drizzle-orm";
import { queueOptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { queueMediaFile, queueOptionMediaKey, removeStoredMedia } from "./media";
import { findOption, manageableOption, presentQueueOption, publishQueueChanged } from "./view";

/**
 * POST /queue-options/:id/media-upload (admins): the option's attachment, sent with its message; replaces any
 * earlier one. Same order as the queue's: rights, then the body, the object, the row, the old object.
 */
export async function uploadQueueOptionMedia({ ctx, input }: { ctx: Ctx; input: { id: number; readFile: () => Promise<File> } }) {
  const current = await manageableOption(ctx, input.id);
  const file = await input.readFile();
  const { name, type } = queueMediaFile(file);
  const key = queueOptionMediaKey(ctx.companyId, current.queueId, current.id, name);
  await ctx.env.MEDIA.put(key, await file.arrayBuffer(), { httpMetadata: { contentType: type } });
  const row = await ctx.db
    .update(queueOptions)
    .set({ mediaPath: key, mediaName: name, updatedAt: new Date() })
    .where(and(eq(queueOptions.id, current.id), eq(queueOptions.companyId, ctx.companyId)))
    .returning()
    .get();
  if (!row) {
    await removeStoredMedia(ctx, [key]); // deleted meanwhile: do not leave the object behind
    throw new AppError("ERR_NO_QUEUE_OPTION_FOUND");
  }
  if (current.mediaPath !== key) await removeStoredMedia(ctx, [current.mediaPath]);
  const queue = await publishQueueChanged(ctx, row.queueId);
  return (queue && findOption(queue.options, row.id)) ?? presentQueueOption(row);
}
