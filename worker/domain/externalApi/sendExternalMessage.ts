import { and, eq } from "drizzle-orm";
import { contacts, tickets, whatsapps } from "../../db/tenant";
import type { AnyCtx, SystemCtx } from "../context";
import { AppError } from "../errors";
import type { ExternalSendCommand, ExternalSendResult } from "../../contracts/externalApi";
import { storeOutboundMessage } from "../messages/storeOutboundMessage";
import { findLiveTicket } from "../tickets/findOpenTicket";
import { openTicket } from "../tickets/openTicket";
import { loadTicket } from "../tickets/presentTicket";
import { publishTicketUpdate, scopeOf } from "../tickets/ticketEvents";
import { trackingRow } from "../tickets/tracking";

export type { ExternalSendCommand, ExternalSendResult };

/**
 * An integration sends through a connection (POST /api/messages/send). Runs in the company's hub, like every
 * ticket write: the contact is found or created by number, its live ticket on that connection is reused, or a
 * pending one without an agent is opened (agents see it under "Aguardando"). Each file is its own message,
 * the text goes with the first. With `closeTicket`, the ticket is then closed silently (no completion message:
 * the integration said what it meant to say).
 */
export async function sendExternalMessage({ ctx, input }: { ctx: SystemCtx; input: ExternalSendCommand }): Promise<ExternalSendResult> {
  const connection = await ctx.db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.id, input.whatsappId), eq(whatsapps.companyId, ctx.companyId)))
    .get();
  // The token was revoked or the connection deleted between the route's check and this turn of the hub.
  if (!connection) throw new AppError("ERR_INVALID_API_TOKEN");

  const contact = await upsertContact(ctx, input.number);
  const live = await findLiveTicket(ctx.db, ctx.companyId, contact.id, connection.id);
  const ticketId =
    live?.id ??
    (await openTicket(ctx, { contactId: contact.id, isGroup: false, whatsappId: connection.id, userId: null, queueId: null, status: "pending" })).id;

  const text = input.body.trim() ? input.body : "";
  const sent = [];
  if (input.media.length === 0) {
    sent.push((await storeOutboundMessage(ctx, ticketId, { body: text })).message);
  }
  for (const [i, file] of input.media.entries()) {
    const { message } = await storeOutboundMessage(ctx, ticketId, {
      body: i === 0 ? text : "",
      mediaType: file.mediaType,
      mediaUrl: file.key,
      mediaName: file.name,
    });
    sent.push(message);
  }

  if (input.closeTicket) await closeQuietly(ctx, ticketId);
  const ticket = (await loadTicket(ctx.db, ctx.companyId, ticketId))!;
  return {
    contact: { id: contact.id, name: contact.name, number: contact.number },
    ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, createdNow: !live },
    messages: sent.map((m) => ({ id: m.id, body: m.body, mediaType: m.mediaType, mediaName: m.mediaName, ack: m.ack, createdAt: m.createdAt })),
  };
}

/** The contact with this number, created with the number (or the given name) as its name when it is new (as inbound does). */
export async function upsertContact(ctx: AnyCtx, number: string, name = number) {
  const columns = { id: contacts.id, name: contacts.name, number: contacts.number };
  const mine = and(eq(contacts.companyId, ctx.companyId), eq(contacts.number, number));
  const existing = await ctx.db.select(columns).from(contacts).where(mine).get();
  if (existing) return existing;
  const now = new Date();
  const [inserted] = await ctx.db
    .insert(contacts)
    .values({ companyId: ctx.companyId, name: name || number, number, isGroup: false, lastInteractionAt: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning(columns);
  if (inserted) return inserted;
  // Lost a race with an agent creating the same contact outside the hub: use theirs.
  const raced = await ctx.db.select(columns).from(contacts).where(mine).get();
  if (!raced) throw new Error(`external contact ${number} vanished`);
  return raced;
}

/** Closes a ticket as the system does (history row, agents told), without the completion message. */
async function closeQuietly(ctx: SystemCtx, ticketId: number) {
  const before = await ctx.db
    .select({ status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup, whatsappId: tickets.whatsappId })
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId)))
    .get();
  if (!before || before.status === "closed") return;
  const now = new Date();
  await ctx.db.batch([
    ctx.db
      .update(tickets)
      .set({ status: "closed", chatbot: false, updatedAt: now })
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId))),
    trackingRow(ctx, ticketId, "close", scopeOf(before), { ...scopeOf(before), status: "closed", whatsappId: before.whatsappId }, now),
  ]);
  await publishTicketUpdate(ctx, scopeOf(before), (await loadTicket(ctx.db, ctx.companyId, ticketId))!);
}
