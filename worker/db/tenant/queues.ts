import { relations } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";
import type { WeekdaySchedule } from "../../contracts/companies";
import { ASSIGNMENT_MODES } from "../../contracts/queues";
import { OPTION_CONSENTS } from "../../contracts/consent";
import { companies } from "../shared/companies";
import { userQueues } from "./users";
import { whatsappQueues } from "./whatsapp";
import { tickets } from "./tickets";
import { fileLists } from "./files";

/** A queue (department): greeting, service hours, chatbot option tree, optional AI prompt or integration. */
export const queues = sqliteTable(
  "queues",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    /** "#RRGGBB"-style colour; unique per company (ERR_QUEUE_COLOR_ALREADY_EXISTS). */
    color: text("color").notNull(),
    orderQueue: integer("order_queue"),
    greetingMessage: text("greeting_message").notNull().default(""),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
    /** Service hours used when the company setting scheduleType is "queue". */
    schedules: text("schedules", { mode: "json" }).$type<WeekdaySchedule[]>().notNull().default([]),
    integrationId: integer("integration_id").references((): AnySQLiteColumn => queueIntegrations.id, {
      onDelete: "set null",
    }),
    promptId: integer("prompt_id").references((): AnySQLiteColumn => prompts.id, { onDelete: "set null" }),
    /** R2 key of the greeting attachment. */
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    /** Automatic assignment of the queue's waiting tickets (issue 26): off, round-robin or least busy. */
    assignmentMode: text("assignment_mode", { enum: ASSIGNMENT_MODES }).notNull().default("off"),
    /** Round-robin: the member given the queue's last ticket (the next goes to the free member after them). */
    lastAssignedUserId: integer("last_assigned_user_id"),
    /** Service levels (issue 26 §4): minutes of service time to the first agent's reply and to closing; null: none. */
    slaFirstResponseMinutes: integer("sla_first_response_minutes"),
    slaResolutionMinutes: integer("sla_resolution_minutes"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("queues_company_name_uq").on(t.companyId, t.name),
    uniqueIndex("queues_company_color_uq").on(t.companyId, t.color),
  ],
);

/**
 * Chatbot menu tree of a queue. Top-level options have parentId null; deleting an option deletes its subtree.
 * `option` is the ordinal the contact types ("1", "2", …), renumbered among siblings after a delete.
 */
export const queueOptions = sqliteTable(
  "queue_options",
  {
    id: id(),
    companyId: companyId(),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references((): AnySQLiteColumn => queueOptions.id, { onDelete: "cascade" }),
    option: text("option").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull().default(""),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    /** A file list whose files are sent, in order, before the option's message (ADR 0039). */
    fileListId: integer("file_list_id").references((): AnySQLiteColumn => fileLists.id, { onDelete: "set null" }),
    /** Picking this option records the contact's marketing consent (granted or revoked, how "chatbot"); null: nothing. */
    marketingConsent: text("marketing_consent", { enum: OPTION_CONSENTS }),
    ...timestamps(),
  },
  (t) => [
    index("queue_options_queue_parent_idx").on(t.queueId, t.parentId),
    index("queue_options_parent_idx").on(t.parentId),
  ],
);

export const QUEUE_INTEGRATION_TYPES = ["dialogflow", "n8n", "webhook", "typebot"] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];

/** External bot integrations (Dialogflow, n8n, webhook, Typebot) attachable to queues, connections, tickets. */
export const queueIntegrations = sqliteTable(
  "queue_integrations",
  {
    id: id(),
    companyId: companyId(),
    type: text("type", { enum: QUEUE_INTEGRATION_TYPES }).notNull().default("typebot"),
    name: text("name").notNull(),
    /** Dialogflow project; equals name for n8n, webhook and typebot. */
    projectName: text("project_name").notNull().default(""),
    /** Dialogflow service-account JSON (secret: sealed like prompt keys, never answered). */
    jsonContent: text("json_content").notNull().default(""),
    /** pt-BR, en or es. */
    language: text("language").notNull().default("pt-BR"),
    /** Target URL for n8n, webhook and typebot. */
    urlN8N: text("url_n8n").notNull().default(""),
    typebotSlug: text("typebot_slug").notNull().default(""),
    /** Minutes after which a typebot session expires. */
    typebotExpires: integer("typebot_expires").notNull().default(1),
    /** Delay between typebot messages, milliseconds. */
    typebotDelayMessage: integer("typebot_delay_message").notNull().default(1000),
    typebotKeywordFinish: text("typebot_keyword_finish").notNull().default(""),
    typebotKeywordRestart: text("typebot_keyword_restart").notNull().default(""),
    typebotRestartMessage: text("typebot_restart_message").notNull().default(""),
    typebotUnknownMessage: text("typebot_unknown_message").notNull().default(""),
    /** n8n and webhook: the HMAC-SHA256 signing secret, sealed like prompt keys (shown once, on creation). */
    secret: text("secret").notNull().default(""),
    ...timestamps(),
  },
  (t) => [uniqueIndex("queue_integrations_company_name_uq").on(t.companyId, t.name)],
);

export { PROMPT_VOICES, type PromptVoice } from "../../contracts/promptVoices";

/** AI assistant prompts (OpenAI), one queue each. */
export const prompts = sqliteTable(
  "prompts",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    prompt: text("prompt").notNull(),
    /** The company's AI provider key, sealed with DATA_SECRET (worker/lib/secretBox.ts); never sent back. */
    apiKey: text("api_key").notNull(),
    /** The key's last four characters, what the browser is shown of it. */
    apiKeyHint: text("api_key_hint").notNull().default(""),
    /** An OpenAI-compatible API's base URL; empty: OpenAI's own. */
    baseUrl: text("base_url").notNull().default(""),
    model: text("model").notNull().default("gpt-4o-mini"),
    /** Required by the form; null only after the queue was deleted. */
    queueId: integer("queue_id").references((): AnySQLiteColumn => queues.id, { onDelete: "set null" }),
    maxTokens: integer("max_tokens").notNull().default(100),
    temperature: real("temperature").notNull().default(1),
    maxMessages: integer("max_messages").notNull().default(10),
    voice: text("voice").notNull().default("texto"),
    /** Speech service key and region, used when voice is not "texto". */
    voiceKey: text("voice_key").notNull().default(""),
    voiceRegion: text("voice_region").notNull().default(""),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("prompts_company_name_uq").on(t.companyId, t.name),
    index("prompts_queue_idx").on(t.queueId),
  ],
);

/** The assistant's use of each prompt (rows outlive a deleted prompt, so the company's total stays whole). */
export const promptUsage = sqliteTable(
  "prompt_usage",
  {
    companyId: companyId(),
    promptId: integer("prompt_id").notNull(),
    calls: integer("calls").notNull().default(0),
    failures: integer("failures").notNull().default(0),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.promptId] })],
);

/**
 * A Typebot conversation in progress on a ticket (ADR 0040): the chat API's session, the choices last offered as
 * numbered options, and when the contact last wrote (expiry counts from it). Kept here, not in a process's memory.
 */
export const typebotSessions = sqliteTable(
  "typebot_sessions",
  {
    companyId: companyId(),
    ticketId: integer("ticket_id")
      .notNull()
      .references((): AnySQLiteColumn => tickets.id, { onDelete: "cascade" }),
    integrationId: integer("integration_id").notNull(),
    sessionId: text("session_id").notNull(),
    /** JSON list of the choice items' texts offered last, in the order they were numbered. */
    choices: text("choices").notNull().default("[]"),
    lastAt: integer("last_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.ticketId] })],
);

export const queuesRelations = relations(queues, ({ one, many }) => ({
  company: one(companies, { fields: [queues.companyId], references: [companies.id] }),
  integration: one(queueIntegrations, { fields: [queues.integrationId], references: [queueIntegrations.id] }),
  prompt: one(prompts, { fields: [queues.promptId], references: [prompts.id] }),
  options: many(queueOptions),
  userQueues: many(userQueues),
  whatsappQueues: many(whatsappQueues),
  tickets: many(tickets),
}));

export const queueOptionsRelations = relations(queueOptions, ({ one, many }) => ({
  queue: one(queues, { fields: [queueOptions.queueId], references: [queues.id] }),
  parent: one(queueOptions, {
    fields: [queueOptions.parentId],
    references: [queueOptions.id],
    relationName: "queueOptionTree",
  }),
  children: many(queueOptions, { relationName: "queueOptionTree" }),
}));

export const queueIntegrationsRelations = relations(queueIntegrations, ({ one }) => ({
  company: one(companies, { fields: [queueIntegrations.companyId], references: [companies.id] }),
}));

export const promptsRelations = relations(prompts, ({ one }) => ({
  company: one(companies, { fields: [prompts.companyId], references: [companies.id] }),
  queue: one(queues, { fields: [prompts.queueId], references: [queues.id] }),
}));

export type Queue = typeof queues.$inferSelect;
export type NewQueue = typeof queues.$inferInsert;
export type QueueOption = typeof queueOptions.$inferSelect;
export type NewQueueOption = typeof queueOptions.$inferInsert;
export type QueueIntegration = typeof queueIntegrations.$inferSelect;
export type NewQueueIntegration = typeof queueIntegrations.$inferInsert;
export type Prompt = typeof prompts.$inferSelect;
export type NewPrompt = typeof prompts.$inferInsert;
