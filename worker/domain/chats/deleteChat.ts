import { and, eq } from "drizzle-orm";
import { chats } from "../../db/tenant";
import type { Ctx } from "../context";
import { deleteChatMedia } from "./media";
import { memberIds, ownedChat } from "./view";

/** DELETE /chats/:id (the owner only): the chat, its members and messages go; then its attachments in R2. */
export async function deleteChat({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const chat = await ownedChat(ctx, input.id);
  const members = await memberIds(ctx, chat.id);
  await ctx.db.delete(chats).where(and(eq(chats.id, chat.id), eq(chats.companyId, ctx.companyId)));
  ctx.waitUntil(deleteChatMedia(ctx.env.MEDIA, ctx.companyId, chat.id).catch((err) => console.error("chat media not removed", chat.id, err)));
  await ctx.hub.publish([{ audience: { kind: "users", userIds: members }, event: { type: "chat", action: "delete", chatId: chat.id } }]);
}
