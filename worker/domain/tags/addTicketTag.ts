import { and, eq } from "drizzle-orm";
import { tags, ticketTags } from "../../db/schema";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { laneEnteredStatement, lanesOfTicket } from "../kanban/lanes";
import { visibleTicket } from "../shared/visibleTicket";
import { ticketAfterTagging } from "./ticketTagging";

/** PUT /ticket-tags/:ticketId/:tagId: puts one tag on a ticket the user can see (the spec's kanban drop, after DELETE
 * /ticket-tags/:ticketId; the board itself moves with PUT /ticket/kanban/:ticketId in one command). Idempotent.
 */
export async function addTicketTag({ ctx, input }: { ctx: Ctx; input: { ticketId: number; tagId: number } }) {
  const ticket = await visibleTicket(ctx, input.ticketId);
  const tag = await ctx.db
    .select({ id: tags.id, kanban: tags.kanban })
    .from(tags)
    .where(and(eq(tags.id, input.tagId), eq(tags.companyId, ctx.companyId)))
    .get();
  if (!tag) throw new AppError("ERR_NO_TAG_FOUND");
  const lanes = tag.kanban === 1 ? await lanesOfTicket(ctx, ticket.id) : [];
  const now = new Date();
  const put = ctx.db.insert(ticketTags).values({ ticketId: ticket.id, tagId: tag.id, createdAt: now }).onConflictDoNothing();
  // Into a lane it was not in: the board's time in lane starts now.
  if (tag.kanban === 1 && !lanes.includes(tag.id)) await ctx.db.batch([put, laneEnteredStatement(ctx, ticket.id, now)]);
  else await put;
  return ticketAfterTagging(ctx, ticket);
}
