import { eq } from "drizzle-orm";
import { ticketNotes } from "../../db/tenant";
import type { Ctx } from "../context";
import { visibleTicket } from "../shared/visibleTicket";
import { loadNotes } from "./view";

/** GET /api/v1/tickets/:id/notes: the notes written on this ticket (not the contact's earlier ones), newest first. */
export async function listNotesOfTicket({ ctx, input }: { ctx: Ctx; input: { ticketId: number } }) {
  const ticket = await visibleTicket(ctx, input.ticketId);
  return loadNotes(ctx.db, ctx.companyId, eq(ticketNotes.ticketId, ticket.id));
}
