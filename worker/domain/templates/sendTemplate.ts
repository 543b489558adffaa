import { and, eq } from "drizzle-orm";
import type { SendTemplateInput } from "../../contracts/whatsappTemplates";
import { whatsappTemplates } from "../../db/tenant";
import type { AnyCtx, Ctx } from "../context";
import { AppError, fieldError } from "../errors";
import { storeOutboundMessage } from "../messages/storeOutboundMessage";
import { ticketForMessaging } from "../messages/ticketForMessaging";
import { presentTemplate, renderTemplate } from "./presentTemplate";

/** What a template message keeps of what was sent, for its delivery (data_json). */
export type TemplateSend = { template: { name: string; language: string; params: string[] } };

/**
 * POST /api/messages/:ticketId/template: an agent sends an approved template of the ticket's own Cloud API
 * connection, with its variables' values, whether or not the customer's window is open (a template is how a closed
 * one is reopened). The chat shows the text as the customer reads it.
 */
export async function sendTemplate({ ctx, input }: { ctx: Ctx; input: SendTemplateInput & { ticketId: number } }) {
  const ticket = await ticketForMessaging(ctx, input.ticketId);
  return [await sendTemplateOn(ctx, ticket, input)];
}

/** The template message said on a ticket of its connection, by an agent (above) or an automation rule (the system). */
export async function sendTemplateOn(ctx: AnyCtx, ticket: { id: number; whatsappId: number | null }, input: SendTemplateInput) {
  const row = await ctx.db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.companyId, ctx.companyId), eq(whatsappTemplates.id, input.templateId)))
    .get();
  if (!row || row.whatsappId !== ticket.whatsappId) throw fieldError({ templateId: "Not a template of this ticket's connection" });
  if (row.status !== "APPROVED") throw new AppError("ERR_WAPP_TEMPLATE", "Only an approved template can be sent.");
  const view = presentTemplate(row);
  if (input.params.length !== view.variables) throw fieldError({ params: `This template takes ${view.variables} values` });
  const data: TemplateSend = { template: { name: row.name, language: row.language, params: input.params } };
  const { message } = await storeOutboundMessage(ctx, ticket.id, { body: renderTemplate(view, input.params), mediaType: "template", data });
  return message;
}
