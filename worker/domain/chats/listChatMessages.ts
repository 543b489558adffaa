import { eq } from "drizzle-orm";
import { CHAT_MESSAGES_PAGE_SIZE } from "../../contracts/chats";
import { chatMessages, users } from "../../db/tenant";
import type { Ctx } from "../context";
import { messageColumns, newestFirst, presentMessages } from "./messages";
import { memberChat } from "./view";

/**
 * GET /chats/:id/messages: a page of a member's chat, page 1 the newest; each page's records run oldest to newest,
 * as they are shown, and `hasMore` says whether older ones remain.
 */
export async function listChatMessages({ ctx, input }: { ctx: Ctx; input: { id: number; pageNumber: number } }) {
  const chat = await memberChat(ctx, input.id);
  const rows = await ctx.db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(eq(chatMessages.chatId, chat.id))
    .orderBy(...newestFirst)
    .limit(CHAT_MESSAGES_PAGE_SIZE + 1)
    .offset((input.pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE)
    .all();
  const hasMore = rows.length > CHAT_MESSAGES_PAGE_SIZE;
  const page = rows.slice(0, CHAT_MESSAGES_PAGE_SIZE).reverse();
  return { records: await presentMessages(ctx, page), hasMore };
}
