import { integer, primaryKey, sqliteTable } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * What each user of the company did with a platform announcement (which lives in the control database, so no
 * foreign key): read (the popover's unread count) and dismissed (a high-priority one stops opening by itself).
 */
export const announcementReceipts = sqliteTable(
  "announcement_receipts",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    announcementId: integer("announcement_id").notNull(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    dismissedAt: integer("dismissed_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

export type AnnouncementReceipt = typeof announcementReceipts.$inferSelect;
