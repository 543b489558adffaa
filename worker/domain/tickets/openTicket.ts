import { tickets } from "../../db/tenant";
import type { AnyCtx } from "../context";
import { loadTicket } from "./presentTicket";
import { publishTicketUpdate } from "./ticketEvents";
import { ticketIdByUuid, trackingRow } from "./tracking";

/**
 * Writes a new ticket (open for an agent, pending for an inbound message) and its first history row in one batch (all or nothing), then tells the agents.
 * Callers have already checked, inside the hub, that the contact has no live ticket on that connection.
 */
export async function openTicket(
  ctx: AnyCtx,
  t: {
    contactId: number;
    isGroup: boolean;
    whatsappId: number;
    userId: number | null;
    queueId: number | null;
    status?: "open" | "pending" | "closed";
    /** Only what a campaign sent (closed, in no list until the contact answers): nobody is told of it. */
    outreach?: boolean;
  },
) {
  const status = t.status ?? "open";
  const now = new Date();
  const uuid = crypto.randomUUID();
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(tickets)
      .values({ uuid, companyId: ctx.companyId, ...t, status, createdAt: now, updatedAt: now })
      .returning({ id: tickets.id }),
    trackingRow(ctx, ticketIdByUuid(uuid), "create", null, { ...t, status }, now),
  ]);
  const ticket = (await loadTicket(ctx.db, ctx.companyId, inserted[0]!.id))!;
  if (!t.outreach) await publishTicketUpdate(ctx, null, ticket);
  return ticket;
}
