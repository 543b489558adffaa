import { eq } from "drizzle-orm";
import type { CreateTicketNoteInput } from "../../contracts/ticketNotes";
import { ticketNotes } from "../../db/tenant";
import type { Ctx } from "../context";
import { fieldError } from "../errors";
import { visibleTicket } from "../shared/visibleTicket";
import { loadNotes } from "./view";

/** Adds a note to a ticket the user can see; the contact named must be the ticket's. */
export async function createTicketNote({ ctx, input }: { ctx: Ctx; input: CreateTicketNoteInput }) {
  const ticket = await visibleTicket(ctx, input.ticketId);
  if (ticket.contactId !== input.contactId) throw fieldError({ contactId: "Not the ticket's contact" });
  const { id } = await ctx.db
    .insert(ticketNotes)
    .values({ companyId: ctx.companyId, note: input.note, userId: ctx.user.id, contactId: ticket.contactId, ticketId: ticket.id })
    .returning({ id: ticketNotes.id })
    .get();
  const [note] = await loadNotes(ctx.db, ctx.companyId, eq(ticketNotes.id, id));
  return note!;
}
