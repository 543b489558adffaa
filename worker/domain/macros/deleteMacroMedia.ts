import { and, eq } from "drizzle-orm";
import { macros } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { editableMacro, presentMacro } from "./view";

/** DELETE /api/macros/:id/media: removes the file (row first, then the object). */
export async function deleteMacroMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const current = await editableMacro(ctx, input.id);
  if (!current.mediaPath) throw new AppError("ERR_NO_MEDIA_FOUND");
  const row = await ctx.db
    .update(macros)
    .set({ mediaPath: null, mediaName: null, updatedAt: new Date() })
    .where(and(eq(macros.id, current.id), eq(macros.companyId, ctx.companyId)))
    .returning()
    .get();
  if (!row) throw new AppError("ERR_NO_MACRO_FOUND");
  await ctx.env.MEDIA.delete(current.mediaPath);
  return presentMacro(ctx, row);
}
