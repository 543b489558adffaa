import { and, eq } from "drizzle-orm";
import { queueOptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { readStoredMedia } from "../shared/servedMedia";

/** GET /queue-options/:id/media: the option attachment's bytes, to anyone of the company. */
export async function getQueueOptionMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const option = await ctx.db
    .select({ mediaPath: queueOptions.mediaPath, mediaName: queueOptions.mediaName })
    .from(queueOptions)
    .where(and(eq(queueOptions.id, input.id), eq(queueOptions.companyId, ctx.companyId)))
    .get();
  if (!option) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND");
  return readStoredMedia(ctx, option.mediaPath, option.mediaName);
}
