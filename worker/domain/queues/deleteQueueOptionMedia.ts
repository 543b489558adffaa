import { and, eq } from "drizzle-orm";
import { queueOptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { removeStoredMedia } from "./media";
import { findOption, manageableOption, presentQueueOption, publishQueueChanged } from "./view";

/** DELETE /queue-options/:id/media-upload (admins): removes the option's attachment (row first, then the object). */
export async function deleteQueueOptionMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const current = await manageableOption(ctx, input.id);
  if (!current.mediaPath) throw new AppError("ERR_NO_MEDIA_FOUND");
  const row = await ctx.db
    .update(queueOptions)
    .set({ mediaPath: null, mediaName: null, updatedAt: new Date() })
    .where(and(eq(queueOptions.id, current.id), eq(queueOptions.companyId, ctx.companyId)))
    .returning()
    .get();
  if (!row) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND");
  await removeStoredMedia(ctx, [current.mediaPath]);
  const queue = await publishQueueChanged(ctx, row.queueId);
  return (queue && findOption(queue.options, row.id)) ?? presentQueueOption(row);
}
