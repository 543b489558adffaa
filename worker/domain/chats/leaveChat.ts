import { and, asc, eq } from "drizzle-orm";
import { chats, chatUsers } from "../../db/tenant";
import type { Ctx } from "../context";
import { deleteChatMedia } from "./media";
import { chatViews, memberChat, publishChatUpdate } from "./view";

/**
 * POST /chats/:id/leave: the acting user stops being a member. An owner who leaves hands the chat to the member
 * who joined first after them; the last member to leave deletes it.
 */
export async function leaveChat({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const chat = await memberChat(ctx, input.id);
  const remaining = ctx.db.transaction((tx) => {
    tx.delete(chatUsers).where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.userId, ctx.user.id))).run();
    const next = tx.select({ userId: chatUsers.userId }).from(chatUsers).where(eq(chatUsers.chatId, chat.id)).orderBy(asc(chatUsers.createdAt)).all();
    if (next.length === 0) {
      tx.delete(chats).where(eq(chats.id, chat.id)).run();
      return null;
    }
    if (chat.ownerId === ctx.user.id) tx.update(chats).set({ ownerId: next[0]!.userId }).where(eq(chats.id, chat.id)).run();
    return tx.select().from(chats).where(eq(chats.id, chat.id)).get()!;
  });
  if (!remaining) {
    ctx.waitUntil(deleteChatMedia(ctx.env.MEDIA, ctx.companyId, chat.id).catch((err) => console.error("chat media not removed", chat.id, err)));
    await ctx.hub.publish([{ audience: { kind: "users", userIds: [ctx.user.id] }, event: { type: "chat", action: "delete", chatId: chat.id } }]);
    return;
  }
  await publishChatUpdate(ctx, (await chatViews(ctx, [remaining]))[0]!, [ctx.user.id]);
}
