import { and, eq } from "drizzle-orm";
import type { Delivery } from "../../contracts/ws";
import { messages, tickets } from "../../db/tenant";
import { publishContact } from "../contacts/events";
import { loadContactView } from "../contacts/view";
import type { SystemCtx } from "../context";
import { messagesQuery, presentMessageRow } from "../messages/presentMessage";
import { presentTickets, ticketsQuery } from "../tickets/presentTicket";
import { scopeOf, ticketUpdateDelivery, visibilitySettings } from "../tickets/ticketEvents";
import type { TicketScope } from "../tickets/visibility";
import { raiseMessageCreated, raiseTicketChange } from "../publicApi/raiseChanges";

/**
 * The new message to its open chats, the ticket to every list that shows (or showed) it — none for a campaign's
 * outreach ticket (`listed` false) — and the contact if it changed (`contactCreated`: the message made it). The
 * webhooks hear of the message, the ticket's move (a new ticket's creation was raised where it was opened) and the
 * contact.
 */
export async function announce(
  ctx: SystemCtx,
  ticketId: number,
  before: TicketScope | null,
  messageId: number | null,
  changedContactId: number | null,
  listed = true,
  contactCreated = false,
) {
  // The ticket and the message as events carry them, in one D1 round trip.
  const ticketQuery = ticketsQuery(ctx.db, and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId)), { limit: 1 });
  const [ticketRows, messageRows] =
    messageId === null
      ? [await ticketQuery, []]
      : await ctx.db.batch([ticketQuery, messagesQuery(ctx.db, and(eq(messages.companyId, ctx.companyId), eq(messages.id, messageId))!, { limit: 1 })]);
  const ticket = presentTickets(ticketRows)[0]!;
  const settings = await visibilitySettings(ctx);
  const scope = scopeOf(ticket);
  const deliveries: Delivery[] = [];
  if (messageRows[0]) {
    const message = presentMessageRow(messageRows[0]);
    deliveries.push({ audience: { kind: "chatBox", ticketId, ticket: scope, settings }, event: { type: "appMessage", action: "create", message } });
    raiseMessageCreated(ctx, message, ticket);
  }
  if (listed) {
    deliveries.push(ticketUpdateDelivery(before, ticket, settings));
    if (before) raiseTicketChange(ctx, before, ticket);
  }
  await ctx.hub.publish(deliveries);
  if (changedContactId !== null) {
    const view = await loadContactView(ctx.db, ctx.companyId, changedContactId);
    if (view) await publishContact(ctx, "update", view, contactCreated ? "contact.created" : "contact.updated");
  }
}
