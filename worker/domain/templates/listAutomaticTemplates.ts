import { and, asc, eq } from "drizzle-orm";
import type { AutomaticTemplateView } from "../../contracts/automaticTemplates";
import { automaticTemplates, whatsapps, whatsappTemplates } from "../../db/tenant";
import { requirePermission, type AnyCtx, type Ctx } from "../context";
import { AppError } from "../errors";

/** A connection of the company (404 otherwise), with its channel. */
export async function connectionOf(ctx: Pick<AnyCtx, "db" | "companyId">, whatsappId: number) {
  const row = await ctx.db
    .select({ id: whatsapps.id, channel: whatsapps.channel })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, whatsappId)))
    .get();
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
  return row;
}

/** Templates, and what uses them, belong to Cloud API connections. */
export function assertCloudChannel(connection: { channel: string }) {
  if (connection.channel !== "cloud") throw new AppError("ERR_WAPP_NOT_SUPPORTED", "Templates belong to Cloud API connections.");
}

/** GET /api/whatsapp/:id/automatic-templates (admins: a connection's settings): which template each of the product's own messages becomes once the window has closed. */
export async function listAutomaticTemplates({ ctx, input }: { ctx: Ctx; input: { whatsappId: number } }): Promise<AutomaticTemplateView[]> {
  requirePermission(ctx, "connections-page:editOrDeleteConnection");
  const connection = await connectionOf(ctx, input.whatsappId);
  assertCloudChannel(connection);
  const id = connection.id;
  return ctx.db
    .select({ purpose: automaticTemplates.purpose, templateId: automaticTemplates.templateId, templateName: whatsappTemplates.name, params: automaticTemplates.params })
    .from(automaticTemplates)
    .innerJoin(whatsappTemplates, eq(whatsappTemplates.id, automaticTemplates.templateId))
    .where(and(eq(automaticTemplates.companyId, ctx.companyId), eq(automaticTemplates.whatsappId, id)))
    .orderBy(asc(automaticTemplates.id));
}
