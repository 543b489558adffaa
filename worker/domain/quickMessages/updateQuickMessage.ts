import { and, eq } from "drizzle-orm";
import type { UpdateQuickMessageInput } from "../../contracts/quickMessages";
import { quickMessages, type NewQuickMessage } from "../../db/tenant";
import { can } from "../permissions";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { editableQuickMessage, presentQuickMessage, publishQuickMessage } from "./view";

/** Edits a quick message (see canEditQuickMessage); the general flag changes only for admins. */
export async function updateQuickMessage({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateQuickMessageInput } }) {
  const { id, patch } = input;
  await editableQuickMessage(ctx, id);
  const changes: Partial<NewQuickMessage> = {};
  if (patch.shortcode !== undefined) changes.shortcode = patch.shortcode;
  if (patch.message !== undefined) changes.message = patch.message;
  if (patch.status !== undefined) changes.status = patch.status;
  if (patch.geral !== undefined && can(ctx.user, "quick-messages:geral")) changes.geral = patch.geral;
  const qm = await ctx.db
    .update(quickMessages)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(quickMessages.id, id), eq(quickMessages.companyId, ctx.companyId)))
    .returning()
    .get();
  if (!qm) throw new AppError("ERR_NO_QUICK_MESSAGE_FOUND");
  await publishQuickMessage(ctx, "update", qm);
  return presentQuickMessage(qm);
}
