import { relations, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { TICKET_STATUSES } from "../../contracts/ticketScope";
import { TICKET_PRIORITIES } from "../../contracts/automation/actions";
import { createdAt, id, newUuid, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { companies } from "../shared/companies";
import { users } from "./users";
import { contacts } from "./contacts";
import { whatsapps } from "./whatsapp";
import { queueIntegrations, queueOptions, queues, prompts } from "./queues";
import { messages } from "./messages";


/**
 * A conversation with a contact on a connection. Status, owner and queue change only inside the
 * company's CompanyHub (one writer per company).
 */
export const tickets = sqliteTable(
  "tickets",
  {
    id: id(),
    /** Public identifier used in URLs (/tickets/{uuid}). */
    uuid: text("uuid").notNull().unique().$defaultFn(newUuid),
    companyId: companyId(),
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("pending"),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    lastMessage: text("last_message").notNull().default(""),
    /** When the contact last wrote (WhatsApp's time): a Cloud API ticket's 24-hour window runs from it (ADR 0050). */
    customerWroteAt: integer("customer_wrote_at", { mode: "timestamp_ms" }),
    unreadMessages: integer("unread_messages").notNull().default(0),
    isGroup: integer("is_group", { mode: "boolean" }).notNull().default(false),
    /** The queue chatbot (option menu) is talking to the contact. */
    chatbot: integer("chatbot", { mode: "boolean" }).notNull().default(false),
    /** Current node of the queue option tree while the chatbot runs. */
    queueOptionId: integer("queue_option_id").references(() => queueOptions.id, { onDelete: "set null" }),
    /** How many times the queue menu was sent (compared with whatsapps.maxUseBotQueues). */
    amountUsedBotQueues: integer("amount_used_bot_queues").notNull().default(0),
    useIntegration: integer("use_integration", { mode: "boolean" }).notNull().default(false),
    integrationId: integer("integration_id").references(() => queueIntegrations.id, { onDelete: "set null" }),
    promptId: integer("prompt_id").references(() => prompts.id, { onDelete: "set null" }),
    /** Typebot session kept in D1 so a restart does not lose the bot state. */
    typebotSessionId: text("typebot_session_id"),
    typebotStatus: integer("typebot_status", { mode: "boolean" }).notNull().default(false),
    /** The last message was sent by us. */
    fromMe: integer("from_me", { mode: "boolean" }).notNull().default(false),
    /**
     * The ticket holds only what a campaign sent (storeCampaignMessage): not a conversation until the contact answers
     * (the answer reopens it as pending and clears this), so no list of tickets shows it meanwhile (issue 31).
     */
    outreach: integer("outreach", { mode: "boolean" }).notNull().default(false),
    /** When the ticket entered its current kanban lane (the board's time in lane); null: since it was created. */
    kanbanLaneAt: integer("kanban_lane_at", { mode: "timestamp_ms" }),
    /** Set by agents, macros and automation rules (issue 26); the lists show it and may sort by it. */
    priority: text("priority", { enum: TICKET_PRIORITIES }).notNull().default("normal"),
    // Service levels (issue 26 §4; domain/serviceLevels/): the clock starts when the ticket enters a queue with
    // targets (or is reopened); each due time counts the queue's service minutes from it.
    slaStartedAt: integer("sla_started_at", { mode: "timestamp_ms" }),
    firstResponseDueAt: integer("first_response_due_at", { mode: "timestamp_ms" }),
    resolutionDueAt: integer("resolution_due_at", { mode: "timestamp_ms" }),
    /** The first message an agent sent after the clock started (not the bot's, not a campaign's). */
    firstRespondedAt: integer("first_responded_at", { mode: "timestamp_ms" }),
    /** When the ticket closed with its clock running: the resolution clock stopped. */
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    firstResponseBreachedAt: integer("first_response_breached_at", { mode: "timestamp_ms" }),
    resolutionBreachedAt: integer("resolution_breached_at", { mode: "timestamp_ms" }),
    /** The earliest due time still running and not breached, while the ticket is open: what the breach sweep reads. */
    slaNextDueAt: integer("sla_next_due_at", { mode: "timestamp_ms" }),
    ...timestamps(),
  },
  (t) => [
    // is_group sits before updated_at: every inbox tab filters on it, so pages and counts stay inside the index.
    index("tickets_company_status_group_updated_idx").on(t.companyId, t.status, t.isGroup, t.updatedAt),
    index("tickets_company_queue_status_group_updated_idx").on(t.companyId, t.queueId, t.status, t.isGroup, t.updatedAt),
    index("tickets_company_user_status_group_updated_idx").on(t.companyId, t.userId, t.status, t.isGroup, t.updatedAt),
    index("tickets_company_contact_whatsapp_status_idx").on(t.companyId, t.contactId, t.whatsappId, t.status),
    // The public API's ticket list pages by last change whatever the filters (domain/publicApi/listTicketsPage). On
    // the expression `updated_at + 0`, which only that list writes: the inbox's, the kanban's and the automations'
    // queries keep the plans they had (SQLite has no statistics here, and would take a plain (company, updated_at)
    // index for some of them).
    index("tickets_company_changed_idx").on(t.companyId, sql`(${t.updatedAt} + 0)`),
    // Partial: only tickets whose clock is running are in it, and no inbox query can take it.
    index("tickets_company_sla_next_due_idx").on(t.companyId, t.slaNextDueAt).where(sql`${t.slaNextDueAt} is not null`),
    // Retention (issue 28, domain/privacy/applyRetention): closed tickets by last change. Partial: only closed tickets
    // are in it, and no inbox query can take it.
    index("tickets_company_closed_updated_idx").on(t.companyId, t.updatedAt, t.id).where(sql`${t.status} = 'closed'`),
  ],
);

/**
 * Ticket history: one row per lifecycle event, for reports and dashboards (wait time = startedAt - queuedAt,
 * service time = finishedAt - startedAt). `action` is a verb such as create, accept, transfer, return, close,
 * reopen, rate, autoClose, autoTransfer.
 */
export const ticketTracking = sqliteTable(
  "ticket_trackings",
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    fromStatus: text("from_status", { enum: TICKET_STATUSES }),
    toStatus: text("to_status", { enum: TICKET_STATUSES }),
    fromUserId: integer("from_user_id").references(() => users.id, { onDelete: "set null" }),
    toUserId: integer("to_user_id").references(() => users.id, { onDelete: "set null" }),
    fromQueueId: integer("from_queue_id").references(() => queues.id, { onDelete: "set null" }),
    toQueueId: integer("to_queue_id").references(() => queues.id, { onDelete: "set null" }),
    /** Who did it; null for the system (chatbot, cron, inbound message). */
    byUserId: integer("by_user_id").references(() => users.id, { onDelete: "set null" }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    rated: integer("rated", { mode: "boolean" }).notNull().default(false),
    ratingAt: integer("rating_at", { mode: "timestamp_ms" }),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    queuedAt: integer("queued_at", { mode: "timestamp_ms" }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    /** A kanban move (action "kanban"): the lane it left and the lane it entered; null is 'Em aberto'. */
    fromTagId: integer("from_tag_id").references(() => tags.id, { onDelete: "set null" }),
    toTagId: integer("to_tag_id").references(() => tags.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("ticket_trackings_ticket_created_idx").on(t.ticketId, t.createdAt),
    index("ticket_trackings_company_created_idx").on(t.companyId, t.createdAt),
    index("ticket_trackings_company_to_user_created_idx").on(t.companyId, t.toUserId, t.createdAt),
  ],
);

export const ticketNotes = sqliteTable(
  "ticket_notes",
  {
    id: id(),
    companyId: companyId(),
    note: text("note").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    /** Written by an automation rule (issue 26): no author, and not a deleted user's either. */
    byAutomation: integer("by_automation", { mode: "boolean" }).notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index("ticket_notes_ticket_idx").on(t.ticketId, t.createdAt),
    index("ticket_notes_contact_idx").on(t.contactId, t.createdAt),
  ],
);

/** Contact's rating of an attendance: 1 unsatisfied, 2 satisfied, 3 very satisfied. */
export const userRatings = sqliteTable(
  "user_ratings",
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    rate: integer("rate").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("user_ratings_company_created_idx").on(t.companyId, t.createdAt),
    index("user_ratings_user_idx").on(t.userId),
    index("user_ratings_ticket_idx").on(t.ticketId),
  ],
);

/** Tags; those with kanban = 1 are kanban lanes. */
export const tags = sqliteTable(
  "tags",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    color: text("color").notNull().default(""),
    /** 0/1 as in the spec (not a boolean column). */
    kanban: integer("kanban").notNull().default(0),
    /** The lane's place on the kanban board, left to right (admins set it); ties by name. */
    kanbanOrder: integer("kanban_order").notNull().default(0),
    /** Creator; null once that user is deleted. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("tags_company_name_uq").on(t.companyId, t.name),
    index("tags_company_kanban_idx").on(t.companyId, t.kanban),
    check("tags_kanban_01", sql`${t.kanban} in (0, 1)`),
  ],
);

/** Tags on tickets. No company_id: both parents carry it. */
export const ticketTags = sqliteTable(
  "ticket_tags",
  {
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tagId] }), index("ticket_tags_tag_idx").on(t.tagId)],
);

export const ticketsRelations = relations(tickets, ({ one, many }) => ({
  company: one(companies, { fields: [tickets.companyId], references: [companies.id] }),
  contact: one(contacts, { fields: [tickets.contactId], references: [contacts.id] }),
  whatsapp: one(whatsapps, { fields: [tickets.whatsappId], references: [whatsapps.id] }),
  user: one(users, { fields: [tickets.userId], references: [users.id] }),
  queue: one(queues, { fields: [tickets.queueId], references: [queues.id] }),
  queueOption: one(queueOptions, { fields: [tickets.queueOptionId], references: [queueOptions.id] }),
  integration: one(queueIntegrations, { fields: [tickets.integrationId], references: [queueIntegrations.id] }),
  prompt: one(prompts, { fields: [tickets.promptId], references: [prompts.id] }),
  messages: many(messages),
  ticketTags: many(ticketTags),
  notes: many(ticketNotes),
  tracking: many(ticketTracking),
  ratings: many(userRatings),
}));

export const ticketTrackingRelations = relations(ticketTracking, ({ one }) => ({
  ticket: one(tickets, { fields: [ticketTracking.ticketId], references: [tickets.id] }),
  fromUser: one(users, { fields: [ticketTracking.fromUserId], references: [users.id], relationName: "trackingFromUser" }),
  toUser: one(users, { fields: [ticketTracking.toUserId], references: [users.id], relationName: "trackingToUser" }),
  byUser: one(users, { fields: [ticketTracking.byUserId], references: [users.id], relationName: "trackingByUser" }),
  fromQueue: one(queues, { fields: [ticketTracking.fromQueueId], references: [queues.id], relationName: "trackingFromQueue" }),
  toQueue: one(queues, { fields: [ticketTracking.toQueueId], references: [queues.id], relationName: "trackingToQueue" }),
  fromTag: one(tags, { fields: [ticketTracking.fromTagId], references: [tags.id], relationName: "trackingFromTag" }),
  toTag: one(tags, { fields: [ticketTracking.toTagId], references: [tags.id], relationName: "trackingToTag" }),
  whatsapp: one(whatsapps, { fields: [ticketTracking.whatsappId], references: [whatsapps.id] }),
}));

export const ticketNotesRelations = relations(ticketNotes, ({ one }) => ({
  user: one(users, { fields: [ticketNotes.userId], references: [users.id] }),
  contact: one(contacts, { fields: [ticketNotes.contactId], references: [contacts.id] }),
  ticket: one(tickets, { fields: [ticketNotes.ticketId], references: [tickets.id] }),
}));

export const userRatingsRelations = relations(userRatings, ({ one }) => ({
  ticket: one(tickets, { fields: [userRatings.ticketId], references: [tickets.id] }),
  user: one(users, { fields: [userRatings.userId], references: [users.id] }),
}));

export const tagsRelations = relations(tags, ({ one, many }) => ({
  company: one(companies, { fields: [tags.companyId], references: [companies.id] }),
  user: one(users, { fields: [tags.userId], references: [users.id] }),
  ticketTags: many(ticketTags),
}));

export const ticketTagsRelations = relations(ticketTags, ({ one }) => ({
  ticket: one(tickets, { fields: [ticketTags.ticketId], references: [tickets.id] }),
  tag: one(tags, { fields: [ticketTags.tagId], references: [tags.id] }),
}));

export type Ticket = typeof tickets.$inferSelect;
export type NewTicket = typeof tickets.$inferInsert;
export type TicketTracking = typeof ticketTracking.$inferSelect;
export type NewTicketTracking = typeof ticketTracking.$inferInsert;
export type TicketNote = typeof ticketNotes.$inferSelect;
export type NewTicketNote = typeof ticketNotes.$inferInsert;
export type UserRating = typeof userRatings.$inferSelect;
export type NewUserRating = typeof userRatings.$inferInsert;
export type Tag = typeof tags.$inferSelect;
export type NewTag = typeof tags.$inferInsert;
export type TicketTag = typeof ticketTags.$inferSelect;
export type NewTicketTag = typeof ticketTags.$inferInsert;
