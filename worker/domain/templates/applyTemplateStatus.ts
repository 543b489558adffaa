import { and, eq } from "drizzle-orm";
import { whatsappTemplates } from "../../db/tenant";
import type { SystemCtx } from "../context";

/**
 * Meta's review of a template, or a later pause or disabling (the `message_template_status_update` webhook):
 * the connection's copy takes the new status and reason. A template the copy does not know waits for the next sync.
 */
export async function applyTemplateStatus({ ctx, input }: { ctx: SystemCtx; input: { whatsappId: number; metaId: string; status: string; reason: string | null } }) {
  const updated = await ctx.db
    .update(whatsappTemplates)
    .set({ status: input.status, reason: input.reason && input.reason !== "NONE" ? input.reason : null, updatedAt: new Date() })
    .where(and(eq(whatsappTemplates.companyId, ctx.companyId), eq(whatsappTemplates.whatsappId, input.whatsappId), eq(whatsappTemplates.metaId, input.metaId)))
    .returning({ id: whatsappTemplates.id });
  return { updated: updated.length };
}
