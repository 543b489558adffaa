import { and, eq } from "drizzle-orm";
import { whatsappTemplates } from "../../db/tenant";
import { CloudApiError } from "../../lib/whatsappCloud";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { cloudConnectionOf } from "./cloudConnection";

/** DELETE /api/whatsapp/:id/templates/:templateId (admins): deleted at Meta, then here. One Meta no longer has is simply removed. */
export async function deleteTemplate({ ctx, input }: { ctx: Ctx; input: { whatsappId: number; templateId: number } }) {
  requirePermission(ctx, "connections-page:editOrDeleteConnection");
  const { id, wabaId, client } = await cloudConnectionOf(ctx, input.whatsappId);
  const which = and(eq(whatsappTemplates.companyId, ctx.companyId), eq(whatsappTemplates.whatsappId, id), eq(whatsappTemplates.id, input.templateId));
  const row = await ctx.db.select().from(whatsappTemplates).where(which).get();
  if (!row) throw new AppError("ERR_NOT_FOUND", "Template not found.");
  try {
    await client.deleteTemplate(wabaId, row.name, row.metaId);
  } catch (err) {
    // 100 with a missing template: Meta has it no more, which is what was asked.
    if (!(err instanceof CloudApiError) || err.status !== 404) {
      if (err instanceof CloudApiError) throw new AppError(err.code === 190 ? "ERR_WAPP_TOKEN_EXPIRED" : "ERR_WAPP_TEMPLATE", err.message);
      throw err;
    }
  }
  await ctx.db.delete(whatsappTemplates).where(which);
  return { id: row.id };
}
