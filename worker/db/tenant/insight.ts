import { index, integer, primaryKey, sqliteTable } from "drizzle-orm/sqlite-core";
import { id } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { tickets } from "./tickets";
import { users } from "./users";
import { queues } from "./queues";
import { contacts } from "./contacts";

/**
 * One row per service episode of a ticket: from the moment it is created or reopened until it is closed (ADR 0024).
 * Written only by SQLite triggers (migration 0003_service_periods.sql) in the same transaction as the history row
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

const counter = (name: string) => integer(name).notNull().default(0);

/**
 * The service episodes summed per UTC day, agent and queue (ADR 0033), so a long period reads a few thousand rows
 * instead of every episode: its whole UTC days come from here, its partial first and last days from the episodes.
 * Kept by triggers on `ticket_service_periods` (migration 0004_service_rollups.sql): an episode counts as started
 * on its start's day under its agent (`user_id`, 0 for none), as answered under its first responder, and as
 * resolved on its close's day. Sums are in ms.
 */
export const serviceDays = sqliteTable(
  "service_days",
  {
    companyId: companyId(),
    day: integer("day").notNull(),
    userId: integer("user_id").notNull(),
    queueId: integer("queue_id").notNull(),
    started: counter("started"),
    waitN: counter("wait_n"),
    waitSum: counter("wait_sum"),
    firstResponseN: counter("first_response_n"),
    firstResponseSum: counter("first_response_sum"),
    respondedN: counter("responded_n"),
    respondedSum: counter("responded_sum"),
    resolved: counter("resolved"),
    handlingN: counter("handling_n"),
    handlingSum: counter("handling_sum"),
    resolutionSum: counter("resolution_sum"),
    asked: counter("asked"),
    rate1: counter("rate1"),
    rate2: counter("rate2"),
    rate3: counter("rate3"),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.userId, t.queueId] })],
);

/** Episodes started and resolved per UTC hour and queue (ADR 0033): the per-day series of a long period. */
export const serviceHours = sqliteTable(
  "service_hours",
  {
    companyId: companyId(),
    hour: integer("hour").notNull(),
    queueId: integer("queue_id").notNull(),
    started: counter("started"),
    resolved: counter("resolved"),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.hour, t.queueId] })],
);

/**
 * How many durations of each kind fell in each bucket, per UTC day and queue (ADR 0034): a period's median is found
 * in its bucket from here, then only that bucket's entries are walked. `kind` 1 resolution, 2 wait, 3 first response
 * (see `DURATION_KINDS` in domain/insight/medians.ts); `lo`/`hi` bound the durations counted (a removal leaves them).
 * Kept by triggers on `ticket_service_periods` (migration 0008_service_durations.sql).
 */
export const serviceDurations = sqliteTable(
  "service_durations",
  {
    companyId: companyId(),
    kind: integer("kind").notNull(),
    day: integer("day").notNull(),
    queueId: integer("queue_id").notNull(),
    bucket: integer("bucket").notNull(),
    n: counter("n"),
    lo: integer("lo").notNull(),
    hi: integer("hi").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.day, t.queueId, t.bucket] })],
);
