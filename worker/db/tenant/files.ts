import { relations } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { companies } from "../shared/companies";
import { users } from "./users";

/**
 * Named sets of files (spec 002's file lists), sent in order before a queue option's or a campaign's message
 * (ADR 0039). `message` is the list's description for the company's users (spec: required); it is not sent.
 */
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
  (t) => [uniqueIndex("file_lists_company_name_uq").on(t.companyId, t.name), index("file_lists_company_name_idx").on(t.companyId, t.name)],
);

export const fileListOptions = sqliteTable(
  "file_list_options",
  {
    id: id(),
    companyId: companyId(),
    fileListId: integer("file_list_id")
      .notNull()
      .references(() => fileLists.id, { onDelete: "cascade" }),
    /** The file's name as shown and as a document is sent. */
    name: text("name").notNull(),
    /** R2 key of the file; empty until uploaded. */
    path: text("path").notNull().default(""),
    /** MIME type of the file. */
    mediaType: text("media_type").notNull().default(""),
    /** Sent with the file as its caption (images, videos, documents); may be empty. */
    description: text("description").notNull().default(""),
    /** Order in which the files are sent (ascending, then id). */
    position: integer("position").notNull().default(0),
    /** Bytes of the stored file. */
    size: integer("size").notNull().default(0),
    /** The uploaded file's own name (safe characters), as WhatsApp shows a document. */
    fileName: text("file_name").notNull().default(""),
    ...timestamps(),
  },
  (t) => [index("file_list_options_list_idx").on(t.fileListId), index("file_list_options_list_position_idx").on(t.fileListId, t.position)],
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
