import type { Ctx } from "../context";
import { AppError } from "../errors";
import { mediaHeaders } from "./media";
import { visibleQuickMessage } from "./view";

/** GET /quick-messages/:id/media: the attachment's bytes, to whoever may see the quick message. */
export async function getQuickMessageMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const qm = await visibleQuickMessage(ctx, input.id);
  const object = qm.mediaPath ? await ctx.env.MEDIA.get(qm.mediaPath) : null;
  if (!object) throw new AppError("ERR_NO_MEDIA_FOUND");
  const contentType = object.httpMetadata?.contentType ?? "application/octet-stream";
  return { body: object.body, headers: mediaHeaders(contentType, qm.mediaName ?? "file", object.size, object.httpEtag) };
}
