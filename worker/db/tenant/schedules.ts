import { relations } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../shared/columns";
import { SCHEDULE_STATUSES } from "../../contracts/schedules";
import { companyId } from "../shared/companyId";
import { companies } from "../shared/companies";
import { contacts } from "./contacts";
import { tickets } from "./tickets";
import { users } from "./users";
import { whatsapps } from "./whatsapp";

/**
 * PENDENTE: waiting for sendAt; AGENDADA: its message is stored in the ticket and queued for delivery; ENVIADA:
 * WhatsApp took it; ERRO: it could not be sent (`error` says why; a retry makes it PENDENTE again).
 */
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/**
 * A repeat rule, read in the company's time zone: every day, on the chosen weekdays (0 Sunday … 6 Saturday), or
 * every month on `dayOfMonth` (the last day in shorter months); `until` (YYYY-MM-DD, inclusive) ends it.
 */
export interface ScheduleRecurrence {
  frequency: "daily" | "weekly" | "monthly";
  weekdays?: number[];
  dayOfMonth?: number;
  until?: string | null;
}

/** Scheduled messages to a contact. */
export const schedules = sqliteTable(
  "schedules",
  {
    id: id(),
    companyId: companyId(),
    body: text("body").notNull().default(""),
    sendAt: integer("send_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    /** Ticket the message was (or will be) sent in. */
    ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
    /** Who scheduled it. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Connection to send on; null = the company's default connection. */
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    status: text("status", { enum: SCHEDULE_STATUSES }).notNull().default("PENDENTE"),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    /** Why it is ERRO: an error code of the catalogue (ERR_SCHEDULE_MISSED, ERR_SENDING_WAPP_MSG, …). */
    error: text("error"),
    /** The message it became in the ticket's history (set with AGENDADA, in the same transaction). */
    messageId: integer("message_id"),
    /** How it repeats; each occurrence is its own record, made when the one before it is sent. */
    recurrence: text("recurrence", { mode: "json" }).$type<ScheduleRecurrence>(),
    /** The first record of a recurring series (its own id for the first one). */
    seriesId: integer("series_id"),
    /** A marketing message ("mensagem de marketing"): not sent to a contact who revoked marketing consent (issue 28). */
    marketing: integer("marketing", { mode: "boolean" }).notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    // Cron: WHERE status = 'PENDENTE' AND send_at <= now (all companies).
    index("schedules_status_send_at_idx").on(t.status, t.sendAt),
    index("schedules_company_send_at_idx").on(t.companyId, t.sendAt),
    index("schedules_contact_idx").on(t.contactId),
    index("schedules_message_idx").on(t.messageId),
    // A ticket's deletion empties its schedules' ticket_id (set null), and a contact's erasure finds them by ticket.
    index("schedules_ticket_idx").on(t.ticketId),
  ],
);

export const schedulesRelations = relations(schedules, ({ one }) => ({
  company: one(companies, { fields: [schedules.companyId], references: [companies.id] }),
  contact: one(contacts, { fields: [schedules.contactId], references: [contacts.id] }),
  ticket: one(tickets, { fields: [schedules.ticketId], references: [tickets.id] }),
  user: one(users, { fields: [schedules.userId], references: [users.id] }),
  whatsapp: one(whatsapps, { fields: [schedules.whatsappId], references: [whatsapps.id] }),
}));

export type Schedule = typeof schedules.$inferSelect;
export type NewSchedule = typeof schedules.$inferInsert;
