import { z } from "zod";
import { platformId } from "./ids";
import { patchOf } from "./patch";
import { REQUIRED, NOT_TEXT, TOO_SHORT, TOO_LONG } from "./fieldMessages";

export { pagedSearchQuery as listTagsQuery, type PagedSearchQuery as ListTagsQuery } from "./paging";

/** Tag names: at least 3 characters (spec 002; the web shows the spec's 'Mensagem muito curta'). */
const tagName = z
  .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
  .trim()
  .min(1, REQUIRED)
  .min(3, TOO_SHORT)
  .max(100, TOO_LONG);

/** A CSS hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa), as the colour picker gives. */
const tagColor = z
  .string({ error: "Must be a colour" })
  .trim()
  .regex(/^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i, "Must be a colour like #A4CCCC");

/** 0/1 as the spec has it; true/false are read as 1/0. */
const kanbanFlag = z
  .union([z.literal(0), z.literal(1), z.boolean()], { error: "Must be 0 or 1" })
  .transform((v) => (v === true || v === 1 ? 1 : 0));

export const DEFAULT_TAG_COLOR = "#A4CCCC";

export const createTagInput = z.object({
  name: tagName,
  color: tagColor.default(DEFAULT_TAG_COLOR),
  /** Taken only from admins and supervisors (tags:kanbanToggle); anyone else's value is ignored. */
  kanban: kanbanFlag.default(0),
});
export type CreateTagInput = z.infer<typeof createTagInput>;

/** PUT: any subset. The spec's form also sends userId; the creator never changes, so it is ignored. */
export const updateTagInput = patchOf({
  name: tagName.optional(),
  color: tagColor.optional(),
  kanban: kanbanFlag.optional(),
});
export type UpdateTagInput = z.infer<typeof updateTagInput>;

const id = platformId();

/** POST /tags/sync: the ticket's tags become exactly these ({ id } objects, as the tag picker sends, or ids). */
export const syncTagsInput = z.object({
  ticketId: id,
  tags: z
    .array(z.union([id, z.object({ id }).transform((t) => t.id)], { error: "Must be a tag or a tag id" }), { error: "Must be a list of tags" })
    .max(100, "At most 100 tags"),
});
export type SyncTagsInput = z.infer<typeof syncTagsInput>;
