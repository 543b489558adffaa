import { index, integer, primaryKey, sqliteTable } from "drizzle-orm/sqlite-core";
import { id } from "./columns";
import { companyId } from "./tenant";
import { tickets } from "./tickets";
import { users } from "./users";
import { queues } from "./queues";
import { contacts } from "./contacts";

/**
 * One row per service episode of a ticket: from the moment it is created or reopened until it is closed (ADR 0024).
 * Written only by SQLite triggers (migration 0002_service_periods.sql) in the same transaction as the history row
 * (`ticket_trackings`), the agent's message (`messages`) or the rating (`user_ratings`) that changes it, so the
 * dashboard reads a few indexed rows per ticket instead of scanning history and messages. Times are UTC epoch ms.
 *
 * - wait time: acceptedAt - queuedAt (episodes that waited in a queue)
 * - first response time: firstResponseAt - queuedAt (the first message an agent typed; bots and automatic ones are not)
 * - resolution time: finishedAt - startedAt; an agent's handling time: finishedAt - assignedAt
 */
export const ticketServicePeriods = sqliteTable(
  "ticket_service_periods",
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    /** The queue and the agent the ticket has now (or had when it closed). */
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Created or reopened. */
    startedAt: integer("started_at").notNull(),
    /** First time it waited in a queue (pending) in this episode; null when an agent opened it directly. */
    queuedAt: integer("queued_at"),
    /** First time an agent had it open. */
    acceptedAt: integer("accepted_at"),
    acceptedUserId: integer("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
    /** When the current agent got it (accept, transfer or reopen). */
    assignedAt: integer("assigned_at"),
    /** The first message an agent typed (not the bot's, not an automatic one, not a private note). */
    firstResponseAt: integer("first_response_at"),
    firstResponseUserId: integer("first_response_user_id").references(() => users.id, { onDelete: "set null" }),
    transfers: integer("transfers").notNull().default(0),
    finishedAt: integer("finished_at"),
    /** The rating prompt was sent for this episode; the contact's answer (1–3) and when. */
    ratingAskedAt: integer("rating_asked_at"),
    rate: integer("rate"),
    ratedAt: integer("rated_at"),
  },
  (t) => [
    index("service_periods_ticket_idx").on(t.ticketId, t.finishedAt),
    // Covering indexes: the dashboard's two range reads (resolved in the period, started in it) never visit the
    // table; the queue and agent filters are read from the index too.
    index("service_periods_company_started_idx").on(
      t.companyId,
      t.startedAt,
      t.queuedAt,
      t.acceptedAt,
      t.firstResponseAt,
      t.firstResponseUserId,
      t.queueId,
      t.userId,
    ),
    index("service_periods_company_finished_idx").on(
      t.companyId,
      t.finishedAt,
      t.userId,
      t.startedAt,
      t.assignedAt,
      t.rate,
      t.ratingAskedAt,
      t.queueId,
    ),
    // Per agent without a sort: each agent's resolved episodes, and the episodes each agent answered first.
    index("service_periods_company_user_finished_idx").on(
      t.companyId,
      t.userId,
      t.finishedAt,
      t.assignedAt,
      t.startedAt,
      t.rate,
      t.ratingAskedAt,
      t.queueId,
    ),
    index("service_periods_company_responder_started_idx").on(
      t.companyId,
      t.firstResponseUserId,
      t.startedAt,
      t.queuedAt,
      t.firstResponseAt,
      t.queueId,
      t.userId,
    ),
  ],
);

export type TicketServicePeriod = typeof ticketServicePeriods.$inferSelect;

/**
 * Messages per UTC hour (ADR 0024): the dashboard's "when contacts write" heat map reads at most 24 rows a day
 * instead of every message. Kept by a trigger on `messages` (inbound: from_me = 0; outbound: agents' and bots').
 * `hour` is the epoch ms of the UTC hour's start.
 */
export const messageHours = sqliteTable(
  "message_hours",
  {
    companyId: companyId(),
    hour: integer("hour").notNull(),
    inbound: integer("inbound").notNull().default(0),
    outbound: integer("outbound").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.hour] })],
);
