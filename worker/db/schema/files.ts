import { relations } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "./columns";
import { companyId } from "./tenant";
import { companies } from "./companies";
import { users } from "./users";

/** Named sets of files with a message (used by campaigns). */
export const fileLists = sqliteTable(
  "file_lists",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    message: text("message").notNull().default(""),
    /** Who last saved it. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("file_lists_company_name_uq").on(t.companyId, t.name)],
);

export const fileListOptions = sqliteTable(
  "file_list_options",
  {
    id: id(),
    companyId: companyId(),
    fileListId: integer("file_list_id")
      .notNull()
      .references(() => fileLists.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** R2 key of the file; empty until uploaded. */
    path: text("path").notNull().default(""),
    /** MIME type of the file. */
    mediaType: text("media_type").notNull().default(""),
    ...timestamps(),
  },
  (t) => [index("file_list_options_list_idx").on(t.fileListId)],
);

export const fileListsRelations = relations(fileLists, ({ one, many }) => ({
  company: one(companies, { fields: [fileLists.companyId], references: [companies.id] }),
  user: one(users, { fields: [fileLists.userId], references: [users.id] }),
  options: many(fileListOptions),
}));

export const fileListOptionsRelations = relations(fileListOptions, ({ one }) => ({
  fileList: one(fileLists, { fields: [fileListOptions.fileListId], references: [fileLists.id] }),
}));

export type FileList = typeof fileLists.$inferSelect;
export type NewFileList = typeof fileLists.$inferInsert;
export type FileListOption = typeof fileListOptions.$inferSelect;
export type NewFileListOption = typeof fileListOptions.$inferInsert;
