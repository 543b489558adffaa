import { and, eq } from "drizzle-orm";
import { whatsappTemplates } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { presentTemplate } from "./presentTemplate";

/**
 * Meta's review of a template, or a later pause or disabling (the `message_template_status_update` webhook):
 * the connection's copy takes the new status and reason, and the admins (the templates page) are told. A template
 * the copy does not know waits for the next sync.
 */
export async function applyTemplateStatus({ ctx, input }: { ctx: SystemCtx; input: { whatsappId: number; metaId: string; status: string; reason: string | null } }) {
  const updated = await ctx.db
    .update(whatsappTemplates)
    .set({ status: input.status, reason: input.reason && input.reason !== "NONE" ? input.reason : null, updatedAt: new Date() })
    .where(and(eq(whatsappTemplates.companyId, ctx.companyId), eq(whatsappTemplates.whatsappId, input.whatsappId), eq(whatsappTemplates.metaId, input.metaId)))
    .returning();
  if (updated.length > 0) {
    await ctx.hub.publish(updated.map((row) => ({ audience: { kind: "admins" as const }, event: { type: "whatsappTemplate" as const, action: "update" as const, template: presentTemplate(row) } })));
  }
  return { updated: updated.length };
}
