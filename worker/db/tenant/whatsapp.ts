import { relations } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { linkRefusal, type LinkRefusal } from "../../contracts/bridge";
import { companies } from "../shared/companies";
import { queueIntegrations, prompts, queues } from "./queues";
import { tickets } from "./tickets";

/** Connection (session) states as the spec names them. */
export const WHATSAPP_STATUSES = ["CONNECTED", "qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"] as const;
export type WhatsappStatus = (typeof WHATSAPP_STATUSES)[number];

/** How a connection reaches WhatsApp (ADR 0050): WhatsApp Web through the session host, or Meta's Cloud API. */
export const WHATSAPP_CHANNELS = ["baileys", "cloud"] as const;
export type WhatsappChannel = (typeof WHATSAPP_CHANNELS)[number];

/** Why WhatsApp refused to link a WhatsApp Web connection (the bridge's status `reason`). */
const LINK_REFUSALS = linkRefusal.options as [LinkRefusal, ...LinkRefusal[]];

/** A WhatsApp connection (spec 001 §3). */
export const whatsapps = sqliteTable(
  "whatsapps",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    /** The connected phone number, digits only; empty until paired. */
    number: text("number").notNull().default(""),
    status: text("status", { enum: WHATSAPP_STATUSES }).notNull().default("OPENING"),
    /** Current QR string while status is qrcode; empty otherwise. */
    qrcode: text("qrcode").notNull().default(""),
    retries: integer("retries").notNull().default(0),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    /** Session label shown on the connections page; the credentials themselves live in the session host. */
    session: text("session").notNull().default(""),
    greetingMessage: text("greeting_message").notNull().default(""),
    /** Spec spelling ("completion" message sent when a ticket is closed). */
    complationMessage: text("complation_message").notNull().default(""),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
    ratingMessage: text("rating_message").notNull().default(""),
    /** SHA-256 hash of the external-API bearer token; the token is shown once and never stored. */
    tokenHash: text("token_hash").unique(),
    provider: text("provider").notNull().default("beta"),
    channel: text("channel", { enum: WHATSAPP_CHANNELS }).notNull().default("baileys"),
    /** Cloud API numbers: Meta's phone number id and business account (WABA) id. */
    cloudPhoneNumberId: text("cloud_phone_number_id"),
    cloudWabaId: text("cloud_waba_id"),
    /** The Cloud API access token, sealed (worker/lib/secretBox.ts, owner "cloud-token:<id>"); never answered. */
    cloudAccessToken: text("cloud_access_token"),
    /** A number on the company's own Meta app: its webhook's path key (/webhooks/whatsapp/<key>); null on the platform's app. */
    cloudRouteKey: text("cloud_route_key"),
    /** Why the Cloud API refused the connection's last call that the connection itself must fix (an expired token). */
    cloudError: text("cloud_error"),
    /** Auto-transfer: after timeToTransfer minutes without an agent, move the ticket to this queue. */
    transferQueueId: integer("transfer_queue_id").references(() => queues.id, { onDelete: "set null" }),
    timeToTransfer: integer("time_to_transfer"),
    promptId: integer("prompt_id").references(() => prompts.id, { onDelete: "set null" }),
    integrationId: integer("integration_id").references(() => queueIntegrations.id, { onDelete: "set null" }),
    /** Sent when a ticket is closed for inactivity. */
    expiresInactiveMessage: text("expires_inactive_message").notNull().default(""),
    /** Hours of contact inactivity after which an open ticket is closed; 0 = never. */
    expiresTicket: integer("expires_ticket").notNull().default(0),
    /** Minutes the queue chatbot waits before re-sending the menu; 0 = no limit. */
    timeUseBotQueues: integer("time_use_bot_queues").notNull().default(0),
    /** How many times the queue menu is sent before giving up. */
    maxUseBotQueues: integer("max_use_bot_queues").notNull().default(3),
    /** Queue that tickets are sent to when the chatbot gives up. */
    sendIdQueue: integer("send_id_queue").references(() => queues.id, { onDelete: "set null" }),
    /** WhatsApp Web: when the session host last reported anything of this connection (issue 30); null until then. */
    lastEventAt: integer("last_event_at", { mode: "timestamp_ms" }),
    /** WhatsApp Web: why WhatsApp refused to link or dropped the link (the status event's reason), until it connects again. */
    linkRefusal: text("link_refusal", { enum: LINK_REFUSALS }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("whatsapps_company_name_uq").on(t.companyId, t.name),
    uniqueIndex("whatsapps_cloud_number_uq").on(t.cloudPhoneNumberId),
    index("whatsapps_status_idx").on(t.status),
  ],
);

/** Queues offered by a connection's menu. No company_id: both parents carry it. */
export const whatsappQueues = sqliteTable(
  "whatsapp_queues",
  {
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.queueId] }), index("whatsapp_queues_queue_idx").on(t.queueId)],
);

export const whatsappsRelations = relations(whatsapps, ({ one, many }) => ({
  company: one(companies, { fields: [whatsapps.companyId], references: [companies.id] }),
  whatsappQueues: many(whatsappQueues),
  tickets: many(tickets),
  transferQueue: one(queues, { fields: [whatsapps.transferQueueId], references: [queues.id], relationName: "whatsappTransferQueue" }),
  sendQueue: one(queues, { fields: [whatsapps.sendIdQueue], references: [queues.id], relationName: "whatsappSendQueue" }),
  prompt: one(prompts, { fields: [whatsapps.promptId], references: [prompts.id] }),
  integration: one(queueIntegrations, { fields: [whatsapps.integrationId], references: [queueIntegrations.id] }),
}));

export const whatsappQueuesRelations = relations(whatsappQueues, ({ one }) => ({
  whatsapp: one(whatsapps, { fields: [whatsappQueues.whatsappId], references: [whatsapps.id] }),
  queue: one(queues, { fields: [whatsappQueues.queueId], references: [queues.id] }),
}));

export type Whatsapp = typeof whatsapps.$inferSelect;
export type NewWhatsapp = typeof whatsapps.$inferInsert;
export type WhatsappQueue = typeof whatsappQueues.$inferSelect;
export type NewWhatsappQueue = typeof whatsappQueues.$inferInsert;
