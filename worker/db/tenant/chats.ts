import { relations } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, newUuid, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { companies } from "../shared/companies";
import { users } from "./users";

/** Internal team chats (between users of one company). */
export const chats = sqliteTable(
  "chats",
  {
    id: id(),
    /** Public identifier used in URLs (/chats/{uuid}). */
    uuid: text("uuid").notNull().unique().$defaultFn(newUuid),
    companyId: companyId(),
    title: text("title").notNull().default(""),
    /** Creator; only the owner may edit or delete. Null once that user is deleted. */
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    lastMessage: text("last_message").notNull().default(""),
    /** A one-to-one conversation's pair, "<lower user id>:<higher user id>", so it is opened, never made twice; null for groups. */
    directKey: text("direct_key"),
    ...timestamps(),
  },
  (t) => [
    index("chats_company_updated_idx").on(t.companyId, t.updatedAt),
    uniqueIndex("chats_direct_key_unique").on(t.companyId, t.directKey),
  ],
);

/** Members of a chat with their unread count. No company_id: the chat carries it. */
export const chatUsers = sqliteTable(
  "chat_users",
  {
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unreads: integer("unreads").notNull().default(0),
    /** The newest message this member has seen (0: none): "read up to here" in the chat. */
    lastReadMessageId: integer("last_read_message_id").notNull().default(0),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index("chat_users_user_idx").on(t.userId)],
);

export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: id(),
    companyId: companyId(),
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** Null once the sender is deleted. */
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull().default(""),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    ...timestamps(),
  },
  (t) => [index("chat_messages_chat_created_idx").on(t.chatId, t.createdAt)],
);

/** Members named with @ in a message; the bell lists those newer than the member's last read message. */
export const chatMentions = sqliteTable(
  "chat_mentions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageId: integer("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    chatId: integer("chat_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] }), index("chat_mentions_message_idx").on(t.messageId)],
);

export const chatsRelations = relations(chats, ({ one, many }) => ({
  company: one(companies, { fields: [chats.companyId], references: [companies.id] }),
  owner: one(users, { fields: [chats.ownerId], references: [users.id] }),
  users: many(chatUsers),
  messages: many(chatMessages),
}));

export const chatUsersRelations = relations(chatUsers, ({ one }) => ({
  chat: one(chats, { fields: [chatUsers.chatId], references: [chats.id] }),
  user: one(users, { fields: [chatUsers.userId], references: [users.id] }),
}));

export const chatMessagesRelations = relations(chatMessages, ({ one }) => ({
  chat: one(chats, { fields: [chatMessages.chatId], references: [chats.id] }),
  sender: one(users, { fields: [chatMessages.senderId], references: [users.id] }),
}));

export type Chat = typeof chats.$inferSelect;
export type NewChat = typeof chats.$inferInsert;
export type ChatUser = typeof chatUsers.$inferSelect;
export type NewChatUser = typeof chatUsers.$inferInsert;
export type ChatMessage = typeof chatMessages.$inferSelect;
export type NewChatMessage = typeof chatMessages.$inferInsert;
