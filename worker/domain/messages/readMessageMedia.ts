import type { Ctx } from "../context";
import { AppError } from "../errors";
import { servedMedia } from "../shared/servedMedia";
import { visibleMessage } from "./ownMessage";

/** Streams a message's media from R2 to a user who may see its ticket; keys never leave the server. */
export async function readMessageMedia({ ctx, input }: { ctx: Ctx; input: { messageId: number } }) {
  const { message } = await visibleMessage(ctx, input.messageId);
  if (!message.mediaUrl) throw new AppError("ERR_NOT_FOUND", "This message has no media.");
  const object = await ctx.env.MEDIA.get(message.mediaUrl);
  if (!object) throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", "The media file is not available.");
  // A message's media never changes under its URL, so the browser may keep it.
  return servedMedia({ object, fileName: message.mediaName, maxAge: 3600 });
}
