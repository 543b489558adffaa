import { z } from "zod";
import { patchOf } from "./patch";
import { MAX_MESSAGE_BODY } from "./messages";
import { REQUIRED, NOT_TEXT, TOO_LONG } from "./fieldMessages";

export { pagedSearchQuery as listQuickMessagesQuery, type PagedSearchQuery as ListQuickMessagesQuery } from "./paging";

/** Attachments of quick messages: up to WhatsApp's 16 MB for media. */
export const MAX_QUICK_MESSAGE_MEDIA_BYTES = 16 * 1024 * 1024;

/** The "/shortcode" typed in the composer (spec 002: required). */
export const quickMessageShortcode = z
  .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
  .trim()
  .min(1, REQUIRED)
  .max(100, TOO_LONG);
const message = z.string({ error: NOT_TEXT }).max(MAX_MESSAGE_BODY, TOO_LONG);
const flag = z.boolean({ error: "Must be true or false" });

export const createQuickMessageInput = z.object({
  shortcode: quickMessageShortcode,
  message: message.default(""),
  /** Shared with the whole company; only admins set it (quick-messages:geral), anyone else's value is ignored. */
  geral: flag.default(false),
  status: flag.default(true),
});
export type CreateQuickMessageInput = z.infer<typeof createQuickMessageInput>;

/** PUT: any subset. mediaPath and mediaName change only through the media-upload calls. */
export const updateQuickMessageInput = patchOf({
  shortcode: quickMessageShortcode.optional(),
  message: message.optional(),
  geral: flag.optional(),
  status: flag.optional(),
});
export type UpdateQuickMessageInput = z.infer<typeof updateQuickMessageInput>;
