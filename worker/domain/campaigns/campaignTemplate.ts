import { and, eq } from "drizzle-orm";
import type { CampaignTemplate, TemplateParamSource } from "../../contracts/campaigns";
import { contactCustomFields, contacts, whatsappTemplates, whatsapps, type Campaign, type CampaignShipping } from "../../db/tenant";
import type { AnyCtx } from "../context";
import { AppError, fieldError } from "../errors";
import { presentTemplate, renderTemplate } from "../templates/presentTemplate";
import type { TemplateSend } from "../templates/sendTemplate";
import { variantsOf } from "./storeCampaignMessage";

type Recipient = Pick<CampaignShipping, "number" | "name" | "email" | "variables">;

/**
 * A campaign on a Cloud API connection reaches people outside their 24-hour window, so it goes only as an approved
 * template of that connection (issue 24 §3): no written messages, no attachment or file list (our templates carry
 * text headers only), and no confirmation step (it would need a quick-reply template of its own). A template on a
 * WhatsApp Web connection is refused too. `runnable`: the campaign is about to be programmed, so it needs one.
 */
export async function checkCampaignTemplate(ctx: Pick<AnyCtx, "db" | "companyId">, c: Campaign, runnable: boolean) {
  if (!c.whatsappId) {
    if (c.template) throw fieldError({ whatsappId: "Choose the Cloud API connection the template belongs to" });
    return;
  }
  const connection = await ctx.db
    .select({ channel: whatsapps.channel })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, c.whatsappId)))
    .get();
  if (connection?.channel !== "cloud") {
    if (c.template) throw fieldError({ template: "Only a Cloud API connection sends templates" });
    return;
  }
  if (variantsOf(c, "message").length > 0) throw fieldError({ message1: "A Cloud API connection sends an approved template, not written messages" });
  if (c.confirmation) throw fieldError({ confirmation: "Confirmation is not available on a Cloud API connection" });
  if (c.mediaPath || c.fileListId) throw fieldError({ fileListId: "A Cloud API campaign sends its template without attachments" });
  if (!c.template) {
    if (runnable) throw new AppError("ERR_CAMPAIGN_INCOMPLETE", undefined, { fields: { "template.templateId": "Choose an approved template" } });
    return;
  }
  const row = await ctx.db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.companyId, ctx.companyId), eq(whatsappTemplates.id, c.template.templateId)))
    .get();
  if (!row) throw new AppError("ERR_NOT_FOUND", "Template not found.");
  if (row.whatsappId !== c.whatsappId) throw fieldError({ "template.templateId": "Not a template of this connection" });
  if (row.status !== "APPROVED") throw fieldError({ "template.templateId": "Only an approved template can be sent" });
  const { variables } = presentTemplate(row);
  if (c.template.params.length !== variables) throw fieldError({ "template.params": `This template takes ${variables} values` });
}

/**
 * The campaign's template as `to` gets it: each variable from its source, an empty one as the campaign's fallback
 * (Meta refuses an empty value); the text a person reads, for the history, and what its delivery sends.
 */
export async function campaignTemplateMessage(ctx: Pick<AnyCtx, "db" | "companyId">, plan: CampaignTemplate, to: Recipient): Promise<{ body: string; data: TemplateSend }> {
  const row = await ctx.db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.companyId, ctx.companyId), eq(whatsappTemplates.id, plan.templateId)))
    .get();
  if (!row || row.status !== "APPROVED") throw new AppError("ERR_WAPP_TEMPLATE", "The campaign's template is no longer approved.");
  const extra = plan.params.some((p) => p.source === "extra") ? await customFieldsOf(ctx, to.number) : {};
  const params = plan.params.map((source) => valueFor(source, to, extra).trim() || plan.fallback);
  return { body: renderTemplate(presentTemplate(row), params), data: { template: { name: row.name, language: row.language, params } } };
}

function valueFor(source: TemplateParamSource, to: Recipient, extra: Record<string, string>): string {
  switch (source.source) {
    case "contact":
      return to[source.field] ?? "";
    case "extra":
      return extra[source.name.toLowerCase()] ?? "";
    case "list": {
      const key = source.key.toLowerCase();
      return Object.entries(to.variables ?? {}).find(([k]) => k.toLowerCase() === key)?.[1] ?? "";
    }
    case "text":
      return source.value;
  }
}

/** The custom fields of the company's contact with this number, by lower-cased name. */
async function customFieldsOf(ctx: Pick<AnyCtx, "db" | "companyId">, number: string): Promise<Record<string, string>> {
  const rows = await ctx.db
    .select({ name: contactCustomFields.name, value: contactCustomFields.value })
    .from(contactCustomFields)
    .innerJoin(contacts, eq(contacts.id, contactCustomFields.contactId))
    .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.number, number), eq(contacts.isGroup, false)))
    .all();
  return Object.fromEntries(rows.map((r) => [r.name.toLowerCase(), r.value]));
}
