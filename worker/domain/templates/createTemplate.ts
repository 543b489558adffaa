import type { CreateTemplateInput } from "../../contracts/whatsappTemplates";
import { whatsappTemplates } from "../../db/tenant";
import { CloudApiError } from "../../lib/whatsappCloud";
import { requirePermission, type Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { errorOfCloudCode } from "../cloud/cloudEvents";
import { cloudConnectionOf } from "./cloudConnection";
import { presentTemplate } from "./presentTemplate";

/** Meta's components of a template from the form's parts. */
export function componentsOf(input: CreateTemplateInput): unknown[] {
  return [
    ...(input.header ? [{ type: "HEADER", format: "TEXT", text: input.header }] : []),
    ...(input.headerMedia ? [{ type: "HEADER", format: input.headerMedia.format, example: { header_handle: [input.headerMedia.handle] } }] : []),
    { type: "BODY", text: input.body, ...(input.examples.length > 0 ? { example: { body_text: [input.examples] } } : {}) },
    ...(input.footer ? [{ type: "FOOTER", text: input.footer }] : []),
    ...(input.buttons.length > 0 ? [{ type: "BUTTONS", buttons: input.buttons }] : []),
  ];
}

/**
 * POST /api/whatsapp/:id/templates (admins): submitted to Meta for review, kept with the status Meta answered
 * (usually PENDING); the review's outcome arrives by webhook. Meta's refusal (a name taken, a rule of its own) is
 * ERR_WAPP_TEMPLATE with Meta's words, and nothing is kept.
 */
export async function createTemplate({ ctx, input }: { ctx: Ctx; input: { whatsappId: number; template: CreateTemplateInput } }) {
  requirePermission(ctx, "connections-page:editOrDeleteConnection");
  const { id, wabaId, client } = await cloudConnectionOf(ctx, input.whatsappId);
  const { name, language, category } = input.template;
  const components = componentsOf(input.template);
  let created;
  try {
    created = await client.createTemplate(wabaId, { name, language, category, components });
  } catch (err) {
    if (!(err instanceof CloudApiError)) throw err;
    const code = errorOfCloudCode(err.code);
    throw new AppError(code === "ERR_SENDING_WAPP_MSG" ? "ERR_WAPP_TEMPLATE" : code, err.details ?? err.message);
  }
  const now = new Date();
  try {
    const row = await ctx.db
      .insert(whatsappTemplates)
      .values({ companyId: ctx.companyId, whatsappId: id, metaId: created.id, name, language, category: created.category ?? category, status: created.status ?? "PENDING", components, createdAt: now, updatedAt: now })
      .returning()
      .get();
    return presentTemplate(row);
  } catch (err) {
    if (isUniqueViolation(err, "whatsapp_templates")) throw new AppError("ERR_WAPP_TEMPLATE", "A template with this name and language exists; sync the list.");
    throw err;
  }
}
