import type { MessageView } from "../../contracts/views/message";
import type { TicketView } from "../../contracts/views/ticket";
import type { AnyCtx } from "../context";
import type { TicketScope } from "../tickets/visibility";
import { rulesHearMessage, rulesHearSlaBreach, rulesHearTicketChange } from "./rules/hearEvents";
import { hearTicketChange } from "../assignment/hearTicketChange";
import { serviceLevelsHearMessage, serviceLevelsHearTicket } from "../serviceLevels/listen";
import { pushHearsMessage, pushHearsSlaBreach, pushHearsTicketChange } from "../push/triggers";

/**
 * The one place the company's own automation hears what happened to its tickets (issue 26): every path that
 * announces a ticket's move or a new message to the agents (raiseChanges.ts's callers: agents' commands, inbound
 * messages, bulk moves, automated closes and transfers, the public API) passes through here after its writes have
 * landed. Each listener decides cheaply (in memory) whether it has anything to do, and queues what it does with
 * `ctx.hub.afterThis`, so it runs after the event's transaction, in the hub's command queue, never inside it.
 *
 * Listeners: automatic assignment (domain/assignment/), automation rules (domain/automation/rules/), service levels,
 * Web Push (domain/push/triggers.ts).
 */
export function ticketChanged(ctx: AnyCtx, before: TicketScope | null, ticket: TicketView): void {
  rulesHearTicketChange(ctx, before, ticket);
  hearTicketChange(ctx, before, ticket);
  serviceLevelsHearTicket(ctx, before, ticket);
  pushHearsTicketChange(ctx, before, ticket);
}

/** A message stored on a ticket: a contact's (`fromMe` false) or one said to the contact. */
export function messageStored(ctx: AnyCtx, message: MessageView, ticket: Pick<TicketView, "id" | "uuid" | "status" | "userId" | "contact">): void {
  rulesHearMessage(ctx, message, ticket);
  serviceLevelsHearMessage(ctx, message);
  pushHearsMessage(ctx, message, ticket);
}

/**
 * A ticket passed its queue's first-response or resolution target (service levels, found by the hub's due work):
 * rules on `slaBreached` run for it.
 */
export function slaBreached(ctx: AnyCtx, ticketId: number, target: "firstResponse" | "resolution"): void {
  rulesHearSlaBreach(ctx, ticketId);
  pushHearsSlaBreach(ctx, ticketId, target);
}
