import { eq } from "drizzle-orm";
import { helps } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";

/** DELETE /helps/:id (super users). */
export async function deleteHelp({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  requirePermission(ctx, "helps:manage");
  const gone = await ctx.control.delete(helps).where(eq(helps.id, input.id)).returning({ id: helps.id });
  if (gone.length === 0) throw new AppError("ERR_NO_HELP_FOUND");
}
