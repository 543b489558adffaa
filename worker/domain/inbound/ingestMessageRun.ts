import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { BridgeInboundMessage } from "../../contracts/bridge";
import type { Delivery } from "../../contracts/ws";
import { inList } from "../../db/inList";
import { contactCloudIds, contacts, messages, tickets } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { messagesQuery, presentMessageRow } from "../messages/presentMessage";
import { presentTickets, ticketsQuery } from "../tickets/presentTicket";
import { scopeOf, ticketUpdateDelivery, visibilitySettings } from "../tickets/ticketEvents";
import type { TicketScope } from "../tickets/visibility";
import { contactPatchOf, identityOf, inboundContactColumns, type InboundContact } from "./inboundContact";
import { inboundMessageValues, previewOf } from "./inboundMessageRow";
import { inboundTicketColumns, type InboundTicket } from "./inboundTicket";
import { ingestMessage, type InboundConnection } from "./ingestMessage";
import { chatbotAnswers } from "../chatbot/runChatbot";
import { nextTurn } from "../../lib/serialQueue";
import { afterContactMessages, type ContactMessage } from "./contactMessageRules";
import { raiseMessageCreated, raiseTicketChange } from "../publicApi/raiseChanges";

/**
 * At most this many messages are read together. Sized when the look-ups bound one parameter per message under
 * D1's 100; they now bind each list as one (db/inList), so this only bounds the size of a run's batch.
 */
export const RUN_LIMIT = 40;

/** A message the run writes itself: a known contact and its live ticket; then the rules it sets off. */
interface Plain {
  m: BridgeInboundMessage;
  contact: InboundContact;
  ticket: InboundTicket;
  /** The ticket waits without an agent: once the message is written, the chatbot may answer it. */
  botTurn: boolean;
}

/**
 * Consecutive messages of one connection from a batch of the session host, as they come in bulk: the run reads
 * what it needs for all of them in one round trip, writes the plain ones (a known contact writing on its live
 * ticket) in one more, announces them with one read, then runs the rules they set off (contactMessageRules: a
 * campaign reply, the chatbot's turn on a ticket waiting without an agent — a sender's next message waits for
 * that turn —, the assistant's or an integration's). Any other message (a new contact or ticket,
 * media, a quote, a rating, a changed name) goes through ingestMessage on its own, after everything before it is
 * written, so the conversation keeps its order; later messages of the same sender then take that path too, since
 * it may have changed their ticket, as do those of a sender whose ticket the chatbot changed.
 */
export async function ingestMessageRun(ctx: SystemCtx, conn: InboundConnection, run: BridgeInboundMessage[]): Promise<void> {
  if (run.length > RUN_LIMIT) throw new Error(`a run holds at most ${RUN_LIMIT} messages`);
  const { known, contactsFound, liveTickets, cloudIds } = await lookAhead(ctx, conn, run);

  const seen = new Set(known);
  const takenBySlowPath = new Set<string>();
  /** Senders with a chatbot turn among the pending messages: their next message waits for that turn. */
  const botTurnPending = new Set<string>();
  let pending: Plain[] = [];
  const flush = async () => {
    const batch = pending;
    pending = [];
    botTurnPending.clear();
    for (const number of await writePlain(ctx, conn, batch)) takenBySlowPath.add(number);
  };

  for (const m of run) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    const { number, lid } = identityOf(m);
    if (botTurnPending.has(number)) await flush();
    const taken = takenBySlowPath.has(number) || (lid !== null && takenBySlowPath.has(lid));
    const plain = taken ? null : plainMessage(m, contactsFound, liveTickets.get(number), cloudIds);
    if (plain) {
      pending.push(plain);
      if (plain.botTurn) botTurnPending.add(number);
      continue;
    }
    await flush();
    takenBySlowPath.add(number);
    if (lid) takenBySlowPath.add(lid);
    // A new contact or ticket is the heavy path: each one its own turn, so a burst of them never blocks reads.
    await nextTurn();
    await ingestMessage(ctx, conn, m);
  }
  await flush();
}

/** One round trip: which messages are redeliveries, who the senders are, and their live tickets on this connection. */
async function lookAhead(ctx: SystemCtx, conn: InboundConnection, run: BridgeInboundMessage[]) {
  const identities = run.map(identityOf);
  const numbers = [...new Set(identities.map((i) => i.number))];
  const lids = [...new Set(identities.flatMap((i) => (i.lid ? [i.lid] : [])))];
  const userIds = [...new Set(run.flatMap((m) => (m.userId ? [m.userId] : [])))];
  const [knownRows, contactsFound, ticketRows, cloudIdRows] = await ctx.db.batch([
    ctx.db
      .select({ wid: messages.wid })
      .from(messages)
      .where(and(eq(messages.companyId, ctx.companyId), inList(messages.wid, [...new Set(run.map((m) => m.id))]))),
    ctx.db
      .select(inboundContactColumns)
      .from(contacts)
      .where(and(eq(contacts.companyId, ctx.companyId), lids.length > 0 ? or(inList(contacts.number, numbers), inList(contacts.lid, lids)) : inList(contacts.number, numbers))),
    ctx.db
      .select({ ...inboundTicketColumns, number: contacts.number })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(
        and(
          eq(tickets.companyId, ctx.companyId),
          eq(contacts.companyId, ctx.companyId),
          inList(contacts.number, numbers),
          eq(tickets.whatsappId, conn.id),
          inArray(tickets.status, ["open", "pending"]),
        ),
      )
      .orderBy(desc(tickets.updatedAt), desc(tickets.id)),
    ctx.db
      .select({ userId: contactCloudIds.userId, contactId: contactCloudIds.contactId, username: contactCloudIds.username })
      .from(contactCloudIds)
      .where(and(eq(contactCloudIds.companyId, ctx.companyId), eq(contactCloudIds.whatsappId, conn.id), inList(contactCloudIds.userId, userIds))),
  ]);
  const liveTickets = new Map<string, InboundTicket>();
  for (const { number, ...ticket } of ticketRows) if (!liveTickets.has(number)) liveTickets.set(number, ticket);
  const cloudIds = new Map(cloudIdRows.map((r) => [r.userId, r]));
  return { known: knownRows.map((r) => r.wid).filter((w): w is string => w !== null), contactsFound, liveTickets, cloudIds };
}

/** The message as a plain one, or null when it needs ingestMessage (see ingestMessageRun). */
function plainMessage(
  m: BridgeInboundMessage,
  found: InboundContact[],
  ticket: InboundTicket | undefined,
  cloudIds: Map<string, { contactId: number; username: string | null }>,
): Plain | null {
  if (!ticket || m.media || m.quotedId) return null;
  const { number, lid } = identityOf(m);
  const mine = found.filter((c) => c.number === number || (lid !== null && c.lid === lid));
  const { existing: contact, patch } = contactPatchOf(m, mine);
  if (!contact || contact.number !== number || Object.keys(patch).length > 0) return null;
  // A business-scoped id the connection does not know the contact by yet (or a new username): ingestMessage keeps it.
  const cloudId = m.userId ? cloudIds.get(m.userId) : undefined;
  if (m.userId && (cloudId?.contactId !== contact.id || cloudId.username !== (m.username ?? null))) return null;
  return { m, contact, ticket, botTurn: chatbotAnswers(m, contact, ticket) };
}

/**
 * The plain messages in one round trip (rows, ticket counters, contacts' last interaction), one announcement, then
 * the rules they set off, in order (afterContactMessages, which both paths call). Answers the senders whose ticket
 * a rule changed: what the run read of it no longer holds.
 */
async function writePlain(ctx: SystemCtx, conn: InboundConnection, plain: Plain[]): Promise<string[]> {
  if (plain.length === 0) return [];
  const now = new Date();
  const byTicket = new Map<number, { ticket: InboundTicket; last: BridgeInboundMessage; unread: number; wroteAt?: Date }>();
  const contactIds = new Set<number>();
  const writes: BatchItem<"sqlite">[] = [];
  for (const { m, contact, ticket } of plain) {
    writes.push(
      ctx.db
        .insert(messages)
        .values(inboundMessageValues(ctx.companyId, m, { ticketId: ticket.id, contactId: contact.id, queueId: ticket.queueId, now }))
        .onConflictDoNothing()
        .returning({ id: messages.id }),
    );
    const entry = byTicket.get(ticket.id) ?? { ticket, last: m, unread: 0 };
    entry.last = m;
    if (!m.fromMe) entry.wroteAt = new Date(m.timestamp);
    // Live tickets only reach this path, so every message from the contact counts as unread.
    if (!m.fromMe) entry.unread++;
    byTicket.set(ticket.id, entry);
    contactIds.add(contact.id);
  }
  for (const [ticketId, { last, unread, wroteAt }] of byTicket) {
    writes.push(
      ctx.db
        .update(tickets)
        .set({
          lastMessage: previewOf(last),
          fromMe: last.fromMe,
          updatedAt: now,
          ...(unread > 0 && { unreadMessages: sql`${tickets.unreadMessages} + ${unread}` }),
          ...(wroteAt && { customerWroteAt: wroteAt }),
        })
        .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId))),
    );
  }
  writes.push(ctx.db.update(contacts).set({ lastInteractionAt: now }).where(and(eq(contacts.companyId, ctx.companyId), inList(contacts.id, [...contactIds]))));
  const results = (await ctx.db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  const messageIds = results.slice(0, plain.length).flatMap((rows) => (rows as { id: number }[]).map((r) => r.id));
  const before = new Map([...byTicket].map(([id, { ticket }]) => [id, scopeOf(ticket)]));
  await announceRun(ctx, messageIds, before);
  // The rules a contact's new message sets off, in arrival order; a message stored before (a redelivery) is not new.
  const stored: ContactMessage[] = plain.flatMap(({ m, contact, ticket }, i) => {
    const id = (results[i] as { id: number }[])[0]?.id;
    return id === undefined ? [] : [{ m, contact, ticket, messageId: id, opened: false, rating: null }];
  });
  const changed = await afterContactMessages(ctx, conn, stored);
  return changed.map((msg) => identityOf(msg.m).number);
}

/** The new messages to their open chats and each ticket, once, to every list that shows it. */
async function announceRun(ctx: SystemCtx, messageIds: number[], before: Map<number, TicketScope>) {
  // Nothing new when every row was already there (a redelivery racing this run): nothing to tell.
  if (messageIds.length === 0) return;
  const [ticketRows, messageRows] = await ctx.db.batch([
    ticketsQuery(ctx.db, and(eq(tickets.companyId, ctx.companyId), inList(tickets.id, [...before.keys()]))),
    messagesQuery(ctx.db, and(eq(messages.companyId, ctx.companyId), inList(messages.id, messageIds))!),
  ]);
  const settings = await visibilitySettings(ctx);
  const presented = new Map(presentTickets(ticketRows).map((t) => [t.id, t]));
  const deliveries: Delivery[] = [];
  for (const row of messageRows) {
    const ticket = presented.get(row.ticketId);
    if (!ticket) continue;
    deliveries.push({
      audience: { kind: "chatBox", ticketId: ticket.id, ticket: scopeOf(ticket), settings },
      event: { type: "appMessage", action: "create", message: presentMessageRow(row) },
    });
    raiseMessageCreated(ctx, presentMessageRow(row), ticket);
  }
  for (const [id, scope] of before) {
    const ticket = presented.get(id);
    if (!ticket) continue;
    deliveries.push(ticketUpdateDelivery(scope, ticket, settings));
    raiseTicketChange(ctx, scope, ticket);
  }
  await ctx.hub.publish(deliveries);
}
