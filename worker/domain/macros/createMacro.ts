import type { CreateMacroInput } from "../../contracts/automation/macros";
import { macros } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { can } from "../permissions";
import { assertMacroReferences } from "./macroReferences";
import { presentMacro } from "./view";

/**
 * POST /api/macros: anyone makes a personal macro; a company one takes macros:manageShared. `sharing` is what the
 * body asks for, read apart from its validation, so that a refusal to share comes first (403 whatever the body).
 */
export async function createMacro({ ctx, input, sharing }: { ctx: Ctx; input: CreateMacroInput; sharing: boolean }) {
  if (sharing && !can(ctx.user, "macros:manageShared")) throw new AppError("ERR_NO_PERMISSION");
  await assertMacroReferences(ctx, input.actions);
  const row = await ctx.db
    .insert(macros)
    .values({
      companyId: ctx.companyId,
      name: input.name,
      visibility: input.visibility,
      ownerId: input.visibility === "personal" ? ctx.user.id : null,
      actions: input.actions,
      createdBy: ctx.user.id,
    })
    .returning()
    .get();
  return presentMacro(ctx, row);
}
