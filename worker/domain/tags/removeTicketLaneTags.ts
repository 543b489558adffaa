import { and, eq, inArray } from "drizzle-orm";
import { ticketTags } from "../../db/schema";
import { laneEnteredStatement, lanesOfTicket, laneTagIds } from "../kanban/lanes";
import type { Ctx } from "../context";
import { visibleTicket } from "../shared/visibleTicket";
import { ticketAfterTagging } from "./ticketTagging";

/**
 * DELETE /ticket-tags/:ticketId: takes a ticket (one the user can see) out of its kanban lane, i.e. removes its
 * tags flagged kanban and keeps the others. A kanban move is this, then PUT /ticket-tags/:ticketId/:tagId.
 */
export async function removeTicketLaneTags({ ctx, input }: { ctx: Ctx; input: { ticketId: number } }) {
  const ticket = await visibleTicket(ctx, input.ticketId);
  const remove = ctx.db.delete(ticketTags).where(and(eq(ticketTags.ticketId, ticket.id), inArray(ticketTags.tagId, laneTagIds(ctx))));
  // Out of a lane into 'Em aberto': the board's time in lane starts now.
  if ((await lanesOfTicket(ctx, ticket.id)).length) await ctx.db.batch([remove, laneEnteredStatement(ctx, ticket.id, new Date())]);
  return ticketAfterTagging(ctx, ticket);
}
