import { and, eq, sql } from "drizzle-orm";
import type { BridgeInboundMessage } from "../../contracts/bridge";
import type { Delivery } from "../../contracts/ws";
import { contacts, messages, tickets, type Whatsapp } from "../../db/schema";
import { answerRating, awaitingRating, rateOf } from "../chatbot/rating";
import { queueTakeoverTurns, takeoverOf } from "../assistant/answers";
import { chatbotAnswers, runChatbot } from "../chatbot/runChatbot";
import { afterContactMessage } from "./contactMessageRules";
import { publishContact } from "../contacts/events";
import { loadContactView } from "../contacts/view";
import type { SystemCtx } from "../context";
import { messagesQuery, presentMessageRow } from "../messages/presentMessage";
import { openTicket } from "../tickets/openTicket";
import { presentTickets, ticketsQuery } from "../tickets/presentTicket";
import { scopeOf, ticketUpdateDelivery, visibilitySettings } from "../tickets/ticketEvents";
import type { TicketScope } from "../tickets/visibility";
import { candidateContacts, identityOf, upsertInboundContact } from "./inboundContact";
import { inboundMessageValues, previewOf, storeInboundMedia } from "./inboundMessageRow";
import { isLive, latestTicketByNumber, latestTicketOfContact, loadInboundTicket, returnToPending, type InboundTicket } from "./inboundTicket";

export type InboundConnection = Pick<
  Whatsapp,
  | "id"
  | "companyId"
  | "greetingMessage"
  | "outOfHoursMessage"
  | "ratingMessage"
  | "complationMessage"
  | "maxUseBotQueues"
  | "timeUseBotQueues"
  | "sendIdQueue"
  | "promptId"
  | "integrationId"
>;

/**
 * One WhatsApp message into the inbox (runs in the company's hub, one at a time): idempotent on its WhatsApp id,
 * contact upserted, ticket found or opened, media to R2, message and ticket counters written together, agents
 * told, then the rating reply or the chatbot when the ticket is waiting without an agent.
 */
export async function ingestMessage(ctx: SystemCtx, conn: InboundConnection, m: BridgeInboundMessage): Promise<{ ticketId: number } | null> {
  // One round trip: is it a redelivery, who is the contact, and the contact's live (or latest) ticket here.
  const { number } = identityOf(m);
  const [knownRows, found, latestRows] = await ctx.db.batch([
    ctx.db.select({ id: messages.id }).from(messages).where(and(eq(messages.companyId, ctx.companyId), eq(messages.wid, m.id))).limit(1),
    candidateContacts(ctx, m),
    latestTicketByNumber(ctx, number, conn.id),
  ]);
  if (knownRows.length > 0) return null;

  const { contact, changed: contactChanged } = await upsertInboundContact(ctx, m, found);
  const incoming = !m.fromMe;
  // Found by its LID under another number: its tickets are filed under the contact, not this number.
  const latest = contact.number === number ? latestRows[0] : await latestTicketOfContact(ctx, contact.id, conn.id);

  let ticket: InboundTicket;
  let before: TicketScope | null = null;
  let opened = false;
  let rating: "rating" | "ratingRepeat" | null = null;

  if (latest && isLive(latest)) {
    ticket = latest;
    before = scopeOf(ticket);
  } else {
    const last = latest;
    rating = last && incoming && !contact.isGroup ? await awaitingRating(ctx, last.id) : null;
    if (last && rating) {
      ticket = last;
      before = scopeOf(last);
    } else if (last) {
      before = scopeOf(last);
      ticket = await returnToPending(ctx, last, conn.id);
      opened = true;
    } else {
      const created = await openTicket(ctx, { contactId: contact.id, isGroup: contact.isGroup, whatsappId: conn.id, userId: null, queueId: null, status: "pending" });
      ticket = await loadInboundTicket(ctx, created.id);
      opened = true;
    }
  }

  const media = await storeInboundMedia(ctx, m);
  const quoted = m.quotedId
    ? await ctx.db.select({ id: messages.id }).from(messages).where(and(eq(messages.companyId, ctx.companyId), eq(messages.wid, m.quotedId))).get()
    : undefined;
  const now = new Date();
  const countsUnread = incoming && ticket.status !== "closed";
  // A reply that rates the service says so on the message itself: the chat shows it as the contact's rating.
  const rate = rating ? rateOf(m.body) : null;
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(messages)
      .values(inboundMessageValues(ctx.companyId, m, { ticketId: ticket.id, contactId: contact.id, queueId: ticket.queueId, media, quotedMsgId: quoted?.id, now, rate }))
      .onConflictDoNothing()
      .returning({ id: messages.id }),
    ctx.db
      .update(tickets)
      .set({
        lastMessage: previewOf(m),
        fromMe: m.fromMe,
        updatedAt: now,
        ...(countsUnread && { unreadMessages: sql`${tickets.unreadMessages} + 1` }),
      })
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticket.id))),
    ctx.db.update(contacts).set({ lastInteractionAt: now }).where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.id, contact.id))),
  ]);
  const messageId = inserted[0]?.id;
  if (messageId === undefined) return null;

  await announce(ctx, ticket.id, before, messageId, contactChanged ? contact.id : null);
  await afterContactMessage(ctx, { connectionId: conn.id, contact, m });

  if (rating) {
    const outcome = await answerRating(ctx, { ticketId: ticket.id, userId: ticket.userId, body: m.body, prompt: rating, conn });
    if (outcome !== "gave-up") return { ticketId: ticket.id };
    const closed = scopeOf(ticket);
    ticket = await returnToPending(ctx, ticket, conn.id);
    await ctx.db.update(tickets).set({ unreadMessages: 1 }).where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticket.id)));
    await announce(ctx, ticket.id, closed, null, null);
    opened = true;
  }

  let takeover = takeoverOf(m, contact, ticket);
  if (chatbotAnswers(m, contact, ticket)) {
    const scope = scopeOf(ticket);
    const { ticketChanged, takeoverNext } = await runChatbot(ctx, { conn, ticket, body: m.body, opened });
    if (ticketChanged) await announce(ctx, ticket.id, scope, null, null);
    takeover = takeoverNext ? takeoverOf(m, contact, ticket) : null;
  }
  if (takeover) await queueTakeoverTurns(ctx, [{ kind: takeover, ticketId: ticket.id, messageId }]);
  return { ticketId: ticket.id };
}

/** The new message to its open chats, the ticket to every list that shows (or showed) it, the contact if it changed. */
export async function announce(ctx: SystemCtx, ticketId: number, before: TicketScope | null, messageId: number | null, changedContactId: number | null) {
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
  }
  deliveries.push(ticketUpdateDelivery(before, ticket, settings));
  await ctx.hub.publish(deliveries);
  if (changedContactId !== null) {
    const view = await loadContactView(ctx.db, ctx.companyId, changedContactId);
    if (view) await publishContact(ctx, "update", view);
  }
}
