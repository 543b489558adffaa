import { and, asc, eq } from "drizzle-orm";
import { whatsappTemplates } from "../../db/tenant";
import type { Ctx } from "../context";
import { cloudConnectionOf } from "./cloudConnection";
import { presentTemplate } from "./presentTemplate";

/** GET /api/whatsapp/:id/templates: a Cloud API connection's templates as last synced (everyone: agents choose one to send). */
export async function listTemplates({ ctx, input }: { ctx: Ctx; input: { whatsappId: number } }) {
  const { id } = await cloudConnectionOf(ctx, input.whatsappId);
  const rows = await ctx.db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.companyId, ctx.companyId), eq(whatsappTemplates.whatsappId, id)))
    .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));
  return rows.map(presentTemplate);
}
