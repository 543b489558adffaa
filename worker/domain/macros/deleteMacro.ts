import { and, eq } from "drizzle-orm";
import { macros } from "../../db/tenant";
import type { Ctx } from "../context";
import { editableMacro } from "./view";

/** DELETE /api/macros/:id: the macro (see canEditMacro), then its file. */
export async function deleteMacro({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const row = await editableMacro(ctx, input.id);
  await ctx.db.delete(macros).where(and(eq(macros.id, row.id), eq(macros.companyId, ctx.companyId)));
  if (row.mediaPath) await ctx.env.MEDIA.delete(row.mediaPath);
}
