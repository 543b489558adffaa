import type { AnyCtx } from "../context";
import { loadTicket } from "../tickets/presentTicket";
import { publishTicketUpdate, scopeOf } from "../tickets/ticketEvents";
import type { TicketScope } from "../tickets/visibility";

/** After a ticket's tags change: the ticket as lists show it, told to everyone who can see it. */
export async function ticketAfterTagging(ctx: AnyCtx, ticket: TicketScope & { id: number }) {
  const presented = (await loadTicket(ctx.db, ctx.companyId, ticket.id))!;
  await publishTicketUpdate(ctx, scopeOf(ticket), presented);
  return presented;
}
