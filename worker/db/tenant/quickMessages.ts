import { relations } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { companies } from "../shared/companies";
import { users } from "./users";

/** Quick replies ("/shortcode"), private to their user unless geral (company-wide). */
export const quickMessages = sqliteTable(
  "quick_messages",
  {
    id: id(),
    companyId: companyId(),
    shortcode: text("shortcode").notNull(),
    message: text("message").notNull().default(""),
    /** Shared with the whole company. */
    geral: integer("geral", { mode: "boolean" }).notNull().default(false),
    status: integer("status", { mode: "boolean" }).notNull().default(true),
    /** Owner; null once that user is deleted. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** R2 key of the attachment (isMedia = mediaPath is not null). */
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    ...timestamps(),
  },
  (t) => [
    index("quick_messages_company_shortcode_idx").on(t.companyId, t.shortcode),
    index("quick_messages_user_idx").on(t.userId),
  ],
);

export const quickMessagesRelations = relations(quickMessages, ({ one }) => ({
  company: one(companies, { fields: [quickMessages.companyId], references: [companies.id] }),
  user: one(users, { fields: [quickMessages.userId], references: [users.id] }),
}));

export type QuickMessage = typeof quickMessages.$inferSelect;
export type NewQuickMessage = typeof quickMessages.$inferInsert;
