import type { TicketView } from "../../contracts/views/ticket";
import type { AnyCtx } from "../context";
import type { TicketScope } from "../tickets/visibility";
import { assigningQueues } from "./assigningQueues";
import { scheduleAssignment } from "./scheduleAssignment";

/**
 * Automatic assignment's listener (automation/changes.ts): a ticket that now waits in a queue with assignment (new,
 * handed over by the chatbot, transferred or returned to the queue) is assigned; an agent who let go of an open
 * ticket (closed, transferred, returned) may have room again, so their queues' waiting tickets are looked at.
 */
export function hearTicketChange(ctx: AnyCtx, before: TicketScope | null, ticket: TicketView): void {
  const modes = assigningQueues(ctx.db, ctx.companyId);
  if (modes.size === 0) return;
  const waits = ticket.status === "pending" && ticket.userId === null && !ticket.chatbot && !ticket.isGroup && ticket.queueId !== null;
  if (waits && modes.has(ticket.queueId!)) scheduleAssignment(ctx, { queueIds: [ticket.queueId!] });
  const letGo = before?.status === "open" && before.userId !== null && (ticket.status !== "open" || ticket.userId !== before.userId);
  if (letGo) scheduleAssignment(ctx, { userIds: [before.userId!] });
}
