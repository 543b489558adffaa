import { relations } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "./columns";
import { companyId } from "./tenant";
import { companies } from "./companies";

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
    ...timestamps(),
  },
  (t) => [index("announcements_status_priority_idx").on(t.status, t.priority, t.createdAt)],
);

export const announcementsRelations = relations(announcements, ({ one }) => ({
  company: one(companies, { fields: [announcements.companyId], references: [companies.id] }),
}));

export type Announcement = typeof announcements.$inferSelect;
export type NewAnnouncement = typeof announcements.$inferInsert;
