import { z } from "zod";
import { platformId, platformIdText } from "./ids";

const id = platformId();
const idQuery = platformIdText();

/** A note on a ticket, shown in the contact drawer (spec 000: required, at least 2 characters). */
export const createTicketNoteInput = z.object({
  note: z
    .string({ error: (iss) => (iss.input === undefined ? "Required" : "Must be text") })
    .trim()
    .min(1, "Required")
    .min(2, "Too Short!")
    .max(5000, "Too Long!"),
  ticketId: id,
  contactId: id,
});
export type CreateTicketNoteInput = z.infer<typeof createTicketNoteInput>;

export const listTicketNotesQuery = z.object({ ticketId: idQuery, contactId: idQuery });
export type ListTicketNotesQuery = z.infer<typeof listTicketNotesQuery>;
