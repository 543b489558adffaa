import { allowedMediaTypes } from "../../contracts/messages";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { mediaFileName } from "../quickMessages/media";

/** R2 keys are prefixed by company (DESIGN: media is served only to the owning company). */
export const queueMediaKey = (companyId: number, queueId: number, fileName: string) => `companies/${companyId}/queues/${queueId}/media/${fileName}`;
export const queueOptionMediaKey = (companyId: number, queueId: number, optionId: number, fileName: string) =>
  `companies/${companyId}/queues/${queueId}/options/${optionId}/${fileName}`;

/**
 * Checks an attachment before it is stored. It is sent to contacts with the greeting or the option's message, so
 * only what WhatsApp takes is accepted (the size limit is checked by the route while the body is read).
 */
export function queueMediaFile(file: File): { name: string; type: string } {
  const type = file.type.split(";")[0]!.trim().toLowerCase();
  if (!allowedMediaTypes[type]) {
    throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", `"${mediaFileName(file.name)}" (${type || "unknown type"}) cannot be sent.`, { mimetype: type });
  }
  return { name: mediaFileName(file.name), type };
}

/** Removes stored objects once no row points at them; a failure only leaves an orphan object behind. */
export async function removeStoredMedia(ctx: Ctx, keys: (string | null)[]) {
  const present = keys.filter((k): k is string => !!k);
  if (present.length === 0) return;
  try {
    await ctx.env.MEDIA.delete(present);
  } catch (err) {
    console.error("queue media cleanup failed", { companyId: ctx.companyId, err: String(err) });
  }
}
