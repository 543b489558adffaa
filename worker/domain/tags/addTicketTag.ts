import { and, eq } from "drizzle-orm";
import { tags, ticketTags } from "../../db/schema";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { visibleTicket } from "../shared/visibleTicket";
import { ticketAfterTagging } from "./ticketTagging";

/** PUT /ticket-tags/:ticketId/:tagId: puts one tag on a ticket the user can see (the kanban's drop). Idempotent. */
export async function addTicketTag({ ctx, input }: { ctx: Ctx; input: { ticketId: number; tagId: number } }) {
  const ticket = await visibleTicket(ctx, input.ticketId);
  const tag = await ctx.db.select({ id: tags.id }).from(tags).where(and(eq(tags.id, input.tagId), eq(tags.companyId, ctx.companyId))).get();
  if (!tag) throw new AppError("ERR_NO_TAG_FOUND");
  await ctx.db.insert(ticketTags).values({ ticketId: ticket.id, tagId: tag.id }).onConflictDoNothing();
  return ticketAfterTagging(ctx, ticket);
}
