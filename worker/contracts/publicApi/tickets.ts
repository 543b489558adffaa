import { z } from "zod";
import { MAX_MESSAGE_BODY } from "../messages";
import { REQUIRED, NOT_TEXT, tooLongAt } from "../fieldMessages";
import { createTicketNoteInput } from "../ticketNotes";
import { platformId, platformIdText } from "../ids";
import { publicPageQuery } from "./paging";
import { publicTicketStatus } from "./resources";

/** The public API's ticket inputs (issue 25): queries, path parameters and bodies, with the UI's field messages. */

const id = platformId();

/** `/tickets/:id`: an id that does not parse is a ticket that does not exist (404). */
export const ticketPath = z.object({ id: platformIdText() });
export const ticketTagPath = z.object({ id: platformIdText(), tagId: platformIdText() });

/** GET /tickets: the company's tickets by last activity, oldest first, so that `updatedSince` syncs forward. */
export const listPublicTicketsQuery = publicPageQuery.extend({
  status: publicTicketStatus.optional(),
  queueId: platformIdText().optional(),
  userId: platformIdText().optional(),
  contactId: platformIdText().optional(),
  /** Tickets whose last change is at or after this instant (ISO 8601). */
  updatedSince: z.iso
    .datetime({ offset: true, error: "Must be a date and time (ISO 8601)" })
    .transform((s) => new Date(s))
    .optional(),
});
export type ListPublicTicketsQuery = z.infer<typeof listPublicTicketsQuery>;

/** POST /tickets/:id/accept: the agent who takes it; the token's maker when not given. */
export const acceptTicketBody = z.object({ userId: id.optional() });

/** POST /tickets/:id/transfer: to a queue, to an agent, or both (with no agent the ticket waits in the queue). */
export const transferTicketBody = z
  .object({ queueId: id.optional(), userId: id.optional() })
  .refine((b) => b.queueId !== undefined || b.userId !== undefined, { message: "Give queueId, userId or both" });

/** POST /tickets/:id/notes: the contact drawer's note, with its rule (at least 2 characters). */
export const createPublicNoteBody = z.object({ body: createTicketNoteInput.shape.note });

/** POST /tickets/:id/tags: tags added to the ticket's (those it has stay). */
export const addTicketTagsBody = z.object({
  tagIds: z.array(id, { error: "Must be a list of tag ids" }).min(1, REQUIRED).max(100, "At most 100 tags"),
});

/** POST /tickets/:id/messages: a text, as an agent writes it in the chat. */
export const sendPublicMessageBody = z.object({
  body: z
    .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
    .trim()
    .min(1, REQUIRED)
    .max(MAX_MESSAGE_BODY, tooLongAt(MAX_MESSAGE_BODY)),
  /** A message of the same ticket this one replies to. */
  quotedMessageId: id.optional(),
});
