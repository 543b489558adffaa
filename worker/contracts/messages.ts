import { z } from "zod";
import { platformId } from "./ids";
import { REQUIRED, tooLongAt } from "./fieldMessages";

export const MESSAGES_PAGE_SIZE = 30;
/** WhatsApp's own ceiling for a text message is 65,536 characters; agents never need more than this. */
export const MAX_MESSAGE_BODY = 10_000;
/** Per file sent from the composer (WhatsApp refuses media over 16 MB; documents up to 100 MB are rare here). */
export const MAX_MEDIA_BYTES = 16 * 1024 * 1024;
export const MAX_MEDIA_FILES = 10;

/**
 * Media the composer may send, by MIME type; anything else is refused with a clear 400. Looked up by a type the
 * uploader (or an outside service) names, so it has no prototype: `constructor` or `__proto__` is no type.
 */
export const allowedMediaTypes: Record<string, "image" | "audio" | "video" | "application"> = Object.assign(Object.create(null), {
  "image/jpeg": "image",
  "image/png": "image",
  "image/webp": "image",
  "image/gif": "image",
  "audio/mpeg": "audio",
  "audio/mp3": "audio",
  "audio/ogg": "audio",
  "audio/mp4": "audio",
  "audio/aac": "audio",
  "audio/webm": "audio",
  "video/mp4": "video",
  "video/3gpp": "video",
  "video/quicktime": "video",
  "application/pdf": "application",
  "application/msword": "application",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "application",
  "application/vnd.ms-excel": "application",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "application",
  "application/vnd.ms-powerpoint": "application",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "application",
  "application/zip": "application",
  "text/plain": "application",
  "text/csv": "application",
});

export const listMessagesQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
});

const body = z.string().max(MAX_MESSAGE_BODY, tooLongAt(MAX_MESSAGE_BODY));

export const sendMessageInput = z
  .object({
    body: body.default(""),
    /** The id of the message being replied to (the spec's quotedMsg may be the message object). */
    quotedMsg: z
      .union([platformId(), z.object({ id: platformId() }).transform((q) => q.id)])
      .nullish(),
    signMessage: z.boolean().default(false),
    // Sent by the spec's UI; the server decides these itself.
    read: z.unknown().optional(),
    fromMe: z.unknown().optional(),
    mediaUrl: z.unknown().optional(),
  })
  .transform(({ body, quotedMsg, signMessage }) => ({ body, quotedMsgId: quotedMsg ?? null, signMessage }));
export type SendMessageInput = z.infer<typeof sendMessageInput>;

/**
 * The sending tab's id for a send (issue 29), in the `Idempotency-Key` header of POST /api/messages/:ticketId: a send
 * retried after the network came back carries the same one, and the server answers the message it already stored
 * instead of sending it twice.
 */
export const IDEMPOTENCY_HEADER = "idempotency-key";
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const editMessageInput = z.object({
  body: body.trim().min(1, REQUIRED),
});

export const reactionInput = z.object({
  type: z
    .string()
    .min(1, REQUIRED)
    .max(16)
    .refine((v) => /\p{Extended_Pictographic}/u.test(v), "Expected an emoji"),
});

export const forwardInput = z.object({
  messageId: platformId(),
  contactId: platformId(),
  signMessage: z.boolean().default(false),
});
