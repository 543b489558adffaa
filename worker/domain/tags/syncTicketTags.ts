import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SyncTagsInput } from "../../contracts/tags";
import { inList } from "../../db/inList";
import { tags, ticketTags } from "../../db/tenant";
import type { AnyCtx } from "../context";
import { fieldError } from "../errors";
import { laneEnteredStatement, lanesAmong, lanesOfTicket } from "../kanban/lanes";
import { laneHistoryStatement } from "../kanban/laneMove";
import { visibleTicket } from "../shared/visibleTicket";
import { ticketAfterTagging } from "./ticketTagging";

/**
 * POST /tags/sync: the ticket's tags become exactly the given set, in one batch. The user must be able to see
 * the ticket, and every tag must be the company's (otherwise 400 naming `tags`, nothing changed). A change of the
 * lane the card shows in is written to its history as a kanban move. Answers the ticket with its tags, which lists
 * also receive as a ticket update.
 */
export async function syncTicketTags({ ctx, input }: { ctx: AnyCtx; input: SyncTagsInput }) {
  const ticket = await visibleTicket(ctx, input.ticketId);
  const tagIds = [...new Set(input.tags)];
  if (tagIds.length) {
    const own = await ctx.db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, ctx.companyId), inList(tags.id, tagIds)));
    if (own.length !== tagIds.length) throw fieldError({ tags: "Unknown tag" });
  }
  const now = new Date();
  const inserts: BatchItem<"sqlite">[] = [];
  // D1 binds at most 100 parameters per statement; each link row takes three.
  for (let i = 0; i < tagIds.length; i += 30) {
    inserts.push(ctx.db.insert(ticketTags).values(tagIds.slice(i, i + 30).map((tagId) => ({ ticketId: ticket.id, tagId, createdAt: now }))));
  }
  // Into another lane (or out of every lane): the board's time in lane starts now; a card shown in another lane
  // than before has moved, which its history tells as the board's own moves do.
  const [before, after] = [await lanesOfTicket(ctx, ticket.id), await lanesAmong(ctx, tagIds)];
  const laneChanged = before.length !== after.length || before.some((id) => !after.includes(id));
  const [shownBefore, shownAfter] = [before[0] ?? null, after[0] ?? null];
  const laneEntered = laneChanged ? [laneEnteredStatement(ctx, ticket.id, now)] : [];
  const moved = shownBefore !== shownAfter ? [laneHistoryStatement(ctx, ticket, shownBefore, shownAfter, now)] : [];
  await ctx.db.batch([ctx.db.delete(ticketTags).where(eq(ticketTags.ticketId, ticket.id)), ...inserts, ...laneEntered, ...moved]);
  return ticketAfterTagging(ctx, ticket);
}
