import { relations } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "./columns";
import { companyId } from "./tenant";
import { companies } from "./companies";
import { contacts } from "./contacts";
import { tickets } from "./tickets";
import { users } from "./users";
import { whatsapps } from "./whatsapp";

/** PENDENTE: waiting for sendAt; AGENDADA: picked by cron and enqueued; ENVIADA: sent; ERRO: gave up. */
export const SCHEDULE_STATUSES = ["PENDENTE", "AGENDADA", "ENVIADA", "ERRO"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

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
    ...timestamps(),
  },
  (t) => [
    // Cron: WHERE status = 'PENDENTE' AND send_at <= now (all companies).
    index("schedules_status_send_at_idx").on(t.status, t.sendAt),
    index("schedules_company_send_at_idx").on(t.companyId, t.sendAt),
    index("schedules_contact_idx").on(t.contactId),
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
