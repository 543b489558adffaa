import { and, eq } from "drizzle-orm";
import type { WebhookEventData, WebhookEventType } from "../../contracts/publicApi/events";
import { campaigns, type Whatsapp } from "../../db/tenant";
import { campaignCounts } from "../campaigns/counts";
import type { ContactView } from "../../contracts/views/contact";
import type { MessageView } from "../../contracts/views/message";
import type { TicketView } from "../../contracts/views/ticket";
import type { AnyCtx } from "../context";
import type { TicketScope } from "../tickets/visibility";
import { isSubscribed } from "../webhooks/activeSubscriptions";
import { presentPublicConnection, presentPublicContact, presentPublicMessage, presentPublicTicket, publicMessageStatusOf } from "./present";
import { raiseEvent, type EventCtx } from "./raiseEvent";
import { messageStored, ticketChanged } from "../automation/changes";

/**
 * The webhook events of the changes every path announces to the agents (a ticket's move, a message, a contact), raised
 * where they are announced: after the change has landed, so a change that rolled back raises nothing. Each asks first
 * whether anyone listens (in memory), so the inbound path of a company with no subscription pays nothing more.
 * The company's own automation hears the same changes first (automation/changes.ts).
 */

/** What a ticket's move is, from where it was (`before`, null for a new ticket) to where it is. */
export function ticketChangeType(before: TicketScope | null, after: Pick<TicketView, "status" | "userId" | "queueId">): WebhookEventType | null {
  if (!before) return "ticket.created";
  if (before.status !== "closed" && after.status === "closed") return "ticket.closed";
  if (before.status === "closed" && after.status !== "closed") return "ticket.reopened";
  if (before.status === "pending" && after.status === "open") return "ticket.accepted";
  if (before.queueId !== after.queueId || before.userId !== after.userId) return "ticket.transferred";
  return null;
}

export function raiseTicketChange(ctx: AnyCtx, before: TicketScope | null, ticket: TicketView) {
  ticketChanged(ctx, before, ticket);
  const type = ticketChangeType(before, ticket);
  if (!type || !isSubscribed(ctx.db, ctx.companyId, type)) return;
  raiseEvent(ctx, type, {
    ticket: presentPublicTicket(ticket),
    previous: before ? { status: before.status, userId: before.userId, queueId: before.queueId } : null,
  });
}

export function raiseMessageCreated(ctx: AnyCtx, message: MessageView, ticket: Pick<TicketView, "id" | "uuid" | "status" | "userId" | "contact">) {
  messageStored(ctx, message, ticket);
  if (!isSubscribed(ctx.db, ctx.companyId, "message.created")) return;
  raiseEvent(ctx, "message.created", {
    message: presentPublicMessage(message),
    ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status },
    contact: { id: ticket.contact.id, name: ticket.contact.name, number: ticket.contact.number },
  });
}

export function raiseContactChange(ctx: AnyCtx, type: "contact.created" | "contact.updated", contact: ContactView) {
  if (!isSubscribed(ctx.db, ctx.companyId, type)) return;
  raiseEvent(ctx, type, { contact: presentPublicContact(contact) });
}

export function raiseMessageStatus(ctx: AnyCtx, message: Pick<MessageView, "id" | "ticketId" | "wid" | "ack">) {
  if (!isSubscribed(ctx.db, ctx.companyId, "message.status")) return;
  raiseEvent(ctx, "message.status", { message: { id: message.id, ticketId: message.ticketId, wid: message.wid, status: publicMessageStatusOf(message.ack) } });
}

export function raiseRatingReceived(ctx: AnyCtx, rating: WebhookEventData<"rating.received">) {
  if (!isSubscribed(ctx.db, ctx.companyId, "rating.received")) return;
  raiseEvent(ctx, "rating.received", rating);
}

/** A campaign that finished, with what came of its sends: delivered, failed (or not a WhatsApp number), skipped. */
export async function raiseCampaignFinished(ctx: AnyCtx, campaignId: number) {
  if (!isSubscribed(ctx.db, ctx.companyId, "campaign.finished")) return;
  const campaign = ctx.db
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status })
    .from(campaigns)
    .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, campaignId)))
    .get();
  if (!campaign) return;
  const counts = await campaignCounts(ctx.db, ctx.companyId, campaignId);
  raiseEvent(ctx, "campaign.finished", { campaign: { ...campaign, sent: counts.delivered, failed: counts.failed + counts.invalid, skipped: counts.skipped } });
}

/** A connection whose status changed (not each new QR code of one waiting to be scanned). */
export function raiseConnectionStatus(ctx: EventCtx, connection: Whatsapp, previousStatus: Whatsapp["status"] | null) {
  if (previousStatus === connection.status || !isSubscribed(ctx.db, ctx.companyId, "connection.status")) return;
  raiseEvent(ctx, "connection.status", { connection: presentPublicConnection(connection), previousStatus });
}
