import { eq } from "drizzle-orm";
import type { HelpUpdate } from "../../contracts/helps";
import { helps } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { helpView } from "./view";

/** PUT /helps/:id (super users). */
export async function updateHelp({ ctx, input }: { ctx: Ctx; input: { id: number; patch: HelpUpdate } }) {
  requirePermission(ctx, "helps:manage");
  const row = await ctx.control
    .update(helps)
    .set({ ...input.patch, updatedAt: new Date() })
    .where(eq(helps.id, input.id))
    .returning()
    .get();
  if (!row) throw new AppError("ERR_NO_HELP_FOUND");
  return helpView(row);
}
