import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { ticketTags, ticketTracking } from "../../db/tenant";
import type { AnyCtx, Ctx } from "../context";
import { laneEnteredStatement, laneTagIds } from "./lanes";

/** What a lane move reads of the ticket: its history row repeats status, agent and queue (they do not change). */
export interface LaneMoveTicket {
  id: number;
  status: "open" | "pending" | "closed";
  userId: number | null;
  queueId: number | null;
}

/**
 * A card's move into lane `to` (a kanban tag, or null for 'Em aberto') from lane `from` (where it showed), as the
 * statements of ONE batch: every lane tag off, the new one on, the time in lane restarted, and the move in the
 * ticket's history (action "kanban", from and to lane). Every way of moving a card (the board's PUT
 * /ticket/kanban/:id, the spec's DELETE and PUT /ticket-tags) writes these, so no interleaving of two movers
 * leaves a card in two lanes and every move is in its history.
 */
export function laneMoveStatements(ctx: Ctx, ticket: LaneMoveTicket, from: number | null, to: number | null, now: Date) {
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    ctx.db.delete(ticketTags).where(and(eq(ticketTags.ticketId, ticket.id), inArray(ticketTags.tagId, laneTagIds(ctx)))),
  ];
  if (to !== null) statements.push(ctx.db.insert(ticketTags).values({ ticketId: ticket.id, tagId: to, createdAt: now }));
  statements.push(laneEnteredStatement(ctx, ticket.id, now), laneHistoryStatement(ctx, ticket, from, to, now));
  return statements;
}

/**
 * The move in the ticket's history: action "kanban" with the lane it left and the lane it entered, by the acting
 * user. A history row of its own kind: no queued/started/finished time, so wait and service times ignore it.
 */
export function laneHistoryStatement(ctx: AnyCtx, ticket: LaneMoveTicket, from: number | null, to: number | null, now: Date) {
  return ctx.db.insert(ticketTracking).values({
    companyId: ctx.companyId,
    ticketId: ticket.id,
    action: "kanban",
    fromStatus: ticket.status,
    toStatus: ticket.status,
    fromUserId: ticket.userId,
    toUserId: ticket.userId,
    fromQueueId: ticket.queueId,
    toQueueId: ticket.queueId,
    byUserId: ctx.user?.id ?? null,
    fromTagId: from,
    toTagId: to,
    createdAt: now,
  });
}

/** Whether the card already is exactly in lane `to` (its only lane; for null, in none): moving it changes nothing. */
export const alreadyInLane = (lanes: readonly number[], to: number | null) => (to === null ? lanes.length === 0 : lanes.length === 1 && lanes[0] === to);
