import { relations, sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { companies } from "../shared/companies";
import { tickets } from "./tickets";
import { contacts } from "./contacts";
import { queues } from "./queues";
import { users } from "./users";

/**
 * Known values of messages.mediaType (a plain text column: WhatsApp adds types, and an unknown one must
 * still be stored). locationMessage bodies are "image|link|description"; contactMessage/vcard carry a vcard.
 */
export const MESSAGE_MEDIA_TYPES = [
  "chat",
  "image",
  "audio",
  "video",
  "application",
  "document",
  "sticker",
  "locationMessage",
  "contactMessage",
  "reactionMessage",
  "call_log",
  "vcard",
] as const;
export type KnownMessageMediaType = (typeof MESSAGE_MEDIA_TYPES)[number];

/** Delivery acks: 0 pending, 1–2 sent, 3 delivered, 4–5 read/played. */
export type MessageAck = 0 | 1 | 2 | 3 | 4 | 5;

/**
 * Messages of a ticket. Inbound ingestion is idempotent on (companyId, wid): insert with
 * onConflictDoNothing. Outbound messages get their WhatsApp id generated before sending, so retries keep it.
 *
 * Full-text search over `body` lives in the FTS5 table `messages_fts` (external content, rowid = messages.id),
 * kept in sync by triggers created in the migration `*_fts.sql`. Query it through a bound parameter and
 * always filter by company, e.g.:
 *
 *   db.select({ id: messages.id, ticketId: messages.ticketId, body: messages.body })
 *     .from(messages)
 *     .innerJoin(sql`messages_fts`, sql`messages_fts.rowid = ${messages.id}`)
 *     .where(and(eq(messages.companyId, ctx.companyId), sql`messages_fts MATCH ${ftsQuery}`))
 *     .orderBy(sql`messages_fts.rank`)
 *     .limit(20);
 *
 * `ftsQuery` must be an FTS5 query string: quote user input as phrases, e.g.
 * `'"' + term.replaceAll('"', '""') + '"*'`, so that operators in user text cannot break the query.
 * contacts_fts (name, number, email) works the same way joined on contacts.id.
 *
 * Note for later migrations: a drizzle-kit migration that recreates `messages` or `contacts`
 * (DROP + RENAME) drops their FTS triggers; such a migration must recreate them and run
 * `INSERT INTO messages_fts(messages_fts) VALUES('rebuild')`.
 */
export const messages = sqliteTable(
  "messages",
  {
    /** Also the FTS rowid. */
    id: id(),
    /** WhatsApp message id. */
    wid: text("wid").notNull(),
    companyId: companyId(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    /** The contact it came from (for groups, the participant's contact); null when unknown. */
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    body: text("body").notNull().default(""),
    fromMe: integer("from_me", { mode: "boolean" }).notNull().default(false),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    /** See MESSAGE_MEDIA_TYPES. */
    mediaType: text("media_type").notNull().default("chat"),
    /** R2 key of the media (prefixed by company), not a URL. */
    mediaUrl: text("media_url"),
    mediaName: text("media_name"),
    quotedMsgId: integer("quoted_msg_id").references((): AnySQLiteColumn => messages.id, { onDelete: "set null" }),
    ack: integer("ack").$type<MessageAck>().notNull().default(0),
    isDeleted: integer("is_deleted", { mode: "boolean" }).notNull().default(false),
    isEdited: integer("is_edited", { mode: "boolean" }).notNull().default(false),
    isForwarded: integer("is_forwarded", { mode: "boolean" }).notNull().default(false),
    /** Internal message visible to agents only, never sent to WhatsApp. */
    isPrivate: integer("is_private", { mode: "boolean" }).notNull().default(false),
    sentByBot: integer("sent_by_bot", { mode: "boolean" }).notNull().default(false),
    /** Why delivery to WhatsApp failed for good (an error code, e.g. ERR_SENDING_WAPP_MSG); null while fine. */
    sendError: text("send_error"),
    /**
     * Meta's marketing cap (131049) deferred this send to this time; set once and kept, so the send is tried again
     * once only (ADR 0050).
     */
    retryAt: integer("retry_at", { mode: "timestamp_ms" }),
    /** Sender JID inside a group. */
    participant: text("participant"),
    /** Raw provider payload (JSON string), for re-download of media and debugging. */
    dataJson: text("data_json"),
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    /** The agent who sent it (fromMe messages); null for the contact, bots and the system. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The sending tab's own id for an agent's send (issue 29: a send queued offline is retried when the network
     * returns): a repeated POST with the same id answers the message already stored instead of sending it twice.
     */
    clientId: text("client_id"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("messages_company_wid_uq").on(t.companyId, t.wid),
    // Null for every message but an agent's send that carried one (SQLite's unique index lets nulls repeat).
    uniqueIndex("messages_company_user_client_uq").on(t.companyId, t.userId, t.clientId),
    index("messages_ticket_created_idx").on(t.ticketId, t.createdAt),
    index("messages_company_created_idx").on(t.companyId, t.createdAt),
    // Whether another message still shows a file (domain/privacy/anonymise removeMedia, per slice of retention and
    // erasure). Partial: only messages with media are in it; without it each slice scanned every message.
    index("messages_company_media_idx").on(t.companyId, t.mediaUrl).where(sql`${t.mediaUrl} is not null`),
    check("messages_ack_range", sql`${t.ack} between 0 and 5`),
  ],
);

export const messagesRelations = relations(messages, ({ one }) => ({
  company: one(companies, { fields: [messages.companyId], references: [companies.id] }),
  ticket: one(tickets, { fields: [messages.ticketId], references: [tickets.id] }),
  contact: one(contacts, { fields: [messages.contactId], references: [contacts.id] }),
  quotedMsg: one(messages, { fields: [messages.quotedMsgId], references: [messages.id], relationName: "quotedMsg" }),
  queue: one(queues, { fields: [messages.queueId], references: [queues.id] }),
  user: one(users, { fields: [messages.userId], references: [users.id] }),
}));

export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
