import { z } from "zod";
import { platformId, platformIdText } from "./ids";
import { REQUIRED, NOT_TEXT, TOO_SHORT, TOO_LONG } from "./fieldMessages";

const id = platformId();
const idQuery = platformIdText();

/** A note on a ticket, shown in the contact drawer (spec 000: required, at least 2 characters). */
export const createTicketNoteInput = z.object({
  note: z
    .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
    .trim()
    .min(1, REQUIRED)
    .min(2, TOO_SHORT)
    .max(5000, TOO_LONG),
  ticketId: id,
  contactId: id,
});
export type CreateTicketNoteInput = z.infer<typeof createTicketNoteInput>;

export const listTicketNotesQuery = z.object({ ticketId: idQuery, contactId: idQuery });
export type ListTicketNotesQuery = z.infer<typeof listTicketNotesQuery>;
