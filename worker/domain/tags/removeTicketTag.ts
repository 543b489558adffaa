import { and, eq } from "drizzle-orm";
import { tags, ticketTags } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { visibleTicket } from "../shared/visibleTicket";
import { syncTicketTags } from "./syncTicketTags";

/**
 * DELETE /api/v1/tickets/:id/tags/:tagId: takes one tag off the ticket, as the tag picker's sync does; a tag the
 * ticket does not have leaves it as it is. Another company's tag does not exist (404).
 */
export async function removeTicketTag({ ctx, input }: { ctx: Ctx; input: { ticketId: number; tagId: number } }) {
  const ticket = await visibleTicket(ctx, input.ticketId);
  const tag = await ctx.db.select({ id: tags.id }).from(tags).where(and(eq(tags.id, input.tagId), eq(tags.companyId, ctx.companyId))).get();
  if (!tag) throw new AppError("ERR_NO_TAG_FOUND");
  const current = await ctx.db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticket.id));
  return syncTicketTags({ ctx, input: { ticketId: ticket.id, tags: current.map((t) => t.tagId).filter((id) => id !== tag.id) } });
}
