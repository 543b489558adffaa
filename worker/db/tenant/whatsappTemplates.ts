import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { AUTOMATIC_PURPOSES, type TemplateParamSource } from "../../contracts/automaticTemplates";
import { whatsapps } from "./whatsapp";

export const TEMPLATE_CATEGORIES = ["MARKETING", "UTILITY", "AUTHENTICATION"] as const;

/**
 * A Cloud API connection's message templates (ADR 0050), as Meta's business account has them: synced from Meta,
 * created through it, their status moved by Meta's `message_template_status_update` webhook. Only APPROVED ones
 * may be sent.
 */
export const whatsappTemplates = sqliteTable(
  "whatsapp_templates",
  {
    id: id(),
    companyId: companyId(),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    /** Meta's template id. */
    metaId: text("meta_id").notNull(),
    name: text("name").notNull(),
    /** Meta's language code, e.g. "pt_BR". */
    language: text("language").notNull(),
    category: text("category").notNull(),
    /** PENDING, APPROVED, REJECTED, PAUSED, DISABLED… as Meta says. */
    status: text("status").notNull(),
    /** Meta's components (header, body, footer, buttons), JSON. */
    components: text("components", { mode: "json" }).$type<unknown[]>().notNull(),
    /** Why Meta rejected or paused it, when it said. */
    reason: text("reason"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("whatsapp_templates_name_uq").on(t.whatsappId, t.name, t.language),
    index("whatsapp_templates_company_idx").on(t.companyId, t.whatsappId),
  ],
);

export type WhatsappTemplate = typeof whatsappTemplates.$inferSelect;

/**
 * Per Cloud API connection and purpose: the approved template that goes instead of the product's own message (a
 * rating request, an auto-close notice, a schedule…) when the customer's window has closed, and its values' sources.
 * A deleted template takes its uses with it.
 */
export const automaticTemplates = sqliteTable(
  "whatsapp_automatic_templates",
  {
    id: id(),
    companyId: companyId(),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: AUTOMATIC_PURPOSES }).notNull(),
    templateId: integer("template_id")
      .notNull()
      .references(() => whatsappTemplates.id, { onDelete: "cascade" }),
    params: text("params", { mode: "json" }).$type<TemplateParamSource[]>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("whatsapp_automatic_templates_purpose_uq").on(t.whatsappId, t.purpose)],
);

export type AutomaticTemplate = typeof automaticTemplates.$inferSelect;
