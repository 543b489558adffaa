import { relations, sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { companies } from "../shared/companies";
import { tickets } from "./tickets";
import { CONSENT_SOURCES, CONSENT_STATES } from "../../contracts/consent";

export const CONTACT_PRESENCES = ["available", "unavailable", "composing", "recording", "paused"] as const;
export type ContactPresence = (typeof CONTACT_PRESENCES)[number];

/**
 * A WhatsApp contact (person or group) of one company.
 * Full-text search: contacts_fts (name, number, email), kept in sync by triggers — see migrations/*_fts.sql.
 */
export const contacts = sqliteTable(
  "contacts",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    /** Digits only (country + area code + number); for groups the group id without "@g.us". */
    number: text("number").notNull(),
    /** WhatsApp LID identity ("…@lid" user part) when known; messages may arrive addressed by LID only. */
    lid: text("lid"),
    email: text("email").notNull().default(""),
    profilePicUrl: text("profile_pic_url").notNull().default(""),
    isGroup: integer("is_group", { mode: "boolean" }).notNull().default(false),
    /** true: chatbots, integrations and prompts never answer this contact. */
    disableBot: integer("disable_bot", { mode: "boolean" }).notNull().default(false),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    presence: text("presence", { enum: CONTACT_PRESENCES }).notNull().default("available"),
    lastInteractionAt: integer("last_interaction_at", { mode: "timestamp_ms" }),
    /**
     * When WhatsApp last said a message to this number cannot be delivered (the Cloud API's 131026: not on WhatsApp,
     * an old app, or its terms not accepted); campaigns skip it. Cleared when the contact writes.
     */
    undeliverableAt: integer("undeliverable_at", { mode: "timestamp_ms" }),
    /**
     * Consent to marketing messages (issue 28): the current state, since when, how and by which user (null: the
     * contact, the system or an import). Each change is kept in contact_consent_changes. Revoked: campaigns and
     * marketing schedules skip the contact's number (this is the opt-out list; domain/consent/marketingBlocked.ts).
     */
    // The default as SQL, not a bound value: bulk inserts (imports, 16 rows a statement) stay under 100 parameters.
    marketingConsent: text("marketing_consent", { enum: CONSENT_STATES }).notNull().default(sql`'unknown'`),
    marketingConsentAt: integer("marketing_consent_at", { mode: "timestamp_ms" }),
    marketingConsentHow: text("marketing_consent_how", { enum: CONSENT_SOURCES }),
    marketingConsentBy: integer("marketing_consent_by"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("contacts_company_number_uq").on(t.companyId, t.number),
    index("contacts_company_lid_idx").on(t.companyId, t.lid),
    index("contacts_company_name_idx").on(t.companyId, t.name),
    // The dashboard's new contacts in a period.
    index("contacts_company_created_idx").on(t.companyId, t.createdAt),
    // The contacts page's consent filter.
    index("contacts_company_consent_idx").on(t.companyId, t.marketingConsent),
  ],
);

/**
 * Every change of a contact's marketing consent, kept as the company's proof: the new state, how, who (a user id;
 * null for the contact itself, the system or an import) and a short detail (the opt-out word, the campaign). Goes
 * with the contact when it is erased.
 */
export const contactConsentChanges = sqliteTable(
  "contact_consent_changes",
  {
    id: id(),
    companyId: companyId(),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    state: text("state", { enum: CONSENT_STATES }).notNull(),
    how: text("how", { enum: CONSENT_SOURCES }).notNull(),
    userId: integer("user_id"),
    detail: text("detail").notNull().default(""),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("contact_consent_changes_contact_idx").on(t.contactId, t.at)],
);
export type ContactConsentChange = typeof contactConsentChanges.$inferSelect;

/** The spec's contact "extraInfo" (name/value pairs). */
export const contactCustomFields = sqliteTable(
  "contact_custom_fields",
  {
    id: id(),
    companyId: companyId(),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    value: text("value").notNull().default(""),
    ...timestamps(),
  },
  (t) => [index("contact_custom_fields_contact_idx").on(t.contactId)],
);

export const contactsRelations = relations(contacts, ({ one, many }) => ({
  company: one(companies, { fields: [contacts.companyId], references: [companies.id] }),
  extraInfo: many(contactCustomFields),
  tickets: many(tickets),
}));

export const contactCustomFieldsRelations = relations(contactCustomFields, ({ one }) => ({
  contact: one(contacts, { fields: [contactCustomFields.contactId], references: [contacts.id] }),
}));

export type Contact = typeof contacts.$inferSelect;
export type NewContact = typeof contacts.$inferInsert;
export type ContactCustomField = typeof contactCustomFields.$inferSelect;
export type NewContactCustomField = typeof contactCustomFields.$inferInsert;
