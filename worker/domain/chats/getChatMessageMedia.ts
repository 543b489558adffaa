import { and, eq } from "drizzle-orm";
import { chatMessages } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { readStoredMedia } from "../shared/servedMedia";
import { memberChat } from "./view";

/** GET /chats/:id/messages/:messageId/media: an attachment's bytes, to the chat's members only. */
export async function getChatMessageMedia({ ctx, input }: { ctx: Ctx; input: { id: number; messageId: number } }) {
  const chat = await memberChat(ctx, input.id);
  const row = await ctx.db
    .select({ mediaPath: chatMessages.mediaPath, mediaName: chatMessages.mediaName })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.chatId, chat.id)))
    .get();
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return readStoredMedia(ctx, row.mediaPath, row.mediaName);
}
