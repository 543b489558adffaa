import { and, eq } from "drizzle-orm";
import { macros } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertSendableFiles } from "../messages/uploadedMedia";
import { mediaFileName } from "../quickMessages/media";
import { macroMediaKey } from "./media";
import { editableMacro, presentMacro } from "./view";

/**
 * POST /api/macros/:id/media: the file the macro sends with its first message, replacing any earlier one. Read only
 * after the edit rights are checked, and refused unless it could be sent in a chat (type and size). The object is
 * written first and the row after; a replaced object is removed once the row points at the new one.
 */
export async function uploadMacroMedia({ ctx, input }: { ctx: Ctx; input: { id: number; readFile: () => Promise<File> } }) {
  const current = await editableMacro(ctx, input.id);
  const file = await input.readFile();
  assertSendableFiles([file]);
  const mediaName = mediaFileName(file.name);
  const key = macroMediaKey(ctx.companyId, current.id, mediaName);
  await ctx.env.MEDIA.put(key, await file.arrayBuffer(), { httpMetadata: { contentType: file.type.split(";")[0]!.trim().toLowerCase() } });
  const row = await ctx.db
    .update(macros)
    .set({ mediaPath: key, mediaName, updatedAt: new Date() })
    .where(and(eq(macros.id, current.id), eq(macros.companyId, ctx.companyId)))
    .returning()
    .get();
  if (!row) {
    await ctx.env.MEDIA.delete(key);
    throw new AppError("ERR_NO_MACRO_FOUND");
  }
  if (current.mediaPath && current.mediaPath !== key) await ctx.env.MEDIA.delete(current.mediaPath);
  return presentMacro(ctx, row);
}
