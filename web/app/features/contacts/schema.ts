import { z } from "zod";
import { createContactInput } from "../../../../worker/contracts/contacts";

/** A row of the extra-info list that the user left entirely blank is not sent (nor an error). */
const dropBlankRows = (value: unknown) =>
  Array.isArray(value) ? value.filter((row) => row && typeof row === "object" && Object.values(row).some((v) => v !== undefined && v !== "")) : value;

/**
 * The contact form: the API's createContactInput (spec: name 2–50, number 8–50 with 8 digits, email empty or valid,
 * extra info). The form's own: a switch turned off is absent (here it reads as off), and blank extra-info rows are
 * dropped.
 */
export const contactFormSchema = createContactInput.extend({
  disableBot: z.boolean().default(false),
  extraInfo: z.preprocess(dropBlankRows, createContactInput.shape.extraInfo),
});
