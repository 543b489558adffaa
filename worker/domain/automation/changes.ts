import type { MessageView } from "../../contracts/views/message";
import type { TicketView } from "../../contracts/views/ticket";
import type { AnyCtx } from "../context";
import type { TicketScope } from "../tickets/visibility";
import { serviceLevelsHearMessage, serviceLevelsHearTicket } from "../serviceLevels/listen";

/**
 * The one place the company's own automation hears what happened to its tickets (issue 26): every path that
 * announces a ticket's move or a new message to the agents (raiseChanges.ts's callers: agents' commands, inbound
 * messages, bulk moves, automated closes and transfers, the public API) passes through here after its writes have
 * landed. Each listener decides cheaply (in memory) whether it has anything to do, and queues what it does with
 * `ctx.hub.afterThis`, so it runs after the event's transaction, in the hub's command queue, never inside it.
 *
 * Listeners: automatic assignment (domain/assignment/), automation rules (domain/automation/rules/).
 */
export function ticketChanged(_ctx: AnyCtx, _before: TicketScope | null, _ticket: TicketView): void {
  serviceLevelsHearTicket(_ctx, _before, _ticket);
}

/** A message stored on a ticket: a contact's (`fromMe` false) or one said to the contact. */
export function messageStored(_ctx: AnyCtx, _message: MessageView, _ticket: Pick<TicketView, "id" | "uuid" | "status" | "contact">): void {
  serviceLevelsHearMessage(_ctx, _message);
}

/**
 * A ticket passed its queue's first-response or resolution target (service levels, found by the hub's due work):
 * rules on `slaBreached` run for it.
 */
export function slaBreached(_ctx: AnyCtx, _ticketId: number, _target: "firstResponse" | "resolution"): void {}
