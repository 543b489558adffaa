import type { Ctx } from "../context";
import { AppError } from "../errors";
import { visibleMessage } from "./ownMessage";

/** Streams a message's media from R2 to a user who may see its ticket; keys never leave the server. */
export async function readMessageMedia({ ctx, input }: { ctx: Ctx; input: { messageId: number } }) {
  const { message } = await visibleMessage(ctx, input.messageId);
  if (!message.mediaUrl) throw new AppError("ERR_NOT_FOUND", "This message has no media.");
  const object = await ctx.env.MEDIA.get(message.mediaUrl);
  if (!object) throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", "The media file is not available.");
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("cache-control", "private, max-age=3600");
  headers.set("x-content-type-options", "nosniff");
  const name = (message.mediaName ?? "file").replace(/["\r\n]/g, "");
  headers.set("content-disposition", `inline; filename="${name}"`);
  return { body: object.body, headers };
}
