import { and, eq } from "drizzle-orm";
import type { MoveKanbanCardInput } from "../../contracts/kanban";
import { tags } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError, fieldError } from "../errors";
import { assertPlanFeature } from "../plans/planLimits";
import { visibleTicket } from "../shared/visibleTicket";
import { ticketAfterTagging } from "../tags/ticketTagging";
import { kanbanCardOf } from "./card";
import { lanesOfTicket } from "./lanes";
import { alreadyInLane, laneMoveStatements } from "./laneMove";

/**
 * PUT /ticket/kanban/:ticketId: moves a card to another lane (a kanban tag, or null for 'Em aberto') as one
 * command: one batch (laneMoveStatements) swaps its lane tag, restarts its time in lane and writes the move to its
 * history, so a failure leaves it where it was and no interleaving leaves it in two lanes or none. The lanes are
 * read just before the batch with no I/O in between (the hub's SQLite answers synchronously), so with `fromTagId`
 * a card someone else moved meanwhile answers 409 ERR_KANBAN_CARD_MOVED (with where it is) rather than jumping
 * away from them. Everyone who can see the ticket gets its update event; the answer is the card.
 */
export async function moveKanbanCard({ ctx, input }: { ctx: Ctx; input: { ticketId: number } & MoveKanbanCardInput }) {
  await assertPlanFeature(ctx, "useKanban");
  const ticket = await visibleTicket(ctx, input.ticketId);
  const { toTagId } = input;
  if (toTagId !== null) {
    const tag = await ctx.db
      .select({ kanban: tags.kanban })
      .from(tags)
      .where(and(eq(tags.id, toTagId), eq(tags.companyId, ctx.companyId)))
      .get();
    if (!tag) throw new AppError("ERR_NO_TAG_FOUND");
    if (tag.kanban !== 1) throw fieldError({ toTagId: "Not a kanban lane" });
  }

  const lanes = await lanesOfTicket(ctx, ticket.id);
  const current = lanes[0] ?? null;
  if (input.fromTagId !== undefined && input.fromTagId !== current) {
    throw new AppError("ERR_KANBAN_CARD_MOVED", undefined, { laneTagId: current });
  }
  if (!alreadyInLane(lanes, toTagId)) await ctx.db.batch(laneMoveStatements(ctx, ticket, current, toTagId, new Date()));
  return kanbanCardOf(await ticketAfterTagging(ctx, ticket));
}
