import { relations } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../shared/columns";
import { CAMPAIGN_STATUSES, type CampaignTemplate } from "../../contracts/campaigns";
import { companyId } from "../shared/companyId";
import { companies } from "../shared/companies";
import { whatsapps } from "./whatsapp";
import { contacts } from "./contacts";
import { tags } from "./tickets";
import { fileLists } from "./files";

/** A number's WhatsApp check: on WhatsApp, not on it, or not answerable (the host failed it after its retries). */
export const WHATSAPP_CHECK_RESULTS = ["valid", "invalid", "unknown"] as const;
export type WhatsappCheckResult = (typeof WHATSAPP_CHECK_RESULTS)[number];
export const CONTACT_LIST_CHECK_STATUSES = ["running", "done", "failed"] as const;
export type ContactListCheckStatus = (typeof CONTACT_LIST_CHECK_STATUSES)[number];

export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const contactLists = sqliteTable(
  "contact_lists",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    ...timestamps(),
  },
  (t) => [index("contact_lists_company_name_idx").on(t.companyId, t.name)],
);

/** Recipients of a contact list; a number appears once per list (imports upsert on it). */
export const contactListItems = sqliteTable(
  "contact_list_items",
  {
    id: id(),
    companyId: companyId(),
    contactListId: integer("contact_list_id")
      .notNull()
      .references(() => contactLists.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Digits only. */
    number: text("number").notNull(),
    email: text("email").notNull().default(""),
    isWhatsappValid: integer("is_whatsapp_valid", { mode: "boolean" }).notNull().default(false),
    /** The last WhatsApp check's answer; null: never checked (an import that changes the number clears it). */
    whatsappCheck: text("whatsapp_check", { enum: WHATSAPP_CHECK_RESULTS }),
    whatsappCheckedAt: integer("whatsapp_checked_at", { mode: "timestamp_ms" }),
    /** The import's extra columns (header → value), filled into campaign messages as {header} variables. */
    variables: text("variables", { mode: "json" }).$type<Record<string, string>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("contact_list_items_list_number_uq").on(t.contactListId, t.number),
    index("contact_list_items_list_name_idx").on(t.contactListId, t.name),
    index("contact_list_items_list_check_idx").on(t.contactListId, t.whatsappCheck),
  ],
);

/**
 * The WhatsApp check of a list's numbers (ADR 0039): one row per list, re-run in place (`run` grows). Batches
 * walk the items by id after `cursor`, through the OUTBOUND queue; only the job carrying the current run and
 * cursor moves it on, so a redelivered job neither counts twice nor forks the chain.
 */
export const contactListChecks = sqliteTable(
  "contact_list_checks",
  {
    id: id(),
    companyId: companyId(),
    contactListId: integer("contact_list_id")
      .notNull()
      .references(() => contactLists.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    userId: integer("user_id"),
    run: integer("run").notNull().default(1),
    status: text("status", { enum: CONTACT_LIST_CHECK_STATUSES }).notNull().default("running"),
    cursor: integer("cursor").notNull().default(0),
    total: integer("total").notNull().default(0),
    checked: integer("checked").notNull().default(0),
    valid: integer("valid").notNull().default(0),
    invalid: integer("invalid").notNull().default(0),
    unknown: integer("unknown").notNull().default(0),
    error: text("error"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("contact_list_checks_list_uq").on(t.contactListId), index("contact_list_checks_status_idx").on(t.status, t.updatedAt)],
);
export type ContactListCheck = typeof contactListChecks.$inferSelect;

/** Mass-message campaigns: one of message1..5 (picked at random per recipient) to a contact list or a tag. */
export const campaigns = sqliteTable(
  "campaigns",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    message1: text("message1").notNull().default(""),
    message2: text("message2").notNull().default(""),
    message3: text("message3").notNull().default(""),
    message4: text("message4").notNull().default(""),
    message5: text("message5").notNull().default(""),
    confirmationMessage1: text("confirmation_message1").notNull().default(""),
    confirmationMessage2: text("confirmation_message2").notNull().default(""),
    confirmationMessage3: text("confirmation_message3").notNull().default(""),
    confirmationMessage4: text("confirmation_message4").notNull().default(""),
    confirmationMessage5: text("confirmation_message5").notNull().default(""),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("INATIVA"),
    /** Ask the recipient to confirm before the message is delivered. */
    confirmation: integer("confirmation", { mode: "boolean" }).notNull().default(false),
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    contactListId: integer("contact_list_id").references(() => contactLists.id, { onDelete: "set null" }),
    /** Alternative audience: contacts of tickets carrying this tag. */
    tagListId: integer("tag_list_id").references(() => tags.id, { onDelete: "set null" }),
    /** A file list (/files) whose files go before the message, with it (ADR 0037); the alternative to mediaPath. */
    fileListId: integer("file_list_id").references(() => fileLists.id, { onDelete: "set null" }),
    /** The single uploaded attachment (R2 key), sent with the message as its caption. */
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    mediaType: text("media_type"),
    /** On a Cloud API connection: the approved template it sends and each variable's source, instead of the messages. */
    template: text("template", { mode: "json" }).$type<CampaignTemplate>(),
    /** When it first ran (EM_ANDAMENTO). */
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    /** Its last send: campaigns sharing a connection take turns by it. */
    lastSentAt: integer("last_sent_at", { mode: "timestamp_ms" }),
    ...timestamps(),
  },
  (t) => [
    index("campaigns_company_status_idx").on(t.companyId, t.status),
    // Cron: WHERE status = 'PROGRAMADA' AND scheduled_at <= now (all companies).
    index("campaigns_status_scheduled_idx").on(t.status, t.scheduledAt),
    index("campaigns_company_created_idx").on(t.companyId, t.createdAt),
  ],
);

/**
 * Where a recipient stands: queued (waiting for its turn), confirming (the confirmation went; waiting for the
 * contact's reply), confirmed (replied; the message waits for its turn), sending (the message is with the delivery
 * queue), delivered, failed (with error), invalid (not on WhatsApp), skipped (opted out).
 */
export const SHIPPING_STATUSES = ["queued", "confirming", "confirmed", "sending", "delivered", "failed", "invalid", "skipped"] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

/**
 * One row per campaign recipient; unique (campaignId, number) makes fan-out idempotent.
 * contactListItemId points at the list entry (contact-list campaigns), contactId at the contact
 * (tag campaigns, or once a ticket exists).
 */
export const campaignShipping = sqliteTable(
  "campaign_shippings",
  {
    id: id(),
    companyId: companyId(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    message: text("message").notNull().default(""),
    confirmationMessage: text("confirmation_message").notNull().default(""),
    confirmation: integer("confirmation", { mode: "boolean" }).notNull().default(false),
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    contactListItemId: integer("contact_list_item_id").references(() => contactListItems.id, {
      onDelete: "set null",
    }),
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
    confirmationRequestedAt: integer("confirmation_requested_at", { mode: "timestamp_ms" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    /** Queue message id of the pending send, to avoid enqueuing it twice. */
    jobId: text("job_id"),
    status: text("status", { enum: SHIPPING_STATUSES }).notNull().default("queued"),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    variables: text("variables", { mode: "json" }).$type<Record<string, string>>().notNull().default({}),
    /** The message in flight (the confirmation while confirming, then the campaign's message). */
    messageId: integer("message_id"),
    ticketId: integer("ticket_id"),
    /** When its campaign message was handed to the delivery queue. */
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    repliedAt: integer("replied_at", { mode: "timestamp_ms" }),
    optedOutAt: integer("opted_out_at", { mode: "timestamp_ms" }),
    /** Why it failed (an error code of the catalogue). */
    error: text("error"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("campaign_shippings_campaign_number_uq").on(t.campaignId, t.number),
    index("campaign_shippings_campaign_status_idx").on(t.campaignId, t.status),
    index("campaign_shippings_message_idx").on(t.messageId),
    index("campaign_shippings_company_number_idx").on(t.companyId, t.number),
    index("campaign_shippings_campaign_delivered_idx").on(t.campaignId, t.deliveredAt),
  ],
);

/** Values of campaign settings: numbers (seconds / counts) or the variable list. */
export type CampaignVariable = { key: string; value: string };
export type CampaignSettingValue = number | string | boolean | CampaignVariable[] | number[] | string[];

/** Company campaign pacing: keys messageInterval, longerIntervalAfter, greaterInterval, variables. */
export const campaignSettings = sqliteTable(
  "campaign_settings",
  {
    id: id(),
    companyId: companyId(),
    key: text("key").notNull(),
    value: text("value", { mode: "json" }).$type<CampaignSettingValue>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("campaign_settings_company_key_uq").on(t.companyId, t.key)],
);

/**
 * Each connection's campaign pace (ADR 0038): when it may send next, sends since the last long pause, and the
 * day's count (its day in the company's time zone) against the daily cap. Shared by every campaign on it.
 */
export const campaignPaces = sqliteTable("campaign_paces", {
  whatsappId: integer("whatsapp_id")
    .primaryKey()
    .references(() => whatsapps.id, { onDelete: "cascade" }),
  companyId: companyId(),
  nextAt: integer("next_at", { mode: "timestamp_ms" }).notNull(),
  sincePause: integer("since_pause").notNull().default(0),
  day: text("day").notNull().default(""),
  dayCount: integer("day_count").notNull().default(0),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** Every campaign send, as it was handed to the delivery queue: the pacing's record (and the report's timing). */
export const campaignSends = sqliteTable(
  "campaign_sends",
  {
    id: id(),
    companyId: companyId(),
    whatsappId: integer("whatsapp_id").notNull(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    shippingId: integer("shipping_id").notNull(),
    kind: text("kind", { enum: ["confirmation", "message"] }).notNull(),
    /** The pause planned after this send (ms). */
    gapMs: integer("gap_ms").notNull().default(0),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("campaign_sends_whatsapp_at_idx").on(t.whatsappId, t.at), index("campaign_sends_campaign_idx").on(t.campaignId)],
);

/**
 * Opt-outs of numbers that have no contact, kept as the number's hash (`sha256:…`, domain/privacy/optOutKey.ts) and
 * never the number: an erased contact who had revoked marketing consent, a deleted one, and the older opt-outs of
 * numbers without a contact (migrated). A contact's own opt-out is its marketing consent (contacts.marketing_consent);
 * domain/consent/marketingBlocked.ts checks both. `word` says how it was recorded (a consent source or the word).
 */
export const campaignOptOuts = sqliteTable(
  "campaign_opt_outs",
  {
    id: id(),
    companyId: companyId(),
    number: text("number").notNull(),
    word: text("word").notNull(),
    campaignId: integer("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("campaign_opt_outs_company_number_uq").on(t.companyId, t.number)],
);

export const contactListsRelations = relations(contactLists, ({ one, many }) => ({
  company: one(companies, { fields: [contactLists.companyId], references: [companies.id] }),
  items: many(contactListItems),
  campaigns: many(campaigns),
}));

export const contactListItemsRelations = relations(contactListItems, ({ one }) => ({
  contactList: one(contactLists, { fields: [contactListItems.contactListId], references: [contactLists.id] }),
}));

export const campaignsRelations = relations(campaigns, ({ one, many }) => ({
  company: one(companies, { fields: [campaigns.companyId], references: [companies.id] }),
  whatsapp: one(whatsapps, { fields: [campaigns.whatsappId], references: [whatsapps.id] }),
  contactList: one(contactLists, { fields: [campaigns.contactListId], references: [contactLists.id] }),
  tagList: one(tags, { fields: [campaigns.tagListId], references: [tags.id] }),
  fileList: one(fileLists, { fields: [campaigns.fileListId], references: [fileLists.id] }),
  shipping: many(campaignShipping),
}));

export const campaignShippingRelations = relations(campaignShipping, ({ one }) => ({
  campaign: one(campaigns, { fields: [campaignShipping.campaignId], references: [campaigns.id] }),
  contact: one(contacts, { fields: [campaignShipping.contactId], references: [contacts.id] }),
  contactListItem: one(contactListItems, {
    fields: [campaignShipping.contactListItemId],
    references: [contactListItems.id],
  }),
}));

export const campaignSettingsRelations = relations(campaignSettings, ({ one }) => ({
  company: one(companies, { fields: [campaignSettings.companyId], references: [companies.id] }),
}));

export type ContactList = typeof contactLists.$inferSelect;
export type NewContactList = typeof contactLists.$inferInsert;
export type ContactListItem = typeof contactListItems.$inferSelect;
export type NewContactListItem = typeof contactListItems.$inferInsert;
export type Campaign = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;
export type CampaignShipping = typeof campaignShipping.$inferSelect;
export type NewCampaignShipping = typeof campaignShipping.$inferInsert;
export type CampaignSetting = typeof campaignSettings.$inferSelect;
export type NewCampaignSetting = typeof campaignSettings.$inferInsert;
