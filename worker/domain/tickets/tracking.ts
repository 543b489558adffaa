import { sql, type SQL } from "drizzle-orm";
import { ticketTracking } from "../../db/schema";
import type { AnyCtx } from "../context";
import type { TicketScope } from "./visibility";

export type TrackedAction = "create" | "accept" | "reopen" | "return" | "close" | "transfer" | "delete";

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
