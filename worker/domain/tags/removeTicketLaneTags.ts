import { lanesOfTicket } from "../kanban/lanes";
import { laneMoveStatements } from "../kanban/laneMove";
import type { Ctx } from "../context";
import { visibleTicket } from "../shared/visibleTicket";
import { ticketAfterTagging } from "./ticketTagging";

/**
 * DELETE /ticket-tags/:ticketId: takes a ticket (one the user can see) out of its kanban lane, i.e. removes its
 * tags flagged kanban and keeps the others: a move to 'Em aberto', written as the board's own move is (time in
 * lane restarted, the move in its history). The spec's kanban drop is this, then PUT /ticket-tags/:ticketId/:tagId.
 */
export async function removeTicketLaneTags({ ctx, input }: { ctx: Ctx; input: { ticketId: number } }) {
  const ticket = await visibleTicket(ctx, input.ticketId);
  const lanes = await lanesOfTicket(ctx, ticket.id);
  if (lanes.length) await ctx.db.batch(laneMoveStatements(ctx, ticket, lanes[0]!, null, new Date()));
  return ticketAfterTagging(ctx, ticket);
}
