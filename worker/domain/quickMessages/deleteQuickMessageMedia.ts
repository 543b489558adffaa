import { and, eq } from "drizzle-orm";
import { quickMessages } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { editableQuickMessage, presentQuickMessage, publishQuickMessage } from "./view";

/** DELETE /quick-messages/:id/media-upload: removes the attachment (row first, then the object). */
export async function deleteQuickMessageMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const current = await editableQuickMessage(ctx, input.id);
  if (!current.mediaPath) throw new AppError("ERR_NO_MEDIA_FOUND");
  const qm = await ctx.db
    .update(quickMessages)
    .set({ mediaPath: null, mediaName: null, updatedAt: new Date() })
    .where(and(eq(quickMessages.id, current.id), eq(quickMessages.companyId, ctx.companyId)))
    .returning()
    .get();
  if (!qm) throw new AppError("ERR_NO_QUICK_MESSAGE_FOUND");
  await ctx.env.MEDIA.delete(current.mediaPath);
  await publishQuickMessage(ctx, "update", qm);
  return presentQuickMessage(qm);
}
