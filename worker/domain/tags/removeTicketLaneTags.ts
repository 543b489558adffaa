import { and, eq, inArray } from "drizzle-orm";
import { tags, ticketTags } from "../../db/schema";
import type { Ctx } from "../context";
import { visibleTicket } from "../shared/visibleTicket";
import { ticketAfterTagging } from "./ticketTagging";

/**
 * DELETE /ticket-tags/:ticketId: takes a ticket (one the user can see) out of its kanban lane, i.e. removes its
 * tags flagged kanban and keeps the others. A kanban move is this, then PUT /ticket-tags/:ticketId/:tagId.
 */
export async function removeTicketLaneTags({ ctx, input }: { ctx: Ctx; input: { ticketId: number } }) {
  const ticket = await visibleTicket(ctx, input.ticketId);
  const lanes = ctx.db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, ctx.companyId), eq(tags.kanban, 1)));
  await ctx.db.delete(ticketTags).where(and(eq(ticketTags.ticketId, ticket.id), inArray(ticketTags.tagId, lanes)));
  return ticketAfterTagging(ctx, ticket);
}
