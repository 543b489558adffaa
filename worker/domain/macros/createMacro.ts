import type { CreateMacroInput } from "../../contracts/automation/macros";
import { macros } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { can } from "../permissions";
import { assertMacroReferences } from "./macroReferences";
import { presentMacro } from "./view";

/** POST /api/macros: anyone makes a personal macro; a company one takes macros:manageShared. */
export async function createMacro({ ctx, input }: { ctx: Ctx; input: CreateMacroInput }) {
  if (input.visibility === "company" && !can(ctx.user, "macros:manageShared")) throw new AppError("ERR_NO_PERMISSION");
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
