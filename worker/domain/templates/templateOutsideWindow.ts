import { and, eq } from "drizzle-orm";
import type { AutomaticPurpose, TemplateParamSource } from "../../contracts/automaticTemplates";
import { windowOpen } from "../../contracts/customerWindow";
import { automaticTemplates, companies, messages, schedules, users, whatsappTemplates } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { AppError } from "../errors";
import { publishMessageUpdate } from "../messages/publishMessageUpdate";
import { presentTemplate, renderTemplate } from "./presentTemplate";
import type { TemplateSend } from "./sendTemplate";

/** What the delivery knows of a stored message on a Cloud API ticket. */
export interface AutomaticDelivery {
  id: number;
  body: string;
  mediaType: string;
  dataJson: string | null;
  sentByBot: boolean;
  userId: number | null;
  whatsappId: number;
  ticketId: number;
  ticketUserId: number | null;
  customerWroteAt: Date | null;
  contactName: string;
  number: string;
}

/** The chatbot's kinds (worker/domain/chatbot/botState.ts) that have a purpose an admin can give a template. */
const PURPOSE_OF_BOT_KIND: Record<string, AutomaticPurpose> = {
  greeting: "greeting",
  queueGreeting: "greeting",
  outOfHours: "outOfHours",
  rating: "rating",
  ratingRepeat: "rating",
  completion: "completion",
  expired: "autoClose",
};

/**
 * The product's own message on a Cloud API ticket whose 24-hour window has closed (ADR 0050): Meta takes only a
 * template then, so the message becomes the template its purpose has on the connection (the stored message is
 * rewritten to what goes, and the chat shows it); without one, it is not sent and shows why
 * (ERR_WAPP_WINDOW_CLOSED). Open windows, agents' messages and templates pass unchanged (an agent's free text on a
 * closed window is refused before it is stored). Answers the row to send.
 */
export async function templateOutsideWindow<Row extends AutomaticDelivery>(ctx: SystemCtx, row: Row): Promise<Row> {
  if (row.mediaType === "template" || row.mediaType === "reactionMessage" || windowOpen("cloud", row.customerWroteAt)) return row;
  const purpose = await purposeOf(ctx, row);
  // A person's message goes as it is (Meta answers 131047 if it must); the product's own without a purpose cannot go.
  if (purpose === null) return row;
  if (purpose === "none") throw new AppError("ERR_WAPP_WINDOW_CLOSED", "The customer's window has closed; this automatic message only goes while it is open.");
  const use = await ctx.db
    .select({ template: whatsappTemplates, params: automaticTemplates.params })
    .from(automaticTemplates)
    .innerJoin(whatsappTemplates, eq(whatsappTemplates.id, automaticTemplates.templateId))
    .where(and(eq(automaticTemplates.companyId, ctx.companyId), eq(automaticTemplates.whatsappId, row.whatsappId), eq(automaticTemplates.purpose, purpose)))
    .get();
  if (!use) throw new AppError("ERR_WAPP_WINDOW_CLOSED", `The customer's window has closed and the connection has no template for ${purpose} messages.`);
  if (use.template.status !== "APPROVED") throw new AppError("ERR_WAPP_TEMPLATE", `The ${purpose} template is ${use.template.status.toLowerCase()} at Meta.`);
  const params = await valuesOf(ctx, row, use.params);
  const view = presentTemplate(use.template);
  const send: TemplateSend & { automatic: AutomaticPurpose } = { template: { name: use.template.name, language: use.template.language, params }, automatic: purpose };
  const rewritten = { body: renderTemplate(view, params), mediaType: "template", dataJson: JSON.stringify(send) };
  await ctx.db
    .update(messages)
    .set({ ...rewritten, mediaUrl: null, mediaName: null, updatedAt: new Date() })
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.id, row.id)));
  await publishMessageUpdate(ctx, row.id);
  return { ...row, ...rewritten, mediaUrl: null, mediaName: null };
}

/** Which purpose a message nobody typed served ("none": one with no template purpose); null for a person's (an agent's, an integrator's). */
async function purposeOf(ctx: SystemCtx, row: AutomaticDelivery): Promise<AutomaticPurpose | "none" | null> {
  if (row.sentByBot) {
    let kind: string | undefined;
    try {
      kind = (JSON.parse(row.dataJson ?? "{}") as { bot?: string }).bot;
    } catch {
      kind = undefined;
    }
    // Automatic notices (accepted, transferred) carry no chatbot kind; menus and answers to the contact's words have
    // no template purpose: they only make sense while the contact is talking.
    if (kind === undefined) return "notice";
    return PURPOSE_OF_BOT_KIND[kind] ?? "none";
  }
  if (row.userId !== null) return null;
  const schedule = await ctx.db
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(eq(schedules.companyId, ctx.companyId), eq(schedules.messageId, row.id)))
    .get();
  return schedule ? "schedule" : null;
}

/**
 * Each {{n}}'s value. Meta refuses a parameter that is empty or has line breaks, tabs or more than four spaces
 * in a row (132018), so each is made one line, and an empty one takes a stand-in.
 */
async function valuesOf(ctx: SystemCtx, row: AutomaticDelivery, sources: TemplateParamSource[]): Promise<string[]> {
  const needs = new Set(sources.map((s) => s.source));
  const agent =
    needs.has("agentName") && row.ticketUserId !== null
      ? await ctx.db.select({ name: users.name }).from(users).where(and(eq(users.companyId, ctx.companyId), eq(users.id, row.ticketUserId))).get()
      : undefined;
  const company = needs.has("companyName") || needs.has("agentName") ? await ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, ctx.companyId)).get() : undefined;
  const valueOf = (s: TemplateParamSource): string => {
    switch (s.source) {
      case "message":
        return row.body;
      case "contactName":
        return row.contactName || row.number;
      case "agentName":
        return agent?.name || company?.name || "";
      case "companyName":
        return company?.name ?? "";
      case "ticketId":
        return String(row.ticketId);
      case "text":
        return s.text;
    }
  };
  return sources.map((s) => oneLine(valueOf(s)) || "-");
}

function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, " ").replace(/ {4,}/g, "   ").trim();
}
