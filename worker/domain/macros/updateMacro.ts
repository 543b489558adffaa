import { and, eq } from "drizzle-orm";
import type { UpdateMacroInput } from "../../contracts/automation/macros";
import { macros } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { can } from "../permissions";
import { assertMacroReferences } from "./macroReferences";
import { editableMacro, presentMacro } from "./view";

/**
 * PUT /api/macros/:id: who may change it (canEditMacro) changes any field. The body is read only after that check,
 * so a refusal comes before any validation: first whether it asks to make the macro the company's (which takes
 * macros:manageShared), then the patch itself. Making a shared one personal gives it to whoever does it.
 */
export async function updateMacro({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: number; body: { asksToShare: () => Promise<boolean>; patch: () => Promise<UpdateMacroInput> } };
}) {
  const current = await editableMacro(ctx, input.id);
  if (current.visibility !== "company" && (await input.body.asksToShare()) && !can(ctx.user, "macros:manageShared")) {
    throw new AppError("ERR_NO_PERMISSION");
  }
  const patch = await input.body.patch();
  if (patch.actions) await assertMacroReferences(ctx, patch.actions);
  const visibility = patch.visibility ?? current.visibility;
  const row = await ctx.db
    .update(macros)
    .set({
      name: patch.name ?? current.name,
      visibility,
      ownerId: visibility === "personal" ? (current.ownerId ?? ctx.user.id) : null,
      actions: patch.actions ?? current.actions,
      updatedAt: new Date(),
    })
    .where(and(eq(macros.id, current.id), eq(macros.companyId, ctx.companyId)))
    .returning()
    .get();
  if (!row) throw new AppError("ERR_NO_MACRO_FOUND");
  return presentMacro(ctx, row);
}
