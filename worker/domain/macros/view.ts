import { and, eq } from "drizzle-orm";
import type { MacroView } from "../../contracts/views/macro";
import { macros, type MacroRow } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { canEditMacro, canSeeMacro } from "../permissions";

export const macroMediaUrl = (id: number) => `/api/macros/${id}/media`;

/** The macro as its viewer sees it. */
export function presentMacro(ctx: Ctx, row: MacroRow): MacroView {
  return {
    id: row.id,
    name: row.name,
    visibility: row.visibility,
    ownerId: row.ownerId,
    actions: row.actions,
    mediaName: row.mediaName,
    mediaPath: row.mediaPath ? macroMediaUrl(row.id) : null,
    editable: canEditMacro(ctx.user, row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A macro the user may see and run (another company's, or a colleague's personal one, is not found). */
export async function visibleMacro(ctx: Ctx, id: number): Promise<MacroRow> {
  const row = await ctx.db.select().from(macros).where(and(eq(macros.id, id), eq(macros.companyId, ctx.companyId))).get();
  if (!row || !canSeeMacro(ctx.user, row)) throw new AppError("ERR_NO_MACRO_FOUND");
  return row;
}

/** …and may change (403 when they may only see and run it). */
export async function editableMacro(ctx: Ctx, id: number): Promise<MacroRow> {
  const row = await visibleMacro(ctx, id);
  if (!canEditMacro(ctx.user, row)) throw new AppError("ERR_NO_PERMISSION");
  return row;
}
