import { relations } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { companies } from "../shared/companies";

/** 1 high, 2 medium, 3 low. */
export type AnnouncementPriority = 1 | 2 | 3;

/**
 * Platform announcements, managed by super users and shown to the users of every company.
 * companyId is NOT the audience: it is the company of the super admin who wrote it (the platform company),
 * kept not null so the table follows the tenant rule; readers list active announcements of all companies'
 * authors, i.e. they do not filter by their own companyId.
 */
export const announcements = sqliteTable(
  "announcements",
  {
    id: id(),
    companyId: companyId(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    priority: integer("priority").$type<AnnouncementPriority>().notNull().default(3),
    status: integer("status", { mode: "boolean" }).notNull().default(true),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    /** After this moment the announcement is no longer shown (null: until it is turned off or deleted). */
    endDate: integer("end_date", { mode: "timestamp_ms" }),
    /** "all": every company; "chosen": the companies in announcement_companies. */
    audience: text("audience", { enum: ["all", "chosen"] }).notNull().default("all"),
    ...timestamps(),
  },
  (t) => [index("announcements_status_priority_idx").on(t.status, t.priority, t.createdAt)],
);

/** The companies an announcement with audience "chosen" is for. */
export const announcementCompanies = sqliteTable(
  "announcement_companies",
  {
    announcementId: integer("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.companyId] }), index("announcement_companies_company_idx").on(t.companyId)],
);

/**
 * The live delivery of an announcement's latest change to its companies' connected users, fanned out through the
 * FANOUT queue a batch of companies at a time (ADR 0029). `run` names the change: jobs of an older run stop.
 * `cursor` is the last company id delivered, so a redelivered job does not count twice.
 */
export const announcementDeliveries = sqliteTable("announcement_deliveries", {
  announcementId: integer("announcement_id")
    .primaryKey()
    .references(() => announcements.id, { onDelete: "cascade" }),
  run: integer("run").notNull().default(1),
  action: text("action", { enum: ["create", "update", "delete"] }).notNull().default("create"),
  total: integer("total").notNull().default(0),
  delivered: integer("delivered").notNull().default(0),
  cursor: integer("cursor").notNull().default(0),
  status: text("status", { enum: ["running", "done"] }).notNull().default("running"),
  startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
  finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
});

export const announcementsRelations = relations(announcements, ({ one }) => ({
  company: one(companies, { fields: [announcements.companyId], references: [companies.id] }),
}));

export type Announcement = typeof announcements.$inferSelect;
export type NewAnnouncement = typeof announcements.$inferInsert;
