import { and, eq } from "drizzle-orm";
import { quickMessages } from "../../db/tenant";
import type { Ctx } from "../context";
import { editableQuickMessage, publishQuickMessageDeleted } from "./view";

/** Deletes a quick message (see canEditQuickMessage) and its attachment. */
export async function deleteQuickMessage({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const qm = await editableQuickMessage(ctx, input.id);
  await ctx.db.delete(quickMessages).where(and(eq(quickMessages.id, qm.id), eq(quickMessages.companyId, ctx.companyId)));
  if (qm.mediaPath) await ctx.env.MEDIA.delete(qm.mediaPath);
  await publishQuickMessageDeleted(ctx, qm.id);
}
