import { and, eq } from "drizzle-orm";
import { quickMessages } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { mediaFileName, quickMessageMediaKey } from "./media";
import { presentQuickMessage, publishQuickMessage, editableQuickMessage } from "./view";

/**
 * POST /quick-messages/:id/media-upload: attaches a file (up to 16 MB, checked by the route before reading),
 * replacing any earlier attachment. The body is read only after the edit rights are checked. The object is written first and the row after, so a failed write leaves
 * no row pointing at nothing; a replaced object is removed once the row points at the new one.
 */
export async function uploadQuickMessageMedia({ ctx, input }: { ctx: Ctx; input: { id: number; readFile: () => Promise<File> } }) {
  const current = await editableQuickMessage(ctx, input.id);
  const file = await input.readFile();
  const mediaName = mediaFileName(file.name);
  const key = quickMessageMediaKey(ctx.companyId, current.id, mediaName);
  await ctx.env.MEDIA.put(key, await file.arrayBuffer(), {
    httpMetadata: { contentType: file.type || "application/octet-stream" },
  });
  const qm = await ctx.db
    .update(quickMessages)
    .set({ mediaPath: key, mediaName, updatedAt: new Date() })
    .where(and(eq(quickMessages.id, current.id), eq(quickMessages.companyId, ctx.companyId)))
    .returning()
    .get();
  if (!qm) {
    // Deleted meanwhile: do not leave the object behind.
    await ctx.env.MEDIA.delete(key);
    throw new AppError("ERR_NO_QUICK_MESSAGE_FOUND");
  }
  if (current.mediaPath && current.mediaPath !== key) await ctx.env.MEDIA.delete(current.mediaPath);
  await publishQuickMessage(ctx, "update", qm);
  return presentQuickMessage(qm);
}
