import { z } from "zod";
import { platformId } from "./ids";
import { MAX_MEDIA_BYTES } from "./messages";
import { pagedSearchQuery } from "./paging";
import { patchOf } from "./patch";
import { REQUIRED, NOT_TEXT, TOO_SHORT, TOO_LONG } from "./fieldMessages";

export { pagedSearchQuery as listFileListsQuery } from "./paging";

/** Each file of a list: what WhatsApp takes as media (16 MB). */
export const MAX_FILE_LIST_FILE_BYTES = MAX_MEDIA_BYTES;
/** Files per list: each is one WhatsApp message, sent before the option's or campaign's own. */
export const MAX_FILE_LIST_FILES = 20;

/** Spec 002: file list name min 3; message required (the web shows the spec's 'nome muito curto'). */
const name = z
  .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
  .trim()
  .min(1, REQUIRED)
  .min(3, TOO_SHORT)
  .max(100, TOO_LONG);
const message = z
  .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
  .trim()
  .min(1, REQUIRED)
  .max(2000, TOO_LONG);

/** One file's shown name and caption; `id` names a file already uploaded (the order given is the sending order). */
const fileEntry = z.object({
  id: platformId("Must be a file id"),
  name: z.string({ error: NOT_TEXT }).trim().min(1, REQUIRED).max(120, TOO_LONG),
  description: z.string({ error: NOT_TEXT }).trim().max(1000, TOO_LONG).default(""),
});

export const createFileListInput = z.object({ name, message });
export type CreateFileListInput = z.infer<typeof createFileListInput>;

/** PUT /files/:id: any of name and message; `options`, when given, is the whole list of files in sending order (one left out is deleted). */
export const updateFileListInput = patchOf({
  name: name.optional(),
  message: message.optional(),
  options: z.array(fileEntry, { error: "Must be a list of files" }).max(MAX_FILE_LIST_FILES, `At most ${MAX_FILE_LIST_FILES} files`).optional(),
});
export type UpdateFileListInput = z.infer<typeof updateFileListInput>;
