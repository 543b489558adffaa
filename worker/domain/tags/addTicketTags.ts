import { and, eq } from "drizzle-orm";
import { inList } from "../../db/inList";
import { tags, ticketTags } from "../../db/tenant";
import type { Ctx } from "../context";
import { fieldError } from "../errors";
import { visibleTicket } from "../shared/visibleTicket";
import { syncTicketTags } from "./syncTicketTags";

/**
 * POST /api/v1/tickets/:id/tags: adds tags to those the ticket has, as the tag picker's sync does (lanes, history
 * and the list's update included). Every tag must be the company's, else 400 naming `tagIds` and nothing changes.
 */
export async function addTicketTags({ ctx, input }: { ctx: Ctx; input: { ticketId: number; tagIds: number[] } }) {
  const ticket = await visibleTicket(ctx, input.ticketId);
  const wanted = [...new Set(input.tagIds)];
  const own = await ctx.db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, ctx.companyId), inList(tags.id, wanted)));
  if (own.length !== wanted.length) throw fieldError({ tagIds: "Unknown tag" });
  const current = await ctx.db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticket.id));
  return syncTicketTags({ ctx, input: { ticketId: ticket.id, tags: [...new Set([...current.map((t) => t.tagId), ...wanted])] } });
}
