import { and, eq } from "drizzle-orm";
import { tags, ticketTags } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { lanesOfTicket } from "../kanban/lanes";
import { alreadyInLane, laneMoveStatements } from "../kanban/laneMove";
import { visibleTicket } from "../shared/visibleTicket";
import { ticketAfterTagging } from "./ticketTagging";

/**
 * PUT /ticket-tags/:ticketId/:tagId: puts one tag on a ticket the user can see. Idempotent. A lane tag (a kanban
 * tag) means "move to this lane", the second half of the spec's kanban drop (after DELETE /ticket-tags/:ticketId):
 * the ticket's other lane tags go in the same batch and the move is in its history, as the board's own move
 * (PUT /ticket/kanban/:ticketId) does it, so two agents dropping one card at once leave it in one lane. Other tags
 * are only added.
 */
export async function addTicketTag({ ctx, input }: { ctx: Ctx; input: { ticketId: number; tagId: number } }) {
  const ticket = await visibleTicket(ctx, input.ticketId);
  const tag = await ctx.db
    .select({ id: tags.id, kanban: tags.kanban })
    .from(tags)
    .where(and(eq(tags.id, input.tagId), eq(tags.companyId, ctx.companyId)))
    .get();
  if (!tag) throw new AppError("ERR_NO_TAG_FOUND");
  if (tag.kanban === 1) {
    // Read just before the batch, no I/O between: the hub's SQLite answers synchronously.
    const lanes = await lanesOfTicket(ctx, ticket.id);
    if (!alreadyInLane(lanes, tag.id)) await ctx.db.batch(laneMoveStatements(ctx, ticket, lanes[0] ?? null, tag.id, new Date()));
  } else {
    await ctx.db.insert(ticketTags).values({ ticketId: ticket.id, tagId: tag.id, createdAt: new Date() }).onConflictDoNothing();
  }
  return ticketAfterTagging(ctx, ticket);
}
