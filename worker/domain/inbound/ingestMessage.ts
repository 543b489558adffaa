import { and, eq, sql } from "drizzle-orm";
import type { BridgeInboundMessage } from "../../contracts/bridge";
import { contacts, messages, tickets } from "../../db/tenant";
import { rateOf } from "../chatbot/rating";
import type { SystemCtx } from "../context";
import { openTicket } from "../tickets/openTicket";
import { scopeOf } from "../tickets/ticketEvents";
import type { TicketScope } from "../tickets/visibility";
import { announce } from "./announce";
import { afterContactMessages, landingOf, type ContactMessage, type InboundConnection } from "./contactMessageRules";
import { candidateContacts, identityOf, rememberCloudId, upsertInboundContact } from "./inboundContact";
import { inboundMessageValues, previewOf, storeInboundMedia } from "./inboundMessageRow";
import { isLive, latestTicketByNumber, latestTicketOfContact, loadInboundTicket, returnToPending, type InboundTicket } from "./inboundTicket";

export { announce } from "./announce";

export type { InboundConnection } from "./contactMessageRules";

/**
 * One WhatsApp message into the inbox (runs in the company's hub, one at a time): idempotent on its WhatsApp id,
 * contact upserted, its live ticket, or where the rules land it (contactMessageRules.landingOf), media to R2,
 * message and ticket counters written together, agents told, then the rules a contact's message sets off.
 */
export async function ingestMessage(ctx: SystemCtx, conn: InboundConnection, m: BridgeInboundMessage): Promise<{ ticketId: number } | null> {
  // One round trip: is it a redelivery, who is the contact, and the contact's live (or latest) ticket here.
  const { number } = identityOf(m);
  const [knownRows, found, latestRows] = await ctx.db.batch([
    ctx.db.select({ id: messages.id }).from(messages).where(and(eq(messages.companyId, ctx.companyId), eq(messages.wid, m.id))).limit(1),
    candidateContacts(ctx, m, conn.id),
    latestTicketByNumber(ctx, number, conn.id),
  ]);
  if (knownRows.length > 0) return null;

  const upserted = await upsertInboundContact(ctx, m, found);
  const { contact, changed: contactChanged } = upserted;
  await rememberCloudId(ctx, conn.id, contact.id, m);
  const incoming = !m.fromMe;
  // Found by its LID or business-scoped id under another number (the number it has now, maybe, given just now):
  // its tickets are filed under the contact, not under this number.
  const known = found.find((c) => c.id === contact.id);
  const latest = !known || known.number === number ? latestRows[0] : await latestTicketOfContact(ctx, contact.id, conn.id);

  let ticket: InboundTicket;
  let before: TicketScope | null = null;
  let opened = false;
  let rating: ContactMessage["rating"] = null;
  let campaign: ContactMessage["campaign"];

  if (latest && isLive(latest)) {
    ticket = latest;
    before = scopeOf(ticket);
  } else {
    // No live ticket: the rules say where the message lands (contactMessageRules).
    const landing = await landingOf(ctx, { connectionId: conn.id, contact, m, latest });
    campaign = "campaign" in landing ? landing.campaign : undefined;
    if (landing.kind === "rating") {
      ticket = landing.ticket;
      before = scopeOf(ticket);
      rating = landing.prompt;
    } else if (landing.kind === "kept" && landing.ticket) {
      ticket = landing.ticket;
      before = scopeOf(ticket);
    } else if (landing.kind === "reopen") {
      before = scopeOf(landing.ticket);
      ticket = await returnToPending(ctx, landing.ticket, conn.id);
      opened = true;
    } else {
      // An opt-out from a contact with no ticket here (theirs was deleted): kept out of the lists as a campaign's is.
      const kept = landing.kind === "kept";
      const created = await openTicket(ctx, { contactId: contact.id, isGroup: contact.isGroup, whatsappId: conn.id, userId: null, queueId: null, status: kept ? "closed" : "pending", outreach: kept });
      ticket = await loadInboundTicket(ctx, created.id);
      opened = !kept;
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
        ...(!m.fromMe && { customerWroteAt: new Date(m.timestamp) }),
        ...(countsUnread && { unreadMessages: sql`${tickets.unreadMessages} + 1` }),
      })
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticket.id))),
    ctx.db.update(contacts).set({ lastInteractionAt: now }).where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.id, contact.id))),
  ]);
  const messageId = inserted[0]?.id;
  if (messageId === undefined) return null;

  await announce(ctx, ticket.id, before, messageId, contactChanged ? contact.id : null, !ticket.outreach, upserted.created === true);
  await afterContactMessages(ctx, conn, [{ m, contact, ticket, messageId, opened, rating, campaign }]);
  return { ticketId: ticket.id };
}
