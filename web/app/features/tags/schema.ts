import { z } from "zod";
import { REQUIRED } from "../../../../worker/contracts/fieldMessages";
import { createTagInput } from "../../../../worker/contracts/tags";
import { normalizeHex } from "./colors";
import "./texts";

/**
 * The tag form: the name's rules are the API's (worker/contracts/tags.ts); the colour is the picker's own (any hex
 * it can show, sent as #rrggbb), the kanban switch a checkbox.
 */
export const tagFormSchema = createTagInput.pick({ name: true }).extend({
  color: z
    .string({ error: REQUIRED })
    .refine((v) => normalizeHex(v) !== null, "tags.validation.color")
    .transform((v) => normalizeHex(v)!),
  kanban: z.boolean().optional(),
});

/** Spec 002's own texts for the tag name ('Mensagem muito curta'). */
export const TAG_FORM_MESSAGES = { name: { tooShort: "tags.validation.tooShort", tooLong: "tags.validation.tooLong" } };
