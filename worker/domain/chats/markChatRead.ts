import { and, eq, max } from "drizzle-orm";
import { chatMessages, chatUsers } from "../../db/tenant";
import type { Ctx } from "../context";
import { memberChat, memberIds } from "./view";

/**
 * POST /chats/:id/read: the acting user (the session's, never a body field) has read the chat up to its newest
 * message. The newest id and the reset are one synchronous transaction, so a message stored just after it still
 * counts as unread.
 */
export async function markChatRead({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const chat = await memberChat(ctx, input.id);
  const lastReadMessageId = ctx.db.transaction((tx) => {
    const newest = tx.select({ id: max(chatMessages.id) }).from(chatMessages).where(eq(chatMessages.chatId, chat.id)).get()?.id ?? 0;
    tx.update(chatUsers)
      .set({ unreads: 0, lastReadMessageId: newest, updatedAt: new Date() })
      .where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.userId, ctx.user.id)))
      .run();
    return newest;
  });
  await ctx.hub.publish([
    {
      audience: { kind: "users", userIds: await memberIds(ctx, chat.id) },
      event: { type: "chat", action: "read", chatId: chat.id, userId: ctx.user.id, lastReadMessageId },
    },
  ]);
  return { chatId: chat.id, userId: ctx.user.id, unreads: 0, lastReadMessageId };
}
