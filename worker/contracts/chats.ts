import { z } from "zod";
import { platformId } from "./ids";
import { patchOf } from "./patch";
import { REQUIRED, TOO_LONG } from "./fieldMessages";

/** Messages per page of a chat (GET /chats/:id/messages); older pages load when scrolled near the top. */
export const CHAT_MESSAGES_PAGE_SIZE = 30;
/** Members of one chat: a whole company's team fits; far above what a person picks in the dialog. */
export const MAX_CHAT_MEMBERS = 500;
export const MAX_CHAT_MESSAGE_LENGTH = 4_000;
/** An attachment in a chat (R2), as the inbox's. */
export const MAX_CHAT_MEDIA_BYTES = 16 * 1024 * 1024;


const userId = platformId("Must be a user id");
const title = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(120, TOO_LONG);
const members = z
  .array(userId, { error: REQUIRED })
  .min(1, REQUIRED)
  .max(MAX_CHAT_MEMBERS, `At most ${MAX_CHAT_MEMBERS} users`)
  .transform((ids) => [...new Set(ids)]);

/** POST /chats: a group chat; `users` are the members besides its owner (the user creating it). */
export const createChatInput = z.object({ title, users: members });
export type CreateChatInput = z.infer<typeof createChatInput>;

/** PUT /chats/:id (owner only): a new title and/or the whole member list (the owner always stays). */
export const updateChatInput = patchOf({ title: title.optional(), users: members.optional() });
export type UpdateChatInput = z.infer<typeof updateChatInput>;

/** POST /chats/direct: the one-to-one conversation with a colleague, opened if it exists, else made. */
export const openDirectChatInput = z.object({ userId });
export type OpenDirectChatInput = z.infer<typeof openDirectChatInput>;

/** GET /chats: the user's chats; `scope=all` lets an admin see which chats exist (titles and members only). */
export const listChatsQuery = z.object({ scope: z.enum(["mine", "all"], { error: "Must be mine or all" }).default("mine") });

export const chatMessagesQuery = z.object({
  pageNumber: z.coerce.number({ error: "Must be a page number" }).int("Must be a page number").min(1, "Must be a page number").max(100_000).default(1),
});

/**
 * POST /chats/:id/messages: text (blank after trimming is refused, as the composer never sends it) and the ids of
 * members it names with @; ids of non-members, or whose name the text does not carry, are dropped.
 */
export const sendChatMessageInput = z.object({
  message: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(MAX_CHAT_MESSAGE_LENGTH, TOO_LONG),
  mentions: z.array(userId).max(MAX_CHAT_MEMBERS).default([]),
});
export type SendChatMessageInput = z.infer<typeof sendChatMessageInput>;

/** The multipart form of an attachment: the file, and an optional caption (with its mentions as a JSON list). */
export const chatMediaFields = z.object({
  message: z.string().trim().max(MAX_CHAT_MESSAGE_LENGTH, TOO_LONG).default(""),
  mentions: z
    .string()
    .default("[]")
    .transform((s, ctx) => {
      try {
        return z.array(userId).max(MAX_CHAT_MEMBERS).parse(JSON.parse(s));
      } catch {
        ctx.addIssue({ code: "custom", message: "Must be a JSON list of user ids" });
        return z.NEVER;
      }
    }),
});

export type ChatMember = {
  userId: number;
  unreads: number;
  lastReadMessageId: number;
  user: { id: number; name: string };
};

/** A chat as lists and events carry it (spec 002's Chat, plus the direct pair and whether the reader is a member). */
export type ChatView = {
  id: number;
  uuid: string;
  title: string;
  ownerId: number | null;
  lastMessage: string;
  direct: boolean;
  updatedAt: string;
  users: ChatMember[];
};

export type ChatMessageView = {
  id: number;
  chatId: number;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  message: string;
  /** The API path of the attachment (never a storage key), or null. */
  mediaUrl: string | null;
  mediaName: string | null;
  mentions: number[];
  createdAt: string;
};
