import { and, eq } from "drizzle-orm";
import { tickets } from "../../db/tenant";
import type { Ctx } from "../context";
import { requirePermission } from "../context";
import { AppError } from "../errors";
import { messageMediaOfTickets, removeOrphanedMedia } from "../messages/orphanedMedia";
import { publishTicketDelete, scopeOf } from "./ticketEvents";
import { recordAudit } from "../audit/recordAudit";

/** Admin only. Messages, notes, tags and history go with the ticket (foreign keys cascade), and its files. */
export async function deleteTicket({ ctx, input }: { ctx: Ctx; input: { ticketId: number } }) {
  requirePermission(ctx, "ticket-options:deleteTicket");
  const current = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, input.ticketId), eq(tickets.companyId, ctx.companyId)))
    .get();
  if (!current) throw new AppError("ERR_NO_TICKET_FOUND");
  const media = await messageMediaOfTickets(ctx, [current.id]);
  // The deletion and its entry (no message, no contact's name: the ticket's number, state and where it was): one
  // transaction.
  ctx.db.transaction(() => {
    ctx.db.delete(tickets).where(and(eq(tickets.id, input.ticketId), eq(tickets.companyId, ctx.companyId))).run();
    recordAudit(ctx, {
      action: "ticket.deleted",
      target: { type: "ticket", id: current.id, label: `#${current.id}` },
      detail: { status: current.status, contactId: current.contactId, queueId: current.queueId, userId: current.userId, whatsappId: current.whatsappId },
    });
  });
  removeOrphanedMedia(ctx, media);
  await publishTicketDelete(ctx, scopeOf(current), current.id);
  return { id: current.id };
}
