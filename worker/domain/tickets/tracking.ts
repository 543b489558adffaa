import { sql, type SQL } from "drizzle-orm";
import { tickets, ticketTracking } from "../../db/tenant";
import type { AnyCtx } from "../context";
import type { TicketScope } from "./visibility";

export type TrackedAction = "create" | "accept" | "reopen" | "return" | "close" | "transfer" | "delete" | "autoAssign";

/**
 * One history row per transition: who, when, from and to. `ticketId` may be a SQL subquery so the row can be
 * written in the same batch as the ticket it belongs to.
 */
export function trackingRow(
  ctx: AnyCtx,
  ticketId: number | SQL,
  action: TrackedAction,
  from: TicketScope | null,
  to: TicketScope & { whatsappId: number | null },
  now = new Date(),
) {
  return ctx.db.insert(ticketTracking).values({
    companyId: ctx.companyId,
    ticketId: ticketId as number,
    action,
    fromStatus: from?.status ?? null,
    toStatus: to.status,
    fromUserId: from?.userId ?? null,
    toUserId: to.userId,
    fromQueueId: from?.queueId ?? null,
    toQueueId: to.queueId,
    byUserId: ctx.user?.id ?? null,
    whatsappId: to.whatsappId,
    queuedAt: to.status === "pending" ? now : null,
    startedAt: to.status === "open" ? now : null,
    finishedAt: to.status === "closed" ? now : null,
    createdAt: now,
  });
}

export const ticketIdByUuid = (uuid: string) => sql`(select id from tickets where uuid = ${uuid})`;

/** What a set-based move changes; a field left out stays as the ticket has it. */
export interface TrackedChange {
  status?: TicketScope["status"];
  clearUser?: boolean;
  /** The agent the ticket goes to (null: nobody); left out, it stays with whoever has it. */
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number;
}

/**
 * One history row per ticket matching `where` (insert … select), read from the row as it is — so it goes in the
 * same batch as, and before, the update that makes the change.
 */
export function trackingRowsOf(ctx: AnyCtx, where: SQL | undefined, action: TrackedAction, change: TrackedChange, now = new Date()) {
  const nowMs = now.getTime();
  const toStatus = change.status !== undefined ? sql`${change.status}` : sql`${tickets.status}`;
  return ctx.db.insert(ticketTracking).select(
    ctx.db
      .select({
        id: sql`null`.as("id"),
        companyId: tickets.companyId,
        ticketId: tickets.id,
        action: sql`${action}`.as("action"),
        fromStatus: tickets.status,
        toStatus: toStatus.as("to_status"),
        fromUserId: tickets.userId,
        toUserId: (change.clearUser ? sql`null` : change.userId !== undefined ? sql`${change.userId}` : sql`${tickets.userId}`).as("to_user_id"),
        fromQueueId: tickets.queueId,
        toQueueId: (change.queueId !== undefined ? sql`${change.queueId}` : sql`${tickets.queueId}`).as("to_queue_id"),
        byUserId: sql`${ctx.user?.id ?? null}`.as("by_user_id"),
        whatsappId: (change.whatsappId !== undefined ? sql`${change.whatsappId}` : sql`${tickets.whatsappId}`).as("whatsapp_id"),
        rated: sql`0`.as("rated"),
        ratingAt: sql`null`.as("rating_at"),
        startedAt: sql`case when ${toStatus} = 'open' then ${nowMs} end`.as("started_at"),
        queuedAt: sql`case when ${toStatus} = 'pending' then ${nowMs} end`.as("queued_at"),
        finishedAt: sql`case when ${toStatus} = 'closed' then ${nowMs} end`.as("finished_at"),
        fromTagId: sql`null`.as("from_tag_id"),
        toTagId: sql`null`.as("to_tag_id"),
        createdAt: sql`${nowMs}`.as("created_at"),
      })
      .from(tickets)
      .where(where),
  );
}
