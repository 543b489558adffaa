import { eq } from "drizzle-orm";
import type { ListTicketNotesQuery } from "../../contracts/ticketNotes";
import { ticketNotes } from "../../db/tenant";
import type { Ctx } from "../context";
import { fieldError } from "../errors";
import { visibleTicket } from "../shared/visibleTicket";
import { loadNotes } from "./view";

/**
 * GET /ticket-notes/list: the contact drawer's notes — every note on the contact (this ticket's and earlier
 * ones'), newest first, for a user who can see the ticket the drawer belongs to. Each note says its ticketId.
 */
export async function listTicketNotes({ ctx, input }: { ctx: Ctx; input: ListTicketNotesQuery }) {
  const ticket = await visibleTicket(ctx, input.ticketId);
  if (ticket.contactId !== input.contactId) throw fieldError({ contactId: "Not the ticket's contact" });
  return loadNotes(ctx.db, ctx.companyId, eq(ticketNotes.contactId, ticket.contactId));
}
