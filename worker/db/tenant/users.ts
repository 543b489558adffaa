import { relations, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamps, createdAt } from "../shared/columns";
import { ALL_TICKET_VALUES, USER_PROFILES } from "../../contracts/users";
import { companyId } from "../shared/companyId";
import { companies } from "../shared/companies";
import { whatsapps } from "./whatsapp";
import { queues } from "./queues";
import { tickets, ticketNotes } from "./tickets";
import { quickMessages } from "./quickMessages";
import { chatUsers } from "./chats";

export type UserProfile = (typeof USER_PROFILES)[number];

export type AllTicket = (typeof ALL_TICKET_VALUES)[number];

export const users = sqliteTable(
  "users",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    /** Globally unique and always stored lowercased (enforced by a check): normalise before insert/lookup. */
    email: text("email").notNull().unique(),
    /** PBKDF2 hash string; never the password. */
    passwordHash: text("password_hash").notNull(),
    profile: text("profile", { enum: USER_PROFILES }).notNull().default("user"),
    /** Platform administrator. */
    super: integer("super", { mode: "boolean" }).notNull().default(false),
    allTicket: text("all_ticket", { enum: ALL_TICKET_VALUES }).notNull().default("disabled"),
    online: integer("online", { mode: "boolean" }).notNull().default(false),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    /** The user's default connection for new tickets. */
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    /** UI language (pt-BR, en, es); null = browser/company default. */
    language: text("language"),
    /** Automatic assignment (issue 26): the most open tickets the agent is given; null, no limit. */
    maxOpenTickets: integer("max_open_tickets"),
    /** The agent paused receiving tickets automatically. */
    assignmentPaused: integer("assignment_paused", { mode: "boolean" }).notNull().default(false),
    /** When automatic assignment last gave the agent a ticket (least busy's tie-break: the longest waiting first). */
    lastAssignedAt: integer("last_assigned_at", { mode: "timestamp_ms" }),
    /**
     * Two-factor sign-in (issue 28): the TOTP secret, sealed (lib/secretBox, owner "totp:<userId>"); set at enrolment's
     * start, in force once `totpEnabledAt` is set (a first code confirmed it). Null: no two-factor.
     */
    totpSecret: text("totp_secret"),
    totpEnabledAt: integer("totp_enabled_at", { mode: "timestamp_ms" }),
    /** The last time step whose code was accepted: a code cannot be used twice. */
    totpLastStep: integer("totp_last_step"),
    ...timestamps(),
  },
  (t) => [
    index("users_company_name_idx").on(t.companyId, t.name),
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
  ],
);

/** Queues an agent works in. No company_id: both parents carry it (and must be of the same company). */
export const userQueues = sqliteTable(
  "user_queues",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index("user_queues_queue_idx").on(t.queueId)],
);

export const usersRelations = relations(users, ({ one, many }) => ({
  company: one(companies, { fields: [users.companyId], references: [companies.id] }),
  whatsapp: one(whatsapps, { fields: [users.whatsappId], references: [whatsapps.id] }),
  userQueues: many(userQueues),
  tickets: many(tickets),
  ticketNotes: many(ticketNotes),
  quickMessages: many(quickMessages),
  chatUsers: many(chatUsers),
}));

export const userQueuesRelations = relations(userQueues, ({ one }) => ({
  user: one(users, { fields: [userQueues.userId], references: [users.id] }),
  queue: one(queues, { fields: [userQueues.queueId], references: [queues.id] }),
}));

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserQueue = typeof userQueues.$inferSelect;
export type NewUserQueue = typeof userQueues.$inferInsert;
