import { z } from "zod";
import { createContactInput } from "../../../../worker/contracts/contacts";

/**
 * The extra-info list as the form holds it (rows of text, any blank), its rows entirely blank dropped (not sent, nor
 * an error), then the contract's list.
 */
const extraInfoRows = z
  .array(z.object({ name: z.string().optional(), value: z.string().optional() }))
  .optional()
  .transform((rows) => rows?.filter((row) => row.name || row.value))
  .pipe(createContactInput.shape.extraInfo);

/**
 * The contact form: the API's createContactInput (spec: name 2–50, number 8–50 with 8 digits, email empty or valid,
 * the bot switch, absent when off, read as off by its default; extra info). The form's own: blank extra-info rows
 * are dropped.
 */
export const contactFormSchema = createContactInput.extend({ extraInfo: extraInfoRows });
