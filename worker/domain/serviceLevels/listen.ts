import type { MessageView } from "../../contracts/views/message";
import type { TicketView } from "../../contracts/views/ticket";
import { asSystem, type AnyCtx } from "../context";
import { loadTicket } from "../tickets/presentTicket";
import { scopeOf, ticketUpdateDelivery, visibilitySettings } from "../tickets/ticketDelivery";
import type { TicketScope } from "../tickets/visibility";
import { markFirstResponse, moveClock, serviceHoursOf } from "./clock";
import { queuesWithTargets } from "./queueTargets";

/** What a ticket's move does to its clock (see moveClock), or nothing. */
export function clockMoveOf(before: TicketScope | null, ticket: Pick<TicketView, "status" | "queueId" | "slaStartedAt" | "resolvedAt">) {
  if (ticket.status === "closed") return before && before.status !== "closed" && ticket.slaStartedAt && !ticket.resolvedAt ? "stop" : null;
  if (!before || before.status === "closed") return "start";
  if (before.queueId !== ticket.queueId) return ticket.slaStartedAt ? "recompute" : "start";
  return null;
}

/**
 * Service levels hear a ticket's move (automation/changes.ts): in a company without targets, or a move that does not
 * touch the clock, a map lookup; otherwise the clock moves after the event's transaction and the ticket is told again.
 */
export function serviceLevelsHearTicket(ctx: AnyCtx, before: TicketScope | null, ticket: TicketView) {
  if (!ticket.slaStartedAt && (ticket.queueId === null || !queuesWithTargets(ctx.db, ctx.companyId).has(ticket.queueId))) return;
  const move = clockMoveOf(before, ticket);
  if (!move) return;
  const at = new Date();
  const system = asSystem(ctx);
  ctx.hub.afterThis("service levels' clock", async () => {
    const { changed, running } = moveClock(system.db, system.companyId, await serviceHoursOf(system), ticket.id, move, at);
    if (changed) await publishClock(system, ticket.id, running);
  });
}

/** An agent's first message (not the bot's, a campaign's or a private note) stops the first-response clock. */
export function serviceLevelsHearMessage(ctx: AnyCtx, message: MessageView) {
  if (!message.fromMe || message.userId === null || message.sentByBot || message.isPrivate) return;
  if (queuesWithTargets(ctx.db, ctx.companyId).size === 0) return;
  const at = message.createdAt;
  const system = asSystem(ctx);
  ctx.hub.afterThis("service levels' first response", async () => {
    if (markFirstResponse(system.db, system.companyId, message.ticketId, at)) await publishClock(system, message.ticketId, false);
  });
}

/** The ticket with its clock, to everyone who sees it; the hub's alarm re-armed when a due time runs. */
export async function publishClock(ctx: AnyCtx, ticketId: number, running: boolean) {
  const ticket = await loadTicket(ctx.db, ctx.companyId, ticketId);
  if (ticket) await ctx.hub.publish([ticketUpdateDelivery(scopeOf(ticket), ticket, await visibilitySettings(ctx))]);
  if (running) await ctx.hub.workChanged();
}
