import { z } from "zod";
import { platformId } from "./ids";
import { MAX_MEDIA_BYTES } from "./messages";
import { pagedSearchQuery } from "./paging";
import { patchOf } from "./patch";

export { pagedSearchQuery as listFileListsQuery } from "./paging";

/** Each file of a list: what WhatsApp takes as media (16 MB). */
export const MAX_FILE_LIST_FILE_BYTES = MAX_MEDIA_BYTES;
/** Files per list: each is one WhatsApp message, sent before the option's or campaign's own. */
export const MAX_FILE_LIST_FILES = 20;

/** Spec 002: file list name min 3 ('nome muito curto'); message required. */
const name = z
  .string({ error: (iss) => (iss.input === undefined ? "Obrigatório" : "Must be text") })
  .trim()
  .min(1, "Obrigatório")
  .min(3, "nome muito curto")
  .max(100, "Too Long!");
const message = z
  .string({ error: (iss) => (iss.input === undefined ? "Obrigatório" : "Must be text") })
  .trim()
  .min(1, "Obrigatório")
  .max(2000, "Too Long!");

/** One file's shown name and caption; `id` names a file already uploaded (the order given is the sending order). */
const fileEntry = z.object({
  id: platformId("Must be a file id"),
  name: z.string({ error: "Must be text" }).trim().min(1, "Obrigatório").max(120, "Too Long!"),
  description: z.string({ error: "Must be text" }).trim().max(1000, "Too Long!").default(""),
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
