import { mediaFileName } from "../quickMessages/media";
import type { Ctx } from "../context";
import { chatMediaKey } from "./media";
import { postChatMessage } from "./messages";
import { memberChat } from "./view";

/**
 * POST /chats/:id/messages with a file (multipart): an attachment with an optional caption. Membership is checked
 * before the body is read; the object is written before the row that points at it.
 */
export async function sendChatMedia({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: number; read: () => Promise<{ file: File; message: string; mentions: number[] }> };
}) {
  const chat = await memberChat(ctx, input.id);
  const { file, message, mentions } = await input.read();
  const name = mediaFileName(file.name);
  const key = chatMediaKey(ctx.companyId, chat.id, name);
  await ctx.env.MEDIA.put(key, await file.arrayBuffer(), { httpMetadata: { contentType: file.type || "application/octet-stream" } });
  try {
    return await postChatMessage(ctx, chat, { message, mentions, media: { path: key, name } });
  } catch (err) {
    await ctx.env.MEDIA.delete(key);
    throw err;
  }
}
